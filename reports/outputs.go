package reports

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/cardsim/cardsim/internal/inputfile"
)

// ManifestName is the file every output directory holds last: the list of
// the files of the one run that wrote the directory, with their SHA-256. A
// directory is written whole into a hidden sibling and swapped in, so it
// never mixes two runs, and never holds part of one.
const ManifestName = "cardsim-outputs.json"

// outputs collects the files of one output directory in order, so that
// everything is rendered before anything is written: a failure while
// rendering leaves no file behind.
type outputs struct {
	names []string
	data  map[string][]byte
	// partial marks the outputs of a run that did not finish: they never
	// replace a finished result (ErrFinishedOutput).
	partial bool
}

// ErrFinishedOutput reports an output directory holding a finished result,
// which the partial result of an interrupted run never replaces.
var ErrFinishedOutput = errors.New("holds a finished result, left as it was")

// put adds a file.
func (o *outputs) put(name string, b []byte) {
	if o.data == nil {
		o.data = map[string][]byte{}
	}
	if _, ok := o.data[name]; !ok {
		o.names = append(o.names, name)
	}
	o.data[name] = b
}

// files adds files (name → content), sorted by name.
func (o *outputs) files(files map[string][]byte) {
	for _, name := range slices.Sorted(maps.Keys(files)) {
		o.put(name, files[name])
	}
}

// charts renders each chart in every format ChosenChartFormats returns, named
// prefix + chart name.
func (o *outputs) charts(prefix string, cs []Chart) error {
	rendered, err := renderCharts(cs)
	if err != nil {
		return err
	}
	for i, c := range cs {
		for _, format := range ChartFormats {
			if data, ok := rendered[i][format]; ok {
				o.put(prefix+c.Name+"."+format, data)
			}
		}
	}
	return nil
}

// renderCharts renders each chart in every format ChosenChartFormats returns,
// several charts at once on as many cores (a PNG at print resolution takes
// a tenth of a second): rendered[i] holds chart i by format.
func renderCharts(cs []Chart) (rendered []map[string][]byte, err error) {
	formats, err := ChosenChartFormats()
	if err != nil {
		return nil, err
	}
	rendered = make([]map[string][]byte, len(cs))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, c := range cs {
		g.Go(func() error {
			rendered[i] = map[string][]byte{}
			for _, format := range formats {
				data, err := c.Render(format)
				if err != nil {
					return fmt.Errorf("chart %s: %w", c.Name, err)
				}
				rendered[i][format] = data
			}
			return nil
		})
	}
	return rendered, g.Wait()
}

// WriteFiles writes files (name → content) as one output directory, in the
// way every output directory is written: whole, beside dir, then swapped in
// with the manifest of its files. It returns the names written.
func WriteFiles(dir string, files map[string][]byte) ([]string, error) {
	var o outputs
	o.files(files)
	return o.write(dir)
}

// outputManifest is the content of ManifestName.
type outputManifest struct {
	Format string            `json:"format"`
	Files  map[string]string `json:"files"` // name → SHA-256
	// Partial marks the result of a run that did not finish (interrupted),
	// which a later run may replace whatever it is; a directory without it
	// holds a finished result, which only a finished run replaces.
	Partial bool `json:"partial,omitempty"`
}

const outputFormat = "cardsim-outputs/1"

// write writes every file into a new directory beside dir and swaps it in
// for dir (atomically on Linux). dir must be absent, empty, or an earlier
// output directory (one whose manifest lists every file in it), and for
// partial outputs not a finished one. It returns the names written, the
// manifest last.
func (o *outputs) write(dir string) ([]string, error) {
	dir, err := followLink(dir)
	if err != nil {
		return nil, err
	}
	if err := CheckDir(dir); err != nil {
		return nil, err
	}
	if o.partial && holdsFinished(dir) {
		return nil, fmt.Errorf("output directory %s %w", dir, ErrFinishedOutput)
	}
	parent, base := filepath.Split(filepath.Clean(dir))
	if parent == "" {
		parent = "."
	}
	tmp, err := os.MkdirTemp(parent, "."+base+".cardsim-new-")
	if err != nil {
		return nil, fmt.Errorf("output directory: %w", err)
	}
	defer os.RemoveAll(tmp) // after the swap it holds the old directory, if any
	m := outputManifest{Format: outputFormat, Files: map[string]string{}, Partial: o.partial}
	for _, name := range o.names {
		if err := writeSynced(filepath.Join(tmp, name), o.data[name]); err != nil {
			return nil, err
		}
		sum := sha256.Sum256(o.data[name])
		m.Files[name] = hex.EncodeToString(sum[:])
	}
	b, _ := json.MarshalIndent(m, "", "  ")
	if err := writeSynced(filepath.Join(tmp, ManifestName), append(b, '\n')); err != nil {
		return nil, err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return nil, err
	}
	if err := syncDir(tmp); err != nil {
		return nil, err
	}
	if err := swapDir(tmp, dir); err != nil {
		return nil, fmt.Errorf("output directory %s: %w", dir, err)
	}
	syncDir(parent)
	return append(slices.Clone(o.names), ManifestName), nil
}

// followLink returns the path a symbolic link at dir leads to, so that
// the outputs are swapped in there and the link kept (it used to be
// replaced by a directory of its own); dir itself when it is no link. A
// link may lead to a directory not made yet, as a plain path may.
func followLink(dir string) (string, error) {
	for range 40 { // as many links in a row as Linux follows
		fi, err := os.Lstat(dir)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			return dir, nil
		}
		target, err := os.Readlink(dir)
		if err != nil {
			return "", fmt.Errorf("output directory %s: %w", dir, err)
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(dir), target)
		}
		dir = target
	}
	return "", fmt.Errorf("output directory %s: too many links in a row", dir)
}

// CheckDir checks, before any game is played, that dir can take a run's
// outputs: its parent can be written, and dir is absent, empty, or an
// earlier output directory of cardsim's (whose files its manifest lists).
// A directory holding anything else is refused, so that no output ever
// replaces a user's files. Shard parts and checkpoints, which live among
// others, are checked with CheckFileDir.
func CheckDir(dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return fmt.Errorf("output directory %s: %w", dir, err)
	}
	if wd, err := os.Getwd(); err == nil && (abs == wd || abs == filepath.Dir(abs)) {
		return fmt.Errorf("output directory %s is the current or root directory: give a directory of its own, such as out/", dir)
	}
	if err := CheckFileDir(filepath.Dir(abs)); err != nil {
		return err
	}
	fi, err := os.Stat(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("output directory %s: %w", dir, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("output directory %s is a file", dir)
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("output directory %s: %w", dir, err)
	}
	if len(ents) == 0 {
		return nil
	}
	listed := map[string]bool{ManifestName: true}
	if b, err := readManifest(filepath.Join(dir, ManifestName)); err == nil {
		var m outputManifest
		if json.Unmarshal(b, &m) == nil && m.Format == outputFormat {
			for name := range m.Files {
				listed[name] = true
			}
		}
	}
	var foreign []string
	for _, e := range ents {
		if !listed[e.Name()] || !e.Type().IsRegular() {
			foreign = append(foreign, e.Name())
		}
	}
	if len(foreign) > 0 {
		if len(foreign) > 3 {
			foreign = append(foreign[:3], "…")
		}
		return fmt.Errorf("output directory %s holds files cardsim did not write there (%s): give a new or empty directory", dir, strings.Join(foreign, ", "))
	}
	return nil
}

// holdsFinished reports whether dir holds the outputs of a finished run:
// a manifest that does not mark them partial. An output directory that
// cannot be read as cardsim's counts as finished, so that a partial result
// never replaces what it cannot vouch for.
func holdsFinished(dir string) bool {
	ents, err := os.ReadDir(dir)
	if err != nil || len(ents) == 0 {
		return false
	}
	b, err := readManifest(filepath.Join(dir, ManifestName))
	if err != nil {
		return true
	}
	var m outputManifest
	return json.Unmarshal(b, &m) != nil || !m.Partial
}

// maxManifestBytes is the largest output manifest CheckDir reads: one
// line per file of a directory of a few hundred files.
const maxManifestBytes = 1 << 20

// readManifest reads an output directory's manifest if it is a regular
// file of sane size: never a FIFO or a device put in its place.
func readManifest(path string) ([]byte, error) {
	return inputfile.Read(path, maxManifestBytes)
}

// CheckFileDir creates dir if needed and checks that files can be written
// in it: the directory of shard parts and checkpoints.
func CheckFileDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("output directory: %w", err)
	}
	f, err := os.CreateTemp(dir, ".cardsim-check-*")
	if err != nil {
		return fmt.Errorf("output directory %s is not writable: %w", dir, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// writeSynced writes a new file and syncs it to disk.
func writeSynced(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// syncDir syncs a directory's entries to disk.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}

// swapDir puts the directory tmp in the place of dir, leaving whatever dir
// held in tmp for the caller to remove.
func swapDir(tmp, dir string) error {
	if _, err := os.Lstat(dir); errors.Is(err, os.ErrNotExist) {
		return os.Rename(tmp, dir)
	}
	if err := exchange(tmp, dir); err == nil {
		return nil
	}
	// No atomic exchange here: move the old directory aside first. A crash
	// between the renames leaves no directory at dir, never a mixed one.
	old := tmp + ".old"
	if err := os.Rename(dir, old); err != nil {
		return err
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.Rename(old, dir)
		return err
	}
	return os.Rename(old, tmp)
}
