// Package chriscross implements Chris-Cross Pairs Solitaire, by Victor
// Wakefield: a five-by-five tableau from which pairs of equal rank are cast
// out when they share a column or lie on a full diagonal, in rounds of two
// phases, with the tableau refilled from a 27-card stock between rounds.
//
// RULES.md in this directory states the rules as cardsim plays them, with
// every interpretation and rule option.
//
// Every choice the player has is an action: which pair to cast next (or to
// end the step's casting), then, for each cell vacated by the step, whether
// the card above or below moves into it. Everything else (closing gaps,
// transposing short rows, refilling from the stock) follows the rules and
// happens inside the state; so does any decision with a single legal action.
//
// Position is the whole game as a copyable value, so that strategies can
// look ahead by copying it. A View hands strategies a Position of the
// visible tableau only (Lookahead); the clairvoyant solver alone gets the
// true one, stock order included, from the state View.Reveal returns.
package chriscross
