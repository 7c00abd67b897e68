package cliflag

import (
	"strings"

	"github.com/spf13/pflag"
)

// PlainPlaceholder writes the placeholder of fl's value (the `quoted` name
// in its usage) with "..." for "…". The help lines up flags' meanings by
// counting bytes, so a placeholder with a character of several bytes
// pushes its meaning left of the others'.
func PlainPlaceholder(fl *pflag.Flag) {
	start := strings.IndexByte(fl.Usage, '`')
	if start < 0 {
		return
	}
	end := strings.IndexByte(fl.Usage[start+1:], '`')
	if end < 0 {
		return
	}
	end += start + 1
	name := strings.ReplaceAll(fl.Usage[start+1:end], "…", "...")
	fl.Usage = fl.Usage[:start+1] + name + fl.Usage[end:]
}
