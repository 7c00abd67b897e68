package buildinfo

import (
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/cardsim/cardsim/sim"
)

func TestFromBuildInfo(t *testing.T) {
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
		if got := FromBuildInfo(tt.bi).String(); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
	}
}
