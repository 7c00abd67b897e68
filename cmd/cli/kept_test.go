package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"testing"
)

// failingOut is a stdout that fails every write, as a closed pipe or a
// full disk makes it.
type failingOut struct{}

func (failingOut) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestNothingLostWhenStdoutFails: a comparison whose figures cannot be
// printed once every deal is played keeps the deals it played and says
// where; the same command given them with --checkpoint and --resume prints
// what a run that never failed prints, without playing again.
func TestNothingLostWhenStdoutFails(t *testing.T) {
	t.Chdir(t.TempDir())
	args := []string{"run", "nora", "--strategies", "cautious,rescuer", "--games", "600", "--seed", "3", "-q", "--format", "json"}
	var errw bytes.Buffer
	code := NewFactory(strings.NewReader(""), failingOut{}, &errw).execute(context.Background(), args)
	m := regexp.MustCompile(`no space left on device; the 600 deals played are kept in "([^"]+)": the same command with --checkpoint "[^"]+" --resume`).FindStringSubmatch(errw.String())
	if code != 1 || m == nil {
		t.Fatalf("stdout failing: exit %d, %q; want where the deals are kept", code, errw.String())
	}
	want := mustRun(t, args...)
	code, got, errs := run(t, append(args, "--checkpoint", m[1], "--resume")...)
	if code != 0 || volatile.ReplaceAllString(got, "") != volatile.ReplaceAllString(want, "") {
		t.Errorf("resumed from %s: exit %d, %s; want the figures of a run that never failed", m[1], code, errs)
	}
}

// TestConfidenceBeyondFloats: a confidence level so close to 1 that its
// quantile is infinite (every interval NaN, found once every deal was
// played) is refused before a deal is played; the highest level taken
// gives finite intervals that write as JSON, in a solitaire and in games
// of several players.
func TestConfidenceBeyondFloats(t *testing.T) {
	code, _, errs := run(t, "run", "nora", "--games", "2000", "--confidence", "0.9999999999999999", "--format", "json", "-q")
	if code != 1 || !strings.Contains(errs, "--confidence 0.9999999999999999: want a level above 0 and at most 0.999999") {
		t.Errorf("exit %d, %q; want the level refused", code, errs)
	}
	for _, args := range [][]string{
		{"run", "nora", "--games", "300"},
		{"run", "spite", "--strategies", "greedy,planner", "--games", "60"},
		{"run", "roundup", "--games", "60"},
	} {
		out := mustRun(t, append(args, "--confidence", "0.999999", "--format", "json", "-q")...)
		var v map[string]any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Errorf("%v at 0.999999: %v", args, err)
		}
	}
}
