package roundup

import (
	"strings"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/roundup"
)

// Greedy plays to close every other suit before its own. It bids on its
// longest suit, counting low cards extra (see chooseBid); plays face-up
// cards only as the rules force it, off suit first, stopping rather than
// play its own suit; otherwise plays a face-down card of another suit if
// one fits, else attacks with any face card, else plays a blank face card
// (under jack, queen or king=blank: a turn that costs no penalty), else
// passes. It attacks the
// rival most likely to make its own suit close first (chooseTarget),
// naming that rival's suit or the card blocking it. Paying a penalty or
// answering an attack, it exposes its highest number card of another suit,
// else discards a face card, else exposes its own suit's highest card.
//
// Attack lists the face ranks it attacks with ("jqk" by default); playing
// greedy against greedy with a rank left out measures what that face card
// is worth to a player. Blank face cards it plays whatever Attack says.
type Greedy struct {
	Attack string
}

// attackChoices are the values of Greedy's attack parameter.
var attackChoices = []string{"jqk", "qk", "jk", "jq", "j", "q", "k", "none"}

func (g *Greedy) options() *games.Options {
	o := games.NewOptions("parameter")
	o.Enum(&g.Attack, "attack", "jqk", attackChoices, "face ranks it attacks with (j, q, k); the others it keeps until a penalty or an attack takes them")
	return o
}

// attacksWith returns the face cards of h whose rank the bot attacks with.
func (g *Greedy) attacksWith(h roundup.Hand) roundup.Hand {
	if g.Attack == "" {
		return h // the zero value attacks with all
	}
	var out roundup.Hand
	for i, r := range [3]cards.Rank{cards.Jack, cards.Queen, cards.King} {
		if strings.ContainsRune(g.Attack, rune("jqk"[i])) {
			out |= h.Rank(r)
		}
	}
	return out
}

// Begin does nothing: the bot has no state.
func (g *Greedy) Begin(uint64) {}

// Choose applies the rules above.
func (g *Greedy) Choose(gv games.View, legal []games.Action) games.Action {
	return choose(g, gv.(*roundup.View), legal)
}

// freePlay plays a face-down card of another suit if one fits, else
// attacks with a face card of its attack ranks, else plays a blank face
// card, else passes.
func (g *Greedy) freePlay(v *roundup.View, h roundup.Hand, suit int) games.Action {
	if p := offSuit(h.Numbers(), suit); p != 0 {
		c, _ := p.First()
		return roundup.CardAction(c)
	}
	b := blanks(v, h.Faces())
	if f := g.attacksWith(h.Faces() &^ b); f != 0 {
		c, _ := f.First()
		return roundup.CardAction(c)
	}
	if b != 0 {
		c, _ := b.First()
		return roundup.CardAction(c)
	}
	return roundup.Pass
}

// answer answers an attack as a penalty is paid.
func (g *Greedy) answer(v *roundup.View, h roundup.Hand, suit int) games.Action {
	return g.penalty(v, h, suit)
}

// penalty exposes the highest number card off suit (exposing it helps
// close another suit), else a face card, else its own suit's highest card.
func (g *Greedy) penalty(_ *roundup.View, h roundup.Hand, suit int) games.Action {
	if o := offSuit(h.Numbers(), suit); o != 0 {
		c, _ := o.Last()
		return roundup.CardAction(c)
	}
	if f := h.Faces(); f != 0 {
		return roundup.CardAction(lowestOf(f, suit))
	}
	c, _ := h.Last()
	return roundup.CardAction(c)
}
