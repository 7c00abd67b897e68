package roundup

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/roundup"
)

// Defender follows the designer's strategy notes. It bids and plays
// face-up cards as Greedy does. When no face-up card must be played it
// attacks with a face card of another suit if some rival (not an ally, who
// backs its suit) can be attacked; it keeps face cards of its own suit to
// answer a Queen naming that suit. Otherwise it plays a blank face card
// of another suit (under jack, queen or king=blank), whoever holds cards:
// it harms nobody and spares a pass penalty. Otherwise it plays a
// face-down card of another suit only while it keeps more than Keep other
// number cards face down (those answer Kings without exposing its suit);
// otherwise it passes,
// holding its suit. A Queen naming its suit is answered by discarding a
// face card of that suit if it has one, else its highest card of the suit
// (the low ones block); a King by a card of another suit where it can. The
// pass penalty exposes a card of another suit whose number it still holds
// in a third suit, the highest such, so that Kings keep finding cover. It
// never attacks an ally while a rival is open to attack.
type Defender struct {
	Keep int
}

func (d *Defender) options() *games.Options {
	o := games.NewOptions("parameter")
	o.Int(&d.Keep, "keep", 2, 0, 13, "play a face-down card of another suit only while holding more than this many other-suit number cards face down")
	return o
}

// Begin does nothing: the bot has no state.
func (d *Defender) Begin(uint64) {}

// Choose applies the rules above.
func (d *Defender) Choose(gv games.View, legal []games.Action) games.Action {
	return choose(d, gv.(*roundup.View), legal)
}

// freePlay attacks a rival with a face card of another suit, else plays a
// blank face card of another suit, else a face-down card of another suit
// while it keeps more than Keep of them, else passes.
func (d *Defender) freePlay(v *roundup.View, h roundup.Hand, suit int) games.Action {
	f := offSuit(h.Faces(), suit)
	b := blanks(v, f)
	if f &^= b; f != 0 && rivalOpen(v) {
		c, _ := f.First()
		return roundup.CardAction(c)
	}
	if b != 0 {
		c, _ := b.First()
		return roundup.CardAction(c)
	}
	if p := offSuit(h.Numbers(), suit); p != 0 && offSuit(v.Down.Numbers(), suit).Len() > d.Keep {
		c, _ := p.First()
		return roundup.CardAction(c)
	}
	return roundup.Pass
}

// answer discards a face card if it has one, else its highest card of the
// suit named (the low ones block).
func (d *Defender) answer(_ *roundup.View, h roundup.Hand, suit int) games.Action {
	if f := h.Faces(); f != 0 {
		c, _ := f.First()
		return roundup.CardAction(c)
	}
	return roundup.CardAction(highestOf(h, suit))
}

// penalty exposes a face card, off suit first, when it holds no number
// card, else the number card coveredCard chooses.
func (d *Defender) penalty(v *roundup.View, h roundup.Hand, suit int) games.Action {
	if h.Numbers() == 0 {
		return roundup.CardAction(lowestOf(h, suit)) // a face card, off suit first
	}
	return roundup.CardAction(coveredCard(v.Down, h, suit))
}

// rivalOpen reports whether a seat that does not back the bot's suit holds
// a face-down card to attack.
func rivalOpen(v *roundup.View) bool {
	me := mySuit(v)
	for k := range v.Players {
		if k != v.Me && v.DownCount[k] > 0 && (me == noSuit || suitOf(v, k) != me) {
			return true
		}
	}
	return false
}

// coveredCard chooses among the number cards opts the one to expose: off
// suit if possible, preferring a card whose number down still holds in
// another off-suit card, then the highest.
func coveredCard(down, opts roundup.Hand, suit int) cards.Card {
	off := offSuit(opts.Numbers(), suit)
	if off == 0 {
		c, _ := opts.Numbers().Last()
		return c
	}
	others := offSuit(down.Numbers(), suit)
	var covered roundup.Hand
	for x := off; x != 0; x &= x - 1 {
		c, _ := x.First()
		if others.Rank(c.Rank()).Without(c) != 0 {
			covered = covered.With(c)
		}
	}
	if covered != 0 {
		off = covered
	}
	c, _ := off.Last()
	return c
}
