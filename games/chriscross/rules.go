package chriscross

import (
	"fmt"
	"strings"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// Rules are the rule options of Chris-Cross. The zero value is not useful;
// DefaultRules returns the game as its designer describes it, and RULES.md
// explains each option.
type Rules struct {
	Size           int  // rows and columns of the tableau, 3 to 5
	Ranks          int  // ranks in the deck (Ace up, four suits each), 1 to 13
	ColumnAdjacent bool // a column pair must sit in neighbouring rows
	ChainMoves     bool // a cell emptied by a vertical move may itself be filled by one
	Diagonals      bool // pairs on a full diagonal may be cast out
}

// options binds r's fields to their names, defaults and meanings.
func (r *Rules) options() *games.Options {
	o := games.NewOptions("rule")
	o.Bool(&r.ColumnAdjacent, "column-adjacent", false, "a column pair must be two cards in neighbouring rows (false: anywhere in the column)")
	o.Bool(&r.ChainMoves, "chain-moves", false, "a cell emptied by a vertical move may itself receive a vertical move")
	o.Bool(&r.Diagonals, "diagonals", true, "pairs on a full diagonal may be cast out")
	o.Int(&r.Size, "size", maxSize, 3, maxSize, "rows and columns of the tableau; the rest of the deck is the stock")
	o.Int(&r.Ranks, "ranks", 13, 1, 13, "ranks in the deck, Ace up, four suits each (13 = the standard 52 cards)")
	o.ChangesDeal("ranks")
	return o
}

// DefaultRules returns the rules as the designer plays them, under the
// readings of RULES.md: a 5×5 tableau from a 52-card deck, column pairs
// anywhere in the column, no chained vertical moves, diagonal pairs allowed.
func DefaultRules() Rules { return rulebook.Defaults() }

// ParseRules returns the default rules with the given "key=value" options
// applied; unknown keys, bad values and rules that do not make a playable
// game (see Check) are errors.
func ParseRules(kvs []string) (Rules, error) { return rulebook.Parse(kvs) }

// Settings returns every rule option with its value in r.
func (r Rules) Settings() []games.Setting { return rulebook.Settings(r) }

// rulebook derives the defaults, the parser, the settings and the registry
// entry from the options.
var rulebook = games.Define("chriscross", "Chris-Cross Pairs Solitaire",
	"cast out pairs sharing a column or a full diagonal of a 5×5 tableau; win by casting out all 52 cards",
	(*Rules).options, func(r *Rules) error { return r.Check() }, func(r Rules) (games.Game, error) { return New(r) })

// Definition returns the registry entry of Chris-Cross.
func Definition() games.Definition {
	d := rulebook.Definition()
	d.ExampleDeal = ExampleDeal
	return d
}

// Check reports an error if r does not describe a playable game: a size or
// a number of ranks out of range, or too few cards to deal the tableau.
func (r Rules) Check() error {
	if r.Size < 3 || r.Size > maxSize {
		return fmt.Errorf("chriscross: size %d: want 3 to %d", r.Size, maxSize)
	}
	if r.Ranks < 1 || r.Ranks > 13 {
		return fmt.Errorf("chriscross: ranks %d: want 1 to 13", r.Ranks)
	}
	if 4*r.Ranks < r.Size*r.Size {
		return fmt.Errorf("chriscross: %d ranks make %d cards, too few to deal a %d×%d tableau", r.Ranks, 4*r.Ranks, r.Size, r.Size)
	}
	return nil
}

// Deck returns the game's cards in rank-major order.
func (r Rules) Deck() []cards.Card { return cards.Ranks(r.Ranks, 0) }

// String returns the rules as "key=value" options separated by spaces, in
// the order of Settings; ParseRules reads them back.
func (r Rules) String() string {
	var b strings.Builder
	for i, s := range r.Settings() {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s.Name + "=" + s.Value)
	}
	return b.String()
}
