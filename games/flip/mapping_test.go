package flip

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cardsim/cardsim/games/cards"
)

// shiftTable writes a mapping table for ranks=3 in which every card's dark
// face is the card k places further in the deck (wrapping round), and
// returns its contents.
func shiftTable(t *testing.T, path string, k int) string {
	t.Helper()
	deck := cards.Ranks(3, 0)
	var b strings.Builder
	for i, c := range deck {
		b.WriteString(c.String() + "/" + deck[(i+k)%len(deck)].String() + "\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func mappingValue(t *testing.T, g *Game) string {
	t.Helper()
	for _, s := range g.Rules() {
		if s.Name == "mapping" {
			return s.Value
		}
	}
	t.Fatal("no mapping rule listed")
	return ""
}

// TestFileMappingFingerprint checks that the recorded rules tell two tables
// at the same path apart: the value carries the SHA-256 of the contents
// read.
func TestFileMappingFingerprint(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deck.txt")
	var values []string
	for _, k := range []int{1, 5} {
		text := shiftTable(t, path, k)
		g := mustGame(t, "ranks=3", "mapping=file:"+path)
		sum := sha256.Sum256([]byte(text))
		want := "file:" + path + "#sha256=" + hex.EncodeToString(sum[:])
		if got := mappingValue(t, g); got != want {
			t.Errorf("table shifted by %d: mapping=%s, want %s", k, got, want)
		}
		values = append(values, mappingValue(t, g))
	}
	if values[0] == values[1] {
		t.Errorf("two tables at one path give one rule value %s", values[0])
	}
}

// TestRecordedFileMapping checks the rules of a recorded run: their value
// names the file and its SHA-256. With the same file they play as before;
// with the file changed or gone the game can still be built (cardsim merge
// only describes it) but not dealt, and CanDeal says why.
func TestRecordedFileMapping(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deck.txt")
	shiftTable(t, path, 1)
	recorded := mappingValue(t, mustGame(t, "ranks=3", "mapping=file:"+path))

	g := mustGame(t, "ranks=3", "mapping="+recorded)
	if got := mappingValue(t, g); got != recorded {
		t.Errorf("rules rebuilt from %s record %s", recorded, got)
	}
	s := g.NewFlipState()
	s.Reset(1)

	shiftTable(t, path, 2)
	changed := mustGame(t, "ranks=3", "mapping="+recorded)
	if err := changed.CanDeal(); err == nil || !strings.Contains(err.Error(), "contents have changed") {
		t.Errorf("a changed table can be dealt under its old SHA-256 (CanDeal %v)", err)
	}
	if err := changed.NewFlipState().Deal(strings.Repeat("AC ", 12), 0); err == nil || !strings.Contains(err.Error(), "contents have changed") {
		t.Errorf("Deal with a changed table: error %v, want one saying it changed", err)
	}
	if got := mappingValue(t, changed); got != recorded {
		t.Errorf("rules with a changed file record %s, want %s", got, recorded)
	}
	if err := g.CanDeal(); err != nil {
		t.Errorf("the game built while the table was the recorded one: %v", err)
	}

	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	r, err := ParseRules([]string{"ranks=3", "mapping=" + recorded})
	if err != nil {
		t.Fatalf("recorded rules without their file: %v", err)
	}
	g, err = New(r)
	if err != nil {
		t.Fatalf("New from recorded rules without their file: %v", err)
	}
	if got := mappingValue(t, g); got != recorded {
		t.Errorf("rules without their file record %s, want %s", got, recorded)
	}
	if err := g.CanDeal(); err == nil || !strings.Contains(err.Error(), "not at hand") {
		t.Errorf("CanDeal without the table: %v, want one saying the table is not at hand", err)
	}
	if err := g.NewFlipState().Deal(strings.Repeat("AC ", 12), 0); err == nil || !strings.Contains(err.Error(), "not at hand") {
		t.Errorf("Deal without the table: error %v, want one saying the table is not at hand", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("Reset without the table did not panic")
		}
	}()
	g.NewFlipState().Reset(1)
}

// parseSoon runs ParseRules and fails the test if it has not returned
// within a few seconds (reading /dev/zero or a pipe would never end).
func parseSoon(t *testing.T, kvs ...string) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		_, err := ParseRules(kvs)
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(5 * time.Second):
		t.Fatalf("ParseRules(%q) still reading after 5 s", kvs)
		return nil
	}
}

// TestFileMappingRefused checks files that are not tables: they are
// refused quickly, and the error never quotes what the file holds.
func TestFileMappingRefused(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "shadow")
	if err := os.WriteFile(secret, []byte("root:$6$s3cretSalt$hashhashhash:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, []byte(strings.Repeat("AC/2D ", 20000)), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path, want string
	}{
		{"device", "/dev/zero", "not a regular file"},
		{"directory", dir, "not a regular file"},
		{"too big", big, "larger than the 64 KiB"},
		{"not a table", secret, "entry 1 (line 1) is not a pair of card names"},
		{"missing", filepath.Join(dir, "none"), "no such file"},
	}
	for _, tt := range tests {
		if _, err := os.Stat(tt.path); tt.name == "device" && err != nil {
			continue // no /dev/zero here
		}
		err := parseSoon(t, "ranks=3", "mapping=file:"+tt.path)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want it to contain %q", tt.name, err, tt.want)
			continue
		}
		for _, leak := range []string{"root", "s3cret", "daemon", "AC/2D AC/2D"} {
			if strings.Contains(err.Error(), leak) {
				t.Errorf("%s: error %q quotes the file (%q)", tt.name, err, leak)
			}
		}
	}
}

// TestDealErrorShort checks that an error about a long card name quotes
// only its beginning.
func TestDealErrorShort(t *testing.T) {
	g := mustGame(t, "ranks=2", "mapping=identity")
	long := strings.Repeat("Z", 10000)
	err := g.NewFlipState().Deal("AC "+long, 0)
	if err == nil || len(err.Error()) > 200 {
		t.Errorf("error of %d bytes for a 10000-byte card name: %.300v", len(err.Error()), err)
	}
}

// FuzzMappingValue feeds arbitrary values to the mapping rule: parsing must
// not panic, and a value accepted without a file must read back as itself.
func FuzzMappingValue(f *testing.F) {
	for _, v := range []string{"random", "identity", "fixed:7", "fixed:", "file:", "file:x#sha256=00", "file:#sha256=" + strings.Repeat("a", 64), "fixed:-1"} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v string) {
		m, err := readMapping(v)
		if err != nil || m.kind == mapFile {
			return
		}
		if back, err := readMapping(m.String()); err != nil || back != m {
			t.Fatalf("%q reads as %+v, whose text %q reads as %+v (%v)", v, m, m.String(), back, err)
		}
	})
}

// FuzzTable feeds arbitrary file contents to the table parser: it must not
// panic, a table it accepts must list pairs of real cards, and its errors
// must not quote the contents.
func FuzzTable(f *testing.F) {
	f.Add([]byte("AC/2D 2D/AC\n"))
	f.Add([]byte("root:x:0:0:root:/root:/bin/bash\n"))
	f.Add([]byte("AC/2D\n\n2D/JK"))
	f.Fuzz(func(t *testing.T, text []byte) {
		light, dark, err := parseTable(text)
		if err != nil {
			for _, field := range strings.FieldsFunc(string(text), isSeparator) {
				if len(field) >= 8 && strings.Contains(err.Error(), field) {
					t.Fatalf("error %q quotes the input %q", err, field)
				}
			}
			return
		}
		if len(light) == 0 || len(light) != len(dark) {
			t.Fatalf("accepted %d light and %d dark faces", len(light), len(dark))
		}
		for i := range light {
			if !light[i].Valid() || !dark[i].Valid() || light[i].IsJoker() || dark[i].IsJoker() {
				t.Fatalf("accepted %v/%v", light[i], dark[i])
			}
		}
	})
}

// TestFileMappingByHand checks rules set by hand rather than parsed: New
// reads the table and records its SHA-256 as ParseRules does.
func TestFileMappingByHand(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deck.txt")
	shiftTable(t, path, 1)
	parsed := mappingValue(t, mustGame(t, "ranks=3", "mapping=file:"+path))
	r := DefaultRules()
	r.Ranks, r.Mapping = 3, "file:"+path
	g, err := New(r)
	if err != nil {
		t.Fatal(err)
	}
	if got := mappingValue(t, g); got != parsed {
		t.Errorf("rules set by hand record mapping=%s, parsed ones %s", got, parsed)
	}
}

// TestTableSpellings: a table written with CRLF line endings, a byte-order
// mark, in another order or spacing is the same table: it is read, and its
// rule value records the same SHA-256 (BOM tables used to be refused as
// "line 1 is not a pair"). Another pairing records another.
func TestTableSpellings(t *testing.T) {
	dir := t.TempDir()
	lf := filepath.Join(dir, "lf.txt")
	text := shiftTable(t, lf, 1)
	lines := strings.Split(strings.TrimSpace(text), "\n")
	reversed := slices.Clone(lines)
	slices.Reverse(reversed)
	spellings := map[string]string{
		"crlf":     strings.ReplaceAll(text, "\n", "\r\n"),
		"bom":      "\uFEFF" + text,
		"bom+crlf": "\uFEFF" + strings.ReplaceAll(text, "\n", "\r\n"),
		"reversed": strings.Join(reversed, "\n"),
		"one line": strings.Join(lines, ", "),
	}
	sumOf := func(v string) string { return v[strings.LastIndex(v, "#sha256="):] }
	want := sumOf(mappingValue(t, mustGame(t, "ranks=3", "mapping=file:"+lf)))
	for name, body := range spellings {
		path := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".txt")
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		r, err := ParseRules([]string{"ranks=3", "mapping=file:" + path})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := sumOf(r.Mapping); got != want {
			t.Errorf("%s: the table records %s, the same table with LF %s", name, got, want)
		}
	}
	other := filepath.Join(dir, "other.txt")
	shiftTable(t, other, 2)
	if sumOf(mappingValue(t, mustGame(t, "ranks=3", "mapping=file:"+other))) == want {
		t.Error("another pairing records the same SHA-256")
	}
}
