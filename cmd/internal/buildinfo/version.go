package buildinfo

import (
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/cardsim/cardsim/sim"
)

// Version describes the build of the running program: cardsim's own
// version, the module version the Go tool stamped, and the commit of the
// source it was built from.
type Version struct {
	Cardsim  string `json:"cardsim"`  // sim.Version: the version outputs record
	Module   string `json:"module"`   // such as v0.3.0, or (devel) for a build from a working tree
	Commit   string `json:"commit"`   // the VCS revision, "" when unknown
	Time     string `json:"time"`     // the commit's time, RFC 3339, "" when unknown
	Modified bool   `json:"modified"` // the tree held changes not committed
	Go       string `json:"go"`
	Platform string `json:"platform"` // GOOS/GOARCH
}

// stampedCommit is the commit of a build made without version control
// information (such as the Docker image, whose context leaves out .git),
// set by the linker: go build -ldflags "-X
// github.com/cardsim/cardsim/cmd/internal/buildinfo.stampedCommit=$(git rev-parse HEAD)".
// deploy/Dockerfile passes its build argument COMMIT so.
var stampedCommit string

// Read returns the version of the running program from its build
// information.
func Read() Version {
	bi, _ := debug.ReadBuildInfo()
	return FromBuildInfo(bi)
}

// FromBuildInfo returns the version that bi describes. bi may be nil (a
// binary built without module support): the module version is then
// "(devel)", as the Go tool writes it for a build from a working tree.
func FromBuildInfo(bi *debug.BuildInfo) Version {
	v := Version{Cardsim: sim.Version, Module: "(devel)", Commit: stampedCommit, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi == nil {
		return v
	}
	if bi.Main.Version != "" {
		v.Module = bi.Main.Version
	}
	if bi.GoVersion != "" {
		v.Go = bi.GoVersion
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Commit = s.Value
		case "vcs.time":
			v.Time = s.Value
		case "vcs.modified":
			v.Modified = s.Value == "true"
		}
	}
	return v
}

// String writes v on one line, such as
// "0.2.0 (module v0.2.0, commit 4bd7fb9d76bc of 2025-11-22T20:43:00Z, go1.26.0 linux/amd64)".
func (v Version) String() string {
	parts := []string{"module " + v.Module}
	if v.Commit != "" {
		c := "commit " + v.Commit[:min(len(v.Commit), 12)]
		if v.Time != "" {
			c += " of " + v.Time
		}
		if v.Modified {
			c += ", modified"
		}
		parts = append(parts, c)
	}
	parts = append(parts, v.Go+" "+v.Platform)
	return v.Cardsim + " (" + strings.Join(parts, ", ") + ")"
}
