package cli

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// readmeDealScale is the share of their deals the README's commands play in
// TestREADMECommands: a million deals become a thousand.
const readmeDealScale = "0.001"

// shellCommand is a command of a README shell block: its text (a line, or
// a here-document with its lines) and the README line it starts on.
type shellCommand struct {
	line int
	text string
}

// readmeCommands returns the commands of the shell blocks of a README, in
// order, and the developer's commands left out (make and .ci/run: CI runs
// them itself).
func readmeCommands(text string) (cmds, skipped []shellCommand) {
	in := false
	var heredoc *shellCommand
	end := ""
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case heredoc != nil:
			heredoc.text += "\n" + line
			if strings.TrimSpace(line) == end {
				cmds = append(cmds, *heredoc)
				heredoc = nil
			}
		case !in:
			in = strings.TrimSpace(line) == "```sh"
		case strings.HasPrefix(line, "```"):
			in = false
		case strings.TrimSpace(line) == "":
		case strings.HasPrefix(line, "make ") || strings.HasPrefix(line, ".ci/"):
			skipped = append(skipped, shellCommand{n, line})
		case strings.Contains(line, "<<'"):
			_, rest, _ := strings.Cut(line, "<<'")
			end, _, _ = strings.Cut(rest, "'")
			heredoc = &shellCommand{n, line}
		default:
			cmds = append(cmds, shellCommand{n, line})
		}
	}
	return cmds, skipped
}

func TestReadmeCommands(t *testing.T) {
	cmds, skipped := readmeCommands("intro\n```sh\nmake run   # x\n```\n```sh\ngo build -o bin/cardsim ./cmd/cardsim\n\nbin/cardsim games  # list\n" +
		"cat >p.yaml <<'EOF'   # a file\ngame: nora\nEOF\nbin/cardsim sweep --plan p.yaml\n```\n```yaml\nnot: run\n```\n")
	want := []shellCommand{{6, "go build -o bin/cardsim ./cmd/cardsim"}, {8, "bin/cardsim games  # list"},
		{9, "cat >p.yaml <<'EOF'   # a file\ngame: nora\nEOF"}, {12, "bin/cardsim sweep --plan p.yaml"}}
	if len(cmds) != len(want) || len(skipped) != 1 || skipped[0].line != 3 {
		t.Fatalf("commands %+v, skipped %+v", cmds, skipped)
	}
	for i := range want {
		if cmds[i] != want[i] {
			t.Errorf("command %d: %+v, want %+v", i, cmds[i], want[i])
		}
	}
}

// TestREADMECommands runs every command of the README's shell blocks, as
// written, in a directory of its own that make run has written into first
// (the tour must work after it: its output directories must not collide
// with make run's), with every command's deals scaled down by
// CARDSIM_DEAL_SCALE. A command that fails fails the test with its README
// line, so the README cannot drift from the tool.
func TestREADMECommands(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	// The directory holds the module (its files linked), so that the
	// README's go build line builds bin/cardsim in it.
	dir := t.TempDir()
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if name := e.Name(); name == "go.mod" || name == "go.sum" || (e.IsDir() && !strings.HasPrefix(name, ".") && name != "bin" && name != "out") {
			if err := os.Symlink(filepath.Join(root, name), filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
		}
	}
	env := append(os.Environ(), DealScaleEnv+"="+readmeDealScale)
	sh := func(c shellCommand, what string) {
		t.Helper()
		cmd := exec.Command(bash, "-c", "set -eo pipefail\n"+c.text)
		cmd.Dir, cmd.Env = dir, env
		start := time.Now()
		out, err := cmd.CombinedOutput()
		if took := time.Since(start); took > 10*time.Second {
			t.Logf("%s line %d took %v: %s", what, c.line, took.Round(time.Second), c.text)
		}
		if err != nil {
			tail := string(out)
			if len(tail) > 2000 {
				tail = "…" + tail[len(tail)-2000:]
			}
			t.Fatalf("%s line %d: %s\n%v\n%s", what, c.line, c.text, err, tail)
		}
	}
	// make run first, as the Makefile has it (make -n prints its commands).
	makeRun, err := exec.Command("make", "-s", "-n", "-C", root, "run").Output()
	if err != nil {
		t.Fatalf("make -n run: %v", err)
	}
	for i, line := range strings.Split(strings.TrimSpace(string(makeRun)), "\n") {
		sh(shellCommand{i + 1, line}, "make run")
	}
	cmds, skipped := readmeCommands(string(readme))
	for _, c := range skipped {
		t.Logf("README line %d left to CI: %s", c.line, c.text)
	}
	if len(cmds) < 50 {
		t.Fatalf("%d commands in the README's shell blocks: the blocks were not found", len(cmds))
	}
	for _, c := range cmds {
		sh(c, "README")
	}
	t.Logf("%d commands of the README run after make run", len(cmds))
}
