package cli

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/cardsim/cardsim/reports"
)

// shared holds the directories of what tests make once and share, removed
// when the tests end.
var shared struct {
	mu   sync.Mutex
	dirs []string
}

func TestMain(m *testing.M) {
	// Charts as SVG only: a PNG at print resolution and a PDF cost about
	// a third of these tests' CPU. The tests that look for those files
	// set reports.ChartFormatsEnv back to every format.
	os.Setenv(reports.ChartFormatsEnv, "svg")
	code := m.Run()
	for _, d := range shared.dirs {
		os.RemoveAll(d)
	}
	os.Exit(code)
}

// sharedDir returns a new directory that lasts until the tests end.
func sharedDir() (string, error) {
	dir, err := os.MkdirTemp("", "cardsim-test-")
	if err == nil {
		shared.mu.Lock()
		shared.dirs = append(shared.dirs, dir)
		shared.mu.Unlock()
	}
	return dir, err
}

// binary is the cardsim command, built once for the tests that run it as a
// process of their own (interrupted by a signal, or several at once as a
// cluster would run them).
var binary struct {
	once sync.Once
	path string
	out  []byte
	err  error
}

// cardsimBinary returns the path of the cardsim command built from this
// tree, building it on the first call.
func cardsimBinary(t *testing.T) string {
	t.Helper()
	binary.once.Do(func() {
		dir, err := sharedDir()
		if binary.err = err; err != nil {
			return
		}
		binary.path = filepath.Join(dir, "cardsim")
		binary.out, binary.err = exec.Command("go", "build", "-o", binary.path, "github.com/cardsim/cardsim/cmd/cardsim").CombinedOutput()
	})
	if binary.err != nil {
		t.Fatalf("build: %v\n%s", binary.err, binary.out)
	}
	return binary.path
}

// noraReport is the report of Nora's studies at --scale 0.05, written once
// for the tests that read it: it builds Nora's optimal policy at every
// price its sweeps try (tens of seconds).
var noraReport struct {
	once     sync.Once
	dir, out string
	err      error
}

// noraReportDir returns the directory of Nora's report and what the
// command printed, writing it on the first call.
func noraReportDir(t *testing.T) (dir, stdout string) {
	t.Helper()
	noraReport.once.Do(func() {
		if noraReport.dir, noraReport.err = sharedDir(); noraReport.err != nil {
			return
		}
		var out, errw bytes.Buffer
		if code := Main([]string{"report", "--game", "nora", "--scale", "0.05", "--out", noraReport.dir, "-q"}, strings.NewReader(""), &out, &errw); code != 0 {
			noraReport.err = fmt.Errorf("report --game nora: exit %d: %s", code, errw.String())
		}
		noraReport.out = out.String()
	})
	if noraReport.err != nil {
		t.Fatal(noraReport.err)
	}
	return noraReport.dir, noraReport.out
}
