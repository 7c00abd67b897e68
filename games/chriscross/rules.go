package chriscross

import (
	"fmt"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// Rules holds the rule options of Chris-Cross. DefaultRules gives the game
// as its designer describes it; RULES.md explains each option.
type Rules struct {
	Size           int  // rows and columns of the tableau, 3 to 5
	Ranks          int  // ranks in the deck (Ace up, four suits each), 1 to 13
	ColumnAdjacent bool // a column pair must sit in neighbouring rows
	ChainMoves     bool // a cell emptied by a vertical move may itself be filled by one
	Diagonals      bool // pairs on a full diagonal may be cast out
}

// DefaultRules returns the rules as the designer plays them: a 5×5 tableau
// from a 52-card deck, column pairs anywhere in the column, no chained
// vertical moves, diagonal pairs allowed.
func DefaultRules() Rules {
	return Rules{Size: 5, Ranks: 13, Diagonals: true}
}

// Check reports an error if r does not describe a playable game.
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

// bind defines r's fields as options of o.
func (r *Rules) bind(o *games.Options) {
	d := DefaultRules()
	o.Bool(&r.ColumnAdjacent, "column-adjacent", d.ColumnAdjacent, "a column pair must be two cards in neighbouring rows (false: anywhere in the column)")
	o.Bool(&r.ChainMoves, "chain-moves", d.ChainMoves, "a cell emptied by a vertical move may itself receive a vertical move")
	o.Bool(&r.Diagonals, "diagonals", d.Diagonals, "pairs on a full diagonal may be cast out")
	o.Int(&r.Size, "size", d.Size, 3, maxSize, "rows and columns of the tableau; the rest of the deck is the stock")
	o.Int(&r.Ranks, "ranks", d.Ranks, 1, 13, "ranks in the deck, Ace up, four suits each (13 = the standard 52 cards)")
}

// Definition returns the registry entry of Chris-Cross.
func Definition() games.Definition {
	return games.Definition{
		Name:    "chriscross",
		Title:   "Chris-Cross Pairs Solitaire",
		Summary: "cast out pairs sharing a column or a full diagonal of a 5×5 tableau; win by casting out all 52 cards",
		New: func(rules []string) (games.Game, error) {
			var r Rules
			o := games.NewOptions("rule")
			r.bind(o)
			if err := o.Apply(rules); err != nil {
				return nil, err
			}
			return New(r)
		},
	}
}

// String returns the rules as "key=value" options separated by spaces.
func (r Rules) String() string {
	return fmt.Sprintf("size=%d ranks=%d column-adjacent=%t chain-moves=%t diagonals=%t",
		r.Size, r.Ranks, r.ColumnAdjacent, r.ChainMoves, r.Diagonals)
}
