package cli

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSecondInterruptQuits interrupts a real cardsim process in a step that
// does not stop by itself (a deal under way whose decisions each run ten
// million tree-search iterations): the first SIGINT leaves it running, the
// second ends it at once with status 130.
func TestSecondInterruptQuits(t *testing.T) {
	t.Parallel()
	bin := cardsimBinary(t)
	cmd := exec.Command(bin, "run", "nora", "--strategy", "ismcts", "--param", "budget=10000000", "--games", "2", "--workers", "1", "-q")
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+t.TempDir())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	time.Sleep(500 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGINT)
	select {
	case err := <-exited:
		t.Fatalf("the first interrupt ended the step it cannot stop: %v, %s", err, stderr.String())
	case <-time.After(time.Second):
	}
	cmd.Process.Signal(syscall.SIGINT)
	select {
	case err := <-exited:
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 130 || !strings.Contains(stderr.String(), "interrupted twice") {
			t.Errorf("after two interrupts: %v, stderr %q; want status 130", err, stderr.String())
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the second interrupt did not quit")
	}
}

// TestUnknownCommandSuggestions: an unknown command is told on its own
// line, cobra's "Did you mean this?" on lines of their own with each
// command indented, as gh prints them (they were squashed onto one line),
// then where the commands are listed.
func TestUnknownCommandSuggestions(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"rn"}, "cardsim: unknown command \"rn\" for \"cardsim\"\n\nDid you mean this?\n\trun\n\nRun 'cardsim --help' for usage.\n"},
		{[]string{"sweeep", "nora"}, "cardsim: unknown command \"sweeep\" for \"cardsim\"\n\nDid you mean this?\n\tsweep\n\nRun 'cardsim --help' for usage.\n"},
		{[]string{"poker"}, "cardsim: unknown command \"poker\" for \"cardsim\"\nRun 'cardsim --help' for usage.\n"},
	} {
		code, out, errs := run(t, tt.args...)
		if code != 1 || out != "" || errs != tt.want {
			t.Errorf("cardsim %v: exit %d, stdout %q, stderr\n%s\nwant\n%s", tt.args, code, out, errs, tt.want)
		}
	}
}
