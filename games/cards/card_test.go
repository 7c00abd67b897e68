package cards

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Card
	}{
		{"10H", New(10, Hearts)},
		{"QS", New(Queen, Spades)},
		{"ad", New(Ace, Diamonds)},
		{"TC", New(10, Clubs)},
		{"2c", New(2, Clubs)},
		{"KD", New(King, Diamonds)},
		{"JK", New(Joker, 0)},
		{"jk", New(Joker, 0)},
		{"Q♦", New(Queen, Diamonds)},
		{"10♥", New(10, Hearts)},
		{"a♠", New(Ace, Spades)},
		{"7♣", New(7, Clubs)},
		{"K♢", New(King, Diamonds)},
		{"3♡", New(3, Hearts)},
		{"9♤", New(9, Spades)},
		{"2♧", New(2, Clubs)},
		{"J♥\uFE0F", New(Jack, Hearts)}, // the emoji form of the symbol
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Parse(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "H", "11H", "1", "QX", "10", "ZZ", "JKS", "♦", "♦Q"} {
		if c, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) = %v, want an error", bad, c)
		}
	}
	// Errors quote the parts whole: never a character cut in half (a
	// pasted "…" was quoted as "\xe2\x80").
	for _, tt := range []struct{ in, want string }{
		{"Q★", `card "Q★": unknown suit "★" (want C, D, H or S, or ♣ ♦ ♥ ♠)`},
		{"é♦", `card "é♦": unknown rank "é"`},
		{"Qé", `card "Qé": unknown suit "é"`},
		{"1…", `card "1…": unknown suit "…"`},
		{"…H", `card "…H": unknown rank "…"`},
	} {
		if _, err := Parse(tt.in); err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("Parse(%q): %v; want %s", tt.in, err, tt.want)
		}
	}
}

func TestString(t *testing.T) {
	for _, tt := range []struct {
		c    Card
		want string
	}{{New(10, Hearts), "10H"}, {New(Ace, Spades), "AS"}, {New(Joker, 1), "JK"}, {New(Jack, Clubs), "JC"}} {
		if got := tt.c.String(); got != tt.want {
			t.Errorf("%d.String() = %q, want %q", tt.c, got, tt.want)
		}
	}
}

func TestDeckRoundTrip(t *testing.T) {
	d := Standard(2)
	if len(d) != 54 {
		t.Fatalf("Standard(2) has %d cards", len(d))
	}
	Shuffle(rand.New(rand.NewPCG(1, 2)), d)
	back, err := ParseDeck(Format(d))
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckDeal(back, Standard(2)); err != nil {
		t.Fatalf("a shuffled deck read back is not the deck: %v", err)
	}
	if ok, diff := SameCards(back, d); !ok {
		t.Fatalf("round trip changed the cards: %s", diff)
	}
}

func TestCheckDeal(t *testing.T) {
	deck := Ranks(2, 2)
	tests := []struct {
		deal string
		want string // part of the error, or "" for none
	}{
		{"AC AD AH AS 2C 2D 2H 2S JK JK", ""},
		{"2S 2H JK AC AD AH AS 2C 2D JK", ""},
		{"AC AD AH AS 2C 2D 2H 2S JK", "9 cards"},
		{"AC AC AH AS 2C 2D 2H 2S JK JK", "AC appears more often"},
		{"AC AD AH AS 2C 2D 2H 3S JK JK", "3S is not in"},
	}
	for _, tt := range tests {
		d, err := ParseDeck(tt.deal)
		if err != nil {
			t.Fatal(err)
		}
		err = CheckDeal(d, deck)
		if (err == nil) != (tt.want == "") || (err != nil && !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("CheckDeal(%q) = %v, want %q", tt.deal, err, tt.want)
		}
	}
}

// TestShuffleUniform checks that every card reaches every place about
// equally often (a chi-squared bound far beyond chance).
func TestShuffleUniform(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n, trials = 6, 60000
	var count [n][n]int
	d := make([]Card, n)
	for range trials {
		for i := range d {
			d[i] = Card(i)
		}
		Shuffle(rng, d)
		for pos, c := range d {
			count[c][pos]++
		}
	}
	exp := float64(trials) / n
	chi := 0.0
	for i := range count {
		for j := range count[i] {
			x := float64(count[i][j]) - exp
			chi += x * x / exp
		}
	}
	// 25 degrees of freedom: the 99.99% point is about 59.
	if chi > 59 {
		t.Errorf("chi-squared %.1f over 25 degrees of freedom: shuffle not uniform", chi)
	}
}

// quoted matches a string quoted with %q.
var quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

func FuzzParse(f *testing.F) {
	for _, s := range []string{"10H", "QS", "JK", "ad", "TC", "", "1S", "x", "…", "A♠", "10…"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			// An error quotes whole characters of the input: no part it
			// quotes is a character cut into bytes.
			for _, q := range quoted.FindAllString(err.Error(), -1) {
				if part, _ := strconv.Unquote(q); utf8.ValidString(s) && !utf8.ValidString(part) {
					t.Fatalf("Parse(%q): %v quotes %s, part of a character", s, err, q)
				}
			}
			return
		}
		if !c.Valid() {
			t.Fatalf("Parse(%q) = invalid card %d", s, c)
		}
		back, err := Parse(c.String())
		if err != nil || back.Rank() != c.Rank() || (!c.IsJoker() && back != c) {
			t.Fatalf("Parse(%q) = %v, but Parse(%q) = %v, %v", s, c, c.String(), back, err)
		}
	})
}

func FuzzParseDeck(f *testing.F) {
	f.Add("AS 5H 10D JK JK")
	f.Add("ac,2c, 3c\tJK")
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDeck(s)
		if err != nil {
			return
		}
		back, err := ParseDeck(Format(d))
		if err != nil {
			t.Fatalf("Format(ParseDeck(%q)) = %q does not parse: %v", s, Format(d), err)
		}
		if ok, diff := SameCards(d, back); !ok {
			t.Fatalf("round trip of %q changed the cards: %s", s, diff)
		}
	})
}

func ExampleParseDeck() {
	d, err := ParseDeck("10H QS JK ad JK")
	if err != nil {
		panic(err)
	}
	fmt.Println(Format(d), len(d))
	// Output: 10H QS JK AD JK 5
}
