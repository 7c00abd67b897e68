package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/cardsim/cardsim/reports"
)

// TestRecordsNeverAPart: --records at the path of a shard's part in --out
// (or of another shard's, which merge would read) is refused before a deal
// is played, as --checkpoint there is (R8: the part silently replaced the
// records).
func TestRecordsNeverAPart(t *testing.T) {
	p := t.TempDir()
	for _, records := range []string{"part-0-of-2.json", "part-1-of-2.json"} {
		code, _, errs := run(t, "run", "nora", "--games", "1000", "--shard", "0/2", "--out", p, "--records", filepath.Join(p, records), "--records-format", "csv", "-q")
		if code != 1 || !strings.Contains(errs, "is the part of a shard in --out") {
			t.Errorf("--records %s: exit %d, %q; want it refused", records, code, errs)
		}
		if ents, _ := os.ReadDir(p); len(ents) != 0 {
			t.Errorf("--records %s: %d files written", records, len(ents))
		}
	}
	mustRun(t, "run", "nora", "--games", "1000", "--shard", "0/2", "--out", p, "--records", filepath.Join(p, "records.csv"), "-q")
}

// TestOutLocked: a run whose --out another run is writing to (its lock
// held) is refused before it plays, rather than both playing and the last
// to end replacing the other's outputs; a shard's lock is its part's, so
// the shards of one run share their directory.
func TestOutLocked(t *testing.T) {
	dir := t.TempDir()
	hold := func(lock string) func() {
		f, err := os.OpenFile(lock, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			t.Fatal(err)
		}
		return func() { f.Close() }
	}
	out := filepath.Join(dir, "out")
	release := hold(filepath.Join(dir, ".out.lock"))
	code, _, errs := run(t, "run", "nora", "--games", "100", "--out", out+"/", "-q")
	if code != 1 || !strings.Contains(errs, `--out "`+out+`" is in use by another cardsim run`) {
		t.Errorf("a locked --out: exit %d, %q", code, errs)
	}
	release()
	mustRun(t, "run", "nora", "--games", "100", "--out", out, "-q")

	parts := filepath.Join(dir, "parts")
	if err := os.Mkdir(parts, 0o755); err != nil {
		t.Fatal(err)
	}
	release = hold(filepath.Join(parts, ".part-0-of-2.json.lock"))
	defer release()
	if code, _, errs := run(t, "run", "nora", "--games", "100", "--shard", "0/2", "--out", parts, "-q"); code != 1 || !strings.Contains(errs, "is in use by another cardsim run") {
		t.Errorf("a locked shard's part: exit %d, %q", code, errs)
	}
	mustRun(t, "run", "nora", "--games", "100", "--shard", "1/2", "--out", parts, "-q")
}

// TestDealScaleAnnounced: a run under CARDSIM_DEAL_SCALE says so on
// stderr, even with --quiet, and its manifest records the share it
// played; without it the manifest holds no deal_scale.
func TestDealScaleAnnounced(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	var stdout, errw bytes.Buffer
	f := NewFactory(strings.NewReader(""), &stdout, &errw)
	f.DealScale = 0.01
	if code := f.execute(context.Background(), []string{"run", "nora", "--games", "1000", "--out", out, "-q"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errw.String())
	}
	if !strings.Contains(errw.String(), "CARDSIM_DEAL_SCALE=0.01: every run plays that share of the deals it asks for") {
		t.Errorf("stderr %q: the deal scale not announced", errw.String())
	}
	var sum struct {
		Manifest map[string]any `json:"manifest"`
	}
	b, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err == nil {
		err = json.Unmarshal(b, &sum)
	}
	if err != nil || sum.Manifest["deal_scale"] != 0.01 || sum.Manifest["games"] != 10.0 {
		t.Errorf("manifest %v (%v): want deal_scale 0.01 and 10 deals", sum.Manifest, err)
	}
	plain := mustRun(t, "run", "nora", "--games", "20", "-q", "--format", "json")
	if strings.Contains(plain, "deal_scale") {
		t.Error("a run as written records a deal scale")
	}
}

// TestMergeQuiet: merge --quiet prints no note on stderr, where merge
// without it says that the parts of a Flip table not at hand were not
// dealt again; the summary is the same.
func TestMergeQuiet(t *testing.T) {
	dir := t.TempDir()
	table := filepath.Join(dir, "pairs.txt")
	pairs := "AC/2C 2C/3C 3C/AC AD/2D 2D/3D 3D/AD AH/2H 2H/3H 3H/AH AS/2S 2S/3S 3S/AS"
	if err := os.WriteFile(table, []byte(pairs), 0o644); err != nil {
		t.Fatal(err)
	}
	parts := filepath.Join(dir, "parts")
	for k := range 2 {
		mustRun(t, "run", "flip", "--rule", "ranks=3", "--rule", "mapping=file:"+table, "--games", "60", "-q", "--shard", fmt.Sprintf("%d/2", k), "--out", parts)
	}
	if err := os.Remove(table); err != nil {
		t.Fatal(err)
	}
	code, loud, errs := run(t, "merge", parts)
	if code != 0 || !strings.Contains(errs, "not dealt again") {
		t.Fatalf("merge: exit %d, stderr %q; want the note", code, errs)
	}
	code, quiet, errs := run(t, "merge", "--quiet", parts)
	if code != 0 || errs != "" || quiet != loud {
		t.Errorf("merge --quiet: exit %d, stderr %q; want no note and the same summary", code, errs)
	}
}

// TestEchoedInputQuoted: input echoed by an error (a rule's or a
// parameter's value, a path, CARDSIM_DEAL_SCALE) reaches the terminal
// quoted, its escape characters written out, never raw (R9: a value of
// "\x1b[31mRED" turned the terminal red).
func TestEchoedInputQuoted(t *testing.T) {
	const red = "\x1b[31mRED"
	for _, tt := range []struct {
		args []string
		env  string
		want string
	}{
		{[]string{"run", "nora", "--rule", "rounds=" + red}, "", `rule rounds="\x1b[31mRED": want`},
		{[]string{"run", "nora", "--param", "cards=" + red}, "", `parameter cards="\x1b[31mRED": want`},
		{[]string{"rerun", filepath.Join(t.TempDir(), red+".yaml")}, "", `\x1b[31mRED.yaml": no such file`},
		{[]string{"run", "nora", "--rule", red + "=1"}, "", `unknown rule "\x1b[31mRED"`},
		{[]string{"run", "nora", "--rule", red + "=1", "--rule", red + "=2"}, "", `rule \x1b[31mRED given twice`},
		{[]string{"games"}, red, `CARDSIM_DEAL_SCALE="\x1b[31mRED": want a share`},
	} {
		if tt.env != "" {
			t.Setenv(DealScaleEnv, tt.env)
		}
		code, _, errs := run(t, tt.args...)
		os.Unsetenv(DealScaleEnv)
		if code != 1 || !strings.Contains(errs, tt.want) || strings.ContainsAny(errs, "\x1b\x07\r") {
			t.Errorf("%q: exit %d, %q; want %q and no raw control character", tt.args, code, errs, tt.want)
		}
	}
}

// TestChartFormatsRefusedBeforePlay: a CARDSIM_CHARTS no chart can be
// written in stops cardsim before it plays a deal, its value quoted, and
// leaves no output directory.
func TestChartFormatsRefusedBeforePlay(t *testing.T) {
	for _, tt := range []struct{ env, want string }{
		{"png", `CARDSIM_CHARTS="png": the list must name svg`},
		{"svg,\x1b[31mRED", `"\x1b[31mred" is no chart format`},
	} {
		t.Setenv(reports.ChartFormatsEnv, tt.env)
		dir := filepath.Join(t.TempDir(), "out")
		code, _, errs := run(t, "run", "nora", "--games", "5", "--out", dir, "-q")
		if code != 1 || !strings.Contains(errs, tt.want) || strings.ContainsAny(errs, "\x1b") {
			t.Errorf("%s=%q: exit %d, %q; want 1 and %q", reports.ChartFormatsEnv, tt.env, code, errs, tt.want)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("%s=%q: %s made (%v)", reports.ChartFormatsEnv, tt.env, dir, err)
		}
	}
}
