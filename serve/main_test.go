package serve

import (
	"os"
	"testing"

	"github.com/cardsim/cardsim/reports"
)

func TestMain(m *testing.M) {
	// Charts as SVG only, which the workbench's pages show: a PNG at print
	// resolution and a PDF would cost a third of these tests' CPU. The
	// browser tests (-tags browser) look at the pages, not the files.
	os.Setenv(reports.ChartFormatsEnv, "svg")
	os.Exit(m.Run())
}
