package cli

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/sim"
)

func TestBuildVersion(t *testing.T) {
	platform := runtime.GOOS + "/" + runtime.GOARCH
	tests := []struct {
		name string
		bi   *debug.BuildInfo
		want string
	}{
		{"no build information", nil, sim.Version + " (module (devel), " + runtime.Version() + " " + platform + ")"},
		{"a working tree without VCS stamps", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: "github.com/cardsim/cardsim", Version: "(devel)"}},
			sim.Version + " (module (devel), go1.26.0 " + platform + ")"},
		{"go install at a tag", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v0.3.0"}},
			sim.Version + " (module v0.3.0, go1.26.0 " + platform + ")"},
		{"a commit with changes", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v0.0.0-20251122204300-4bd7fb9d76bc+dirty"},
			Settings: []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "4bd7fb9d76bc6906661821649917f15a229313fe"},
				{Key: "vcs.time", Value: "2025-11-22T20:43:00Z"}, {Key: "vcs.modified", Value: "true"}}},
			sim.Version + " (module v0.0.0-20251122204300-4bd7fb9d76bc+dirty, commit 4bd7fb9d76bc of 2025-11-22T20:43:00Z, modified, go1.26.0 " + platform + ")"},
		{"an empty module version", &debug.BuildInfo{GoVersion: "go1.26.0", Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}}},
			sim.Version + " (module (devel), commit abc, go1.26.0 " + platform + ")"},
	}
	for _, tt := range tests {
		if got := buildVersion(tt.bi).String(); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
	}
}

// TestVersionCommands: cardsim --version and cardsim version print the
// same line, and version --format json the same fields.
func TestVersionCommands(t *testing.T) {
	_, flag, _ := run(t, "--version")
	_, cmd, _ := run(t, "version")
	want := "cardsim " + ReadBuildVersion().String() + "\n"
	if flag != want || cmd != want {
		t.Errorf("--version %q, version %q, want %q", flag, cmd, want)
	}
	code, js, errs := run(t, "version", "--format", "json")
	var v BuildVersion
	if err := json.Unmarshal([]byte(js), &v); code != 0 || err != nil {
		t.Fatalf("exit %d, %v: %s", code, err, errs)
	}
	if v != ReadBuildVersion() || v.Cardsim != sim.Version || !strings.HasPrefix(v.Go, "go") {
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
	var v BuildVersion
	if err := json.Unmarshal(out, &v); err != nil || v.Commit != commit {
		t.Errorf("version of a stamped build: %s (%v); want commit %s", out, err, commit)
	}
}
