package cli

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/cmd/internal/buildinfo"
	"github.com/cardsim/cardsim/sim"
)

// TestVersionCommands: cardsim --version and cardsim version print the
// same line, and version --format json the same fields.
func TestVersionCommands(t *testing.T) {
	_, flag, _ := run(t, "--version")
	_, cmd, _ := run(t, "version")
	want := "cardsim " + buildinfo.Read().String() + "\n"
	if flag != want || cmd != want {
		t.Errorf("--version %q, version %q, want %q", flag, cmd, want)
	}
	code, js, errs := run(t, "version", "--format", "json")
	var v buildinfo.Version
	if err := json.Unmarshal([]byte(js), &v); code != 0 || err != nil {
		t.Fatalf("exit %d, %v: %s", code, err, errs)
	}
	if v != buildinfo.Read() || v.Cardsim != sim.Version || !strings.HasPrefix(v.Go, "go") {
		t.Errorf("version --format json = %+v", v)
	}
}

// TestStampedCommit: a build without version control information, as the
// Docker image is made, reports the commit deploy/Dockerfile stamps into
// it with the linker, by the variable the Dockerfile names.
func TestStampedCommit(t *testing.T) {
	t.Parallel()
	docker, err := os.ReadFile(filepath.Join("..", "..", "deploy", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`-X (\S+)=\$\{COMMIT\}`).FindSubmatch(docker)
	if m == nil {
		t.Fatal("deploy/Dockerfile stamps no commit")
	}
	const commit = "0123456789abcdef0123456789abcdef01234567"
	bin := buildCardsim(t, "-buildvcs=false", "-ldflags", "-X "+string(m[1])+"="+commit)
	out, err := exec.Command(bin, "version", "--format", "json").Output()
	if err != nil {
		t.Fatal(err)
	}
	var v buildinfo.Version
	if err := json.Unmarshal(out, &v); err != nil || v.Commit != commit {
		t.Errorf("version of a stamped build: %s (%v); want commit %s", out, err, commit)
	}
}
