package reports

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/cardsim/cardsim/sim"
)

// WriteDir writes every output of s into dir: summary.json, figures.csv (every
// figure, tidy), score_histogram.csv, and each chart as SVG, PNG and PDF. All
// outputs are rendered first and each file is written atomically (a
// temporary file renamed into place), so a failure never leaves a
// half-written file. It returns the names written.
func WriteDir(dir string, s *sim.Summary) ([]string, error) {
	return writeSummaryDir(dir, s, false)
}

// WritePartialDir writes the outputs of a run that did not finish into dir,
// as WriteDir does, marked partial in the manifest. It never replaces a
// finished result: if dir holds one, it writes nothing and returns an
// error wrapping ErrFinishedOutput.
func WritePartialDir(dir string, s *sim.Summary) ([]string, error) {
	return writeSummaryDir(dir, s, true)
}

func writeSummaryDir(dir string, s *sim.Summary, partial bool) ([]string, error) {
	out := outputs{partial: partial}
	for _, f := range []struct {
		name  string
		write func(*bytes.Buffer) error
	}{
		{"summary.json", func(b *bytes.Buffer) error { return WriteJSON(b, s) }},
		{"figures.csv", func(b *bytes.Buffer) error { return WriteFiguresCSV(b, s) }},
		{"score_histogram.csv", func(b *bytes.Buffer) error { return WriteHistogramCSV(b, s) }},
		{"variants.csv", func(b *bytes.Buffer) error { return WriteVariantsCSV(b, s) }},
	} {
		if f.name == "variants.csv" && s.Variants == nil {
			continue
		}
		var b bytes.Buffer
		if err := f.write(&b); err != nil {
			return nil, fmt.Errorf("%s: %w", f.name, err)
		}
		out.put(f.name, b.Bytes())
	}
	charts, err := Charts(s)
	if err != nil {
		return nil, err
	}
	if s.Variants != nil {
		vc, err := VariantCharts(s)
		if err != nil {
			return nil, err
		}
		charts = append(vc, charts...)
	}
	if err := out.charts("chart_", charts); err != nil {
		return nil, err
	}
	return out.write(dir)
}

// WriteFileAtomic writes data to path through a temporary file in the same
// directory, synced and renamed into place: readers see the old file or the
// new one, never a part.
func WriteFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// WritePart writes a shard part or checkpoint atomically as JSON.
func WritePart(path string, p *sim.Part) error {
	b, err := json.Marshal(p)
	if err != nil {
		return err
	}
	return WriteFileAtomic(path, append(b, '\n'))
}
