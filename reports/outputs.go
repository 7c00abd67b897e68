package reports

import (
	"fmt"
	"os"
	"path/filepath"
)

// outputs collects the files of one output directory in order, so that
// everything is rendered before anything is written: a failure while
// rendering leaves no file behind.
type outputs struct {
	names []string
	data  map[string][]byte
}

// put adds a file.
func (o *outputs) put(name string, b []byte) {
	if o.data == nil {
		o.data = map[string][]byte{}
	}
	o.data[name] = b
	o.names = append(o.names, name)
}

// charts renders each chart as SVG and PNG, named prefix + chart name.
func (o *outputs) charts(prefix string, cs []Chart) error {
	for _, c := range cs {
		for _, format := range []string{"svg", "png"} {
			data, err := c.Render(format)
			if err != nil {
				return fmt.Errorf("chart %s: %w", c.Name, err)
			}
			o.put(prefix+c.Name+"."+format, data)
		}
	}
	return nil
}

// write creates dir if needed and writes every file atomically, in order.
// It returns the names written.
func (o *outputs) write(dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("output directory: %w", err)
	}
	for _, name := range o.names {
		if err := WriteFileAtomic(filepath.Join(dir, name), o.data[name]); err != nil {
			return nil, err
		}
	}
	return o.names, nil
}
