package catalog

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cardsim/cardsim/games"
)

// oddTokens are words with characters of several bytes, in the places a
// deal or a rule value holds a word: suit symbols (which are cards),
// accents, a symbol, an emoji, a combining mark, and long runs that an
// error cuts short.
var oddTokens = []string{
	"Q♦", "10♥️", "♠", "é", "Qé", "1€", "10€", "€H", "Q\u0301S", "🂡", "A🂡", "*Q♦", "Q♦/3♣",
	strings.Repeat("é", 50), strings.Repeat("♦", 30) + "Q", "QS/" + strings.Repeat("é", 40),
}

// dealSkeletons returns deals of a game to put the odd words into, word by
// word: its example deal (the game's own fixture), whole, cut to its first
// five words, and written with commas; not every one is valid, the errors
// are what is looked at.
func dealSkeletons(d games.Definition) []string {
	words := strings.Fields(d.ExampleDeal)
	if len(words) == 0 {
		return nil
	}
	return []string{d.ExampleDeal, strings.Join(words[:min(5, len(words))], " "), strings.Join(words, ", ")}
}

// TestExampleDeals: every game's example deal, the fixture tests take a
// deal of each game from, is a deal of the game under its default rules.
func TestExampleDeals(t *testing.T) {
	for _, d := range Games().All() {
		g, err := d.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.NewState().Deal(d.ExampleDeal, 1); err != nil {
			t.Errorf("%s: its example deal %q: %v", d.Name, d.ExampleDeal, err)
		}
	}
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
		skeletons := dealSkeletons(d)
		if len(skeletons) == 0 {
			t.Fatalf("%s has no example deal", d.Name)
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
	for _, tok := range oddTokens {
		_, err := Games().Lookup(tok)
		check("game", tok, err)
	}
}
