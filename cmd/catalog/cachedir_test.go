package catalog_test

import (
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/cmd/catalog"
	norabots "github.com/cardsim/cardsim/strategies/nora"
)

// TestNoraCacheDir: Nora's pass samples go where they always went, cardsim
// under the user's cache directory, now chosen here and passed to the bots
// and the analyses rather than read by them.
func TestNoraCacheDir(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("XDG_CACHE_HOME names the cache directory on Linux")
	}
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", dir)
	if got, want := catalog.NoraCacheDir(), filepath.Join(dir, "cardsim"); got != want {
		t.Errorf("NoraCacheDir() = %q, want %q", got, want)
	}
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "")
	if got := catalog.NoraCacheDir(); got != "" {
		t.Errorf("NoraCacheDir() = %q without a cache directory, want \"\" (memory only)", got)
	}
}

// TestNoraSetupScale: CARDSIM_DEAL_SCALE scales Nora's default shuffles
// only when it holds a share strictly between 0 and 1.
func TestNoraSetupScale(t *testing.T) {
	for _, tt := range []struct {
		env  string
		want float64
	}{{"", 0}, {"0.001", 0.001}, {"0.5", 0.5}, {"1", 0}, {"0", 0}, {"-0.1", 0}, {"2", 0}, {"lots", 0}, {"NaN", 0}} {
		t.Setenv(catalog.DealScaleEnv, tt.env)
		if got := catalog.NoraSetup().SampleScale; got != tt.want {
			t.Errorf("%s=%q: SampleScale %g, want %g", catalog.DealScaleEnv, tt.env, got, tt.want)
		}
	}
	t.Setenv(catalog.DealScaleEnv, "0.001")
	nora, err := catalog.Games().Lookup("nora")
	if err != nil {
		t.Fatal(err)
	}
	g, err := nora.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	def, err := catalog.Strategies().Lookup(g, "optimal")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range def.Params(g) {
		if want := strconv.Itoa(norabots.MinSamples); p.Name == "samples" && p.Default != want {
			t.Errorf("optimal's samples default %s under %s=0.001, want %s (the fewest a scaled default takes)", p.Default, catalog.DealScaleEnv, want)
		}
	}
}

// TestDealScale: the share CARDSIM_DEAL_SCALE holds, or an error that
// names it and says what it wants.
func TestDealScale(t *testing.T) {
	for _, tt := range []struct {
		env  string
		want float64
		bad  bool
	}{{"", 0, false}, {"0.001", 0.001, false}, {"1", 1, false}, {"0", 0, true}, {"-0.1", 0, true}, {"2", 0, true}, {"lots", 0, true}, {"NaN", 0, true}, {"\x1b[31m0.5", 0, true}} {
		t.Setenv(catalog.DealScaleEnv, tt.env)
		got, err := catalog.DealScale()
		if got != tt.want || (err != nil) != tt.bad || err != nil && !strings.Contains(err.Error(), catalog.DealScaleEnv+"="+strconv.Quote(tt.env)+": want a share") {
			t.Errorf("%s=%q: %g, %v", catalog.DealScaleEnv, tt.env, got, err)
		}
	}
}
