package catalog

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// oddTokens are words with characters of several bytes, in the places a
// deal or a rule value holds a word: suit symbols (which are cards),
// accents, a symbol, an emoji, a combining mark, and long runs that an
// error cuts short.
var oddTokens = []string{
	"Q♦", "10♥️", "♠", "é", "Qé", "1€", "10€", "€H", "Q\u0301S", "🂡", "A🂡", "*Q♦", "Q♦/3♣",
	strings.Repeat("é", 50), strings.Repeat("♦", 30) + "Q", "QS/" + strings.Repeat("é", 40),
}

// dealSkeletons are deals of each game to put the odd words into, word by
// word; not every one is valid, the errors are what is looked at.
var dealSkeletons = map[string][]string{
	"nora":       {"AS 2S 3S 4S 5S", "AS, 2S, 3S"},
	"chriscross": {"AC AD 4D 2C 3D | 2D 2S 3H"},
	"flip":       {"6S/3D JS/2C KD/9C", "6S 3D"},
	"roundup":    {"AC *2C QS | AH *3H KD", "AC 2C | 3C 4C"},
	"spite":      {"pile0: 5H 9S ...; pile1: KD ...; hand0: AS 2D JK 4C 9H; first: 0", "hand1: QS ...\nstock: 2C ..."},
}

// TestParseErrorsKeepWholeCharacters: every game's errors for a deal or a
// rule value quote the words given whole, never a character cut in half
// (the rank of "Q♦" used to be quoted "Q\xe2\x99"), and a card written with
// a suit symbol is a card.
func TestParseErrorsKeepWholeCharacters(t *testing.T) {
	check := func(what, input string, err error) {
		t.Helper()
		if err == nil {
			return
		}
		if msg := err.Error(); !utf8.ValidString(msg) || strings.Contains(msg, `\x`) || strings.Contains(msg, "\uFFFD") {
			t.Errorf("%s %q: the error cuts a character: %s", what, input, msg)
		}
	}
	for _, d := range Games().All() {
		g, err := d.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		s := g.NewState()
		skeletons := dealSkeletons[d.Name]
		if len(skeletons) == 0 {
			t.Fatalf("no deal skeleton for %s", d.Name)
		}
		for _, base := range skeletons {
			words := strings.Fields(base)
			for i := range words {
				for _, tok := range oddTokens {
					w := append([]string(nil), words...)
					w[i] = tok
					deal := strings.Join(w, " ")
					check(d.Name+" deal", deal, s.Deal(deal, 1))
				}
			}
		}
		for _, r := range g.Rules() {
			for _, tok := range oddTokens {
				_, err := d.New([]string{r.Name + "=" + tok})
				check(d.Name+" rule", r.Name+"="+tok, err)
			}
		}
	}
	if _, err := Games().Lookup("nora"); err != nil {
		t.Fatal(err)
	}
	for _, tok := range oddTokens {
		_, err := Games().Lookup(tok)
		check("game", tok, err)
	}
}
