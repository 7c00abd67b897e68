package flip

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/internal/inputfile"
)

// The ways of pairing light and dark faces (rule option mapping).
const (
	mapRandom = iota
	mapFixed
	mapIdentity
	mapFile
)

// maxTableBytes bounds the file of a mapping=file:<path> table. A table of
// 52 pairs takes a few hundred bytes.
const maxTableBytes = 64 << 10

// mapping is a parsed value of the mapping rule.
type mapping struct {
	kind int
	n    uint64 // the number of fixed:<n>
	path string // the file of file:<path>
	sum  string // the hex SHA-256 the value records for the file, or ""
}

// readMapping parses the text of the mapping rule, without reading any file.
func readMapping(v string) (mapping, error) {
	name, arg, hasArg := strings.Cut(v, ":")
	switch {
	case name == "random" && !hasArg:
		return mapping{kind: mapRandom}, nil
	case name == "identity" && !hasArg:
		return mapping{kind: mapIdentity}, nil
	case name == "fixed" && hasArg:
		n, err := strconv.ParseUint(arg, 10, 64)
		if err != nil {
			return mapping{}, errors.New("want fixed:<n> with n a non-negative integer")
		}
		return mapping{kind: mapFixed, n: n}, nil
	case name == "file" && hasArg && arg != "":
		m := mapping{kind: mapFile, path: arg}
		if id := games.RuleIdentity(v); id != v {
			i := strings.LastIndex(arg, games.ContentMark)
			m.path, m.sum = arg[:i], arg[i+len(games.ContentMark):]
		}
		if m.path == "" {
			return mapping{}, errors.New("want file:<path>")
		}
		return m, nil
	}
	return mapping{}, errors.New("want random, identity, fixed:<n> or file:<path>")
}

// String returns the value as the rule records it: a file with the SHA-256
// of its contents.
func (m mapping) String() string {
	switch m.kind {
	case mapFixed:
		return "fixed:" + strconv.FormatUint(m.n, 10)
	case mapIdentity:
		return "identity"
	case mapFile:
		if m.sum == "" {
			return "file:" + m.path
		}
		return "file:" + m.path + games.ContentMark + m.sum
	}
	return "random"
}

// parseMapping is the parse function of the mapping option. A file is read
// now: the value kept records the SHA-256 of its table (the pairs written
// one a line, in card order, however the file spells them), so that two
// tables give two rule values (and two run fingerprints) and one table one
// whatever its line endings, order or path, and r.table holds its pairs. A value that already records a SHA-256 must match the file;
// if the file cannot be read, it is kept as it is (the rules of a recorded
// run, which can be described without the file but not dealt).
func (r *Rules) parseMapping(v string) (string, error) {
	m, err := readMapping(v)
	if err != nil {
		return "", err
	}
	r.table = nil
	if m.kind != mapFile {
		return m.String(), nil
	}
	if err := r.load(m); err != nil {
		return "", err
	}
	if r.table != nil {
		m.sum = r.table.sum
	}
	return m.String(), nil
}

// load reads the table of the file mapping m into r.table. It leaves
// r.table nil when m records the SHA-256 of a table read before and the
// file is gone, or holds another table (saying so in r.stale).
func (r *Rules) load(m mapping) error {
	r.table, r.stale = nil, ""
	text, err := inputfile.Read(m.path, maxTableBytes)
	if err != nil {
		if m.sum != "" && errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return fmt.Errorf("file %s: %w", shorten(m.path), err)
	}
	p := &pairing{}
	p.light, p.dark, err = parseTable(text)
	switch {
	case err != nil && m.sum != "":
		r.stale = fmt.Sprintf("file %s: its contents have changed since they were recorded (no longer a table: %v)", shorten(m.path), err)
		return nil
	case err != nil:
		return fmt.Errorf("file %s: %w", shorten(m.path), err)
	}
	p.sum = tableSum(p.light, p.dark)
	if m.sum != "" && m.sum != p.sum {
		// The recorded table is not this one: the rules still describe
		// the run (merge needs no table), but the game cannot be dealt.
		r.stale = fmt.Sprintf("file %s: its contents have changed since they were recorded (SHA-256 %s…, recorded %s…)",
			shorten(m.path), p.sum[:12], m.sum[:12])
		return nil
	}
	r.table = p
	return nil
}

// tableSum returns the hex SHA-256 of a table written canonically: one
// pair light/dark a line, in the order of the light faces' card values.
func tableSum(light, dark []cards.Card) string {
	var byLight [64]cards.Card
	for i, c := range light {
		byLight[c] = dark[i]
	}
	var b strings.Builder
	for _, c := range slices.Sorted(slices.Values(light)) {
		b.WriteString(c.String() + "/" + byLight[c].String() + "\n")
	}
	sum := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(sum[:])
}

// pairing is a table of light and dark faces read from a file.
type pairing struct {
	sum         string // hex SHA-256 of the file
	light, dark []cards.Card
}

// fits reports an error unless the table's light faces and its dark faces
// are each the deck of the given number of ranks.
func (p *pairing) fits(ranks int) error {
	deck := cards.Ranks(ranks, 0)
	if err := cards.CheckDeal(p.light, deck); err != nil {
		return fmt.Errorf("the table's light faces: %w", err)
	}
	if err := cards.CheckDeal(p.dark, deck); err != nil {
		return fmt.Errorf("the table's dark faces: %w", err)
	}
	return nil
}

// parseTable reads a table of light/dark pairs separated by spaces, commas
// or line breaks (LF or CRLF), after a byte-order mark if the file starts
// with one. Its errors give the place of a bad entry, never the entry: the
// file might be anything.
func parseTable(text []byte) (light, dark []cards.Card, err error) {
	text = bytes.TrimPrefix(text, []byte("\uFEFF"))
	entry := 0
	for n, line := range strings.Split(string(text), "\n") {
		for _, f := range strings.FieldsFunc(line, isSeparator) {
			entry++
			l, d, ok := strings.Cut(f, "/")
			lc, err1 := parseFace(l)
			dc, err2 := parseFace(d)
			if !ok || err1 != nil || err2 != nil {
				return nil, nil, fmt.Errorf("entry %d (line %d) is not a pair of card names light/dark such as 7H/2S", entry, n+1)
			}
			light = append(light, lc)
			dark = append(dark, dc)
		}
	}
	if entry == 0 {
		return nil, nil, errors.New("no card pairs in it")
	}
	return light, dark, nil
}

// isSeparator reports whether r separates cards in a deal or a table.
func isSeparator(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' || r == '\r' }

// shorten returns s, cut to a few dozen characters with an ellipsis when
// longer, for quoting user input in errors.
func shorten(s string) string {
	const most = 40
	if len(s) <= most {
		return s
	}
	cut := most
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
