package games

import (
	"slices"

	"github.com/cardsim/cardsim/games/cards"
)

// Action is a move a seat may make, a small non-negative integer whose meaning
// the game defines. Legal actions are always listed in ascending order.
type Action int32

// Terminal is the seat State.Turn reports once a game is over.
const Terminal = -1

// Game is a card game with its rules fixed: the source of states and the
// description sim and reports need (seats, score bounds, metric names).
type Game interface {
	// Name returns the game's CLI name, such as "nora".
	Name() string
	// Seats returns the number of players.
	Seats() int
	// Rules returns every rule option with the value in force.
	Rules() []Setting
	// ScoreBounds returns the least and greatest score a seat can end with.
	ScoreBounds() (lo, hi int)
	// Metrics describes the named counts State.Metrics reports per game.
	Metrics() []Metric
	// NewState returns a state ready for Reset or Deal.
	NewState() State
	// Capabilities states what the game offers beyond these methods.
	Capabilities() Capabilities
}

// Capabilities states what a game offers beyond the methods of Game, State
// and View that every game has, as OpenSpiel's GameType states a game's
// information and utility: what sim, the strategies and the checks may ask
// of it. The zero value offers nothing. A capability whose use is a call on
// a state or a view (on a hot path: per deal, per action, per sample) names
// the interface the game's states or views then implement; the caller
// checks the capability once, where it sets up, and asserts the interface
// there. gamestest.Conformance checks that each capability a game states is
// implemented.
type Capabilities struct {
	// DealFeatures names and explains the counts by which the game's deals
	// can be described seat by seat (such as the face cards a seat is
	// dealt), so that sim can report outcomes against them ("do players
	// dealt more face cards win more often?"); nil when there are none.
	// The states implement FeaturedState.
	DealFeatures []Metric
	// Rounds says the game is played over several rounds, each from a fresh
	// deal described by DealFeatures, and its states implement
	// RoundFeaturedState.
	Rounds bool
	// SeatNames names seats as the rules do, indexed by seat ("first
	// dealer" for the seat that deals the first round), "" for a seat the
	// rules give no name of its own; nil where none has one. Reports number
	// seats from 1 and add the name. The slice is the game's own: callers
	// must not change it.
	SeatNames []string
	// FirstSeat says the deal (or a rule) decides the seat that moves first
	// in a game for several players, and the states implement Starter.
	FirstSeat bool
	// ScoreSoFar says the seats hold a score during play, and the states
	// implement Scorer.
	ScoreSoFar bool
	// Dealt says the states remember the deal as it was dealt, and
	// implement Dealer.
	Dealt bool
	// Sample says generic search strategies (flatmc, pimc, ismcts) can play
	// the game: its views implement Sampler.
	Sample bool
	// Reveal says clairvoyant strategies can play the game: its views
	// implement Revealer. A game may offer it only when built for them (as
	// nora.Game.Clairvoyant is).
	Reveal bool
	// CannotDeal says why the game cannot be dealt, or is nil when it can: a
	// game rebuilt from a run's recorded rules whose inputs (such as a table
	// file) are not at hand, or no longer the ones recorded, as cardsim
	// merge rebuilds it, may be described but not dealt. Every command that
	// plays checks it first (CanDeal).
	CannotDeal error
	// Balances lists the identities the game's metrics hold at the end of
	// every game, such as Nora's ip: what was earned plus what was held at
	// the start equals what was spent plus what was left unused. sim holds
	// a tally read from a file to them, without knowing what they mean.
	// The slice is the game's own: callers must not change it.
	Balances []Balance
}

// Balance is an identity a game's metrics hold at the end of every game:
// the metrics named in In, plus Start, sum to the metrics named in Out.
// gamestest.Conformance checks it after every game it plays.
type Balance struct {
	In, Out []string
	Start   int64
}

// Holds reports whether the metric values, in the order of metrics, keep
// the balance. It panics if the balance names a metric not among metrics.
func (b Balance) Holds(metrics []Metric, values []int64) bool {
	sum := func(names []string) int64 {
		var s int64
		for _, name := range names {
			i := slices.IndexFunc(metrics, func(m Metric) bool { return m.Name == name })
			if i < 0 {
				panic("games: balance of unknown metric " + name)
			}
			s += values[i]
		}
		return s
	}
	return sum(b.In)+b.Start == sum(b.Out)
}

// State is one game in progress. A State is used by one goroutine; sim keeps
// one per worker and resets it for every game, so Reset and the play methods
// should not allocate once the state is warm.
type State interface {
	// Reset starts a new game whose chance events (shuffles, draws) all derive
	// from seed.
	Reset(seed uint64)
	// Deal starts a new game from a deal given as text, in the game's
	// documented form; later chance events derive from seed. It reports a
	// clear error for a deal that does not fit the rules.
	Deal(deal string, seed uint64) error
	// Turn returns the seat to act, or Terminal when the game is over.
	Turn() int
	// Legal appends the legal actions of the seat to act to dst[:0], in
	// ascending order, and returns it. It is never empty before the end.
	Legal(dst []Action) []Action
	// Apply plays a legal action for the seat to act.
	Apply(a Action)
	// View returns what seat may see now. The view stays valid until the next
	// call that changes the state.
	View(seat int) View
	// Outcome returns seat's result once the game is over.
	Outcome(seat int) Outcome
	// Metrics appends the game's metrics, in the order of Game.Metrics, to
	// dst[:0] and returns it.
	Metrics(dst []int64) []int64
	// Cards appends every card of the game, wherever it is (held, dealt,
	// removed), to dst[:0] and returns it; the multiset never changes.
	Cards(dst []cards.Card) []cards.Card
	// Clone returns an independent copy.
	Clone() State
	// Determinize re-orders the cards hidden from seat, consistently with
	// what seat's view shows, drawing from the given seed.
	Determinize(seat int, seed uint64)
	// ActionString names an action legal now, for traces and prompts.
	ActionString(a Action) string
	// Record switches the event log on or off; off by default, and free
	// when off.
	Record(on bool)
	// Events returns the events logged since the deal.
	Events() []Event
}

// View is what one seat may see of a state. Games return their own view
// types; generic strategies use only the legal actions.
type View interface {
	// Seat returns the seat whose view this is.
	Seat() int
}

// Sampler is implemented by the views of games that generic search
// strategies (flatmc, pimc, ismcts) can play (Capabilities.Sample). Such a
// strategy receives only a View and the legal actions; Sampler gives it a
// state to search from that holds nothing the viewing seat does not know.
type Sampler interface {
	// SampleState makes dst a copy of the viewed state in which every card
	// hidden from the view's seat is re-drawn from seed, consistently with
	// what the view shows, and returns it; later chance events are re-keyed
	// from seed too. The result depends only on what the view shows and on
	// seed, never on where the hidden cards really are, so that a search
	// from it cannot peek. dst must be nil or a state of the same Game owned
	// by the caller (from NewState, Clone or an earlier SampleState); given
	// nil, SampleState allocates a new state, else it allocates nothing once
	// dst is warm. The view stays valid.
	SampleState(dst State, seed uint64) State
}

// Result is how a game ended for a seat. At most one seat wins a game:
// Win means the seat won alone, and a game with a winner has no draw; Draw
// means the seat tied for the win with at least one other seat. sim holds
// a tally read from a file to this (its seats' wins and draws together fit
// in its plays), and gamestest.Conformance checks it after every game.
type Result int8

// The results.
const (
	Loss Result = iota
	Draw
	Win
)

// String returns "loss", "draw" or "win".
func (r Result) String() string {
	switch r {
	case Win:
		return "win"
	case Draw:
		return "draw"
	}
	return "loss"
}

// Outcome is a seat's result at the end of a game.
type Outcome struct {
	Score  int    // the seat's score, within Game.ScoreBounds
	Result Result // for a solitaire, Win means the best possible score
}

// Metric names and explains one count a game reports per game; a count is
// never negative. A name with a dot ("ip_earned.joke") belongs to the group
// before the dot, which reports chart side by side.
type Metric struct {
	Name  string
	Usage string
	Role  MetricRole // what sim may read in the count beyond its distribution
	// Max is the most the count can be in one game under the game's
	// rules, at every moment of the game as at its end, or Unbounded when
	// the rules set no bound (a count a player could prolong at will). A
	// 0-or-1 role is bounded by 1 whatever Max says. The soak checks it
	// after every action, and sim refuses a tally read from a file with a
	// count beyond it.
	Max int64
}

// Unbounded is the Max of a count the rules do not bound.
const Unbounded int64 = -1

// Bound returns the most the count can be in one game, and whether the
// rules bound it at all.
func (m Metric) Bound() (max int64, ok bool) {
	switch {
	case m.Role.Binary():
		return 1, true
	case m.Max == Unbounded:
		return 0, false
	}
	return m.Max, true
}

// MetricRole tells sim what a metric means where it needs to know: the
// length of a game, or whether a safety cap ended it. Sim never reads a
// metric's meaning from its name.
type MetricRole int8

// The metric roles.
const (
	// Count is a count with no further meaning to sim.
	Count MetricRole = iota
	// Duration is the length of a game in turns; sim reports its
	// distribution as the game's duration.
	Duration
	// Capped is 1 when a safety cap, not the rules, ended the game and 0
	// otherwise; sim reports the share of games at 0 as their completion.
	// It is an Indicator.
	Capped
	// Indicator is 1 when something happened in the game (it was drawn by
	// a given rule, the first player won) and 0 otherwise: its mean is a
	// share of games, which sim gives a Wilson interval.
	Indicator
)

// Binary reports whether the metric is 0 or 1 in every game.
func (r MetricRole) Binary() bool { return r == Capped || r == Indicator }

// Scorer is implemented by states whose seats hold a score during play,
// not only once the game is over (points so far, cards removed so far;
// Capabilities.ScoreSoFar).
// ScoreSoFar stays within Game.ScoreBounds after every action, and at the
// end it is Outcome's score; the conformance and soak checks hold it to
// both. Games that settle the score only at the end (Spite and Malice) do
// not implement it.
type Scorer interface {
	ScoreSoFar(seat int) int
}

// Event is one entry of a game's log. Games define their own event types;
// String gives the human-readable trace line and the value marshals to a
// JSON object whose "type" field names the event.
type Event interface {
	String() string
}

// Revealer is implemented by the views of games that clairvoyant strategies
// play (Capabilities.Reveal): bounds on what any player could do, never
// realistic players. Reveal returns the viewed state itself, hidden cards
// included; the caller must not change it, and the state stays valid as
// long as the view. A view of a game that does not offer Reveal may panic.
type Revealer interface {
	Reveal() State
}

// FeaturedState is implemented by the states of games that describe their
// deals seat by seat (Capabilities.DealFeatures). The features are read
// right after the deal, before any action.
type FeaturedState interface {
	// SeatFeatures appends seat's features, in the order of DealFeatures,
	// to dst[:0] and returns it. It is valid from the deal to the end.
	SeatFeatures(seat int, dst []int64) []int64
}

// RoundFeaturedState is implemented by the states of games played over
// several rounds (Capabilities.Rounds), each from a fresh deal, so that sim
// can report each round's outcome against that round's deal as well as the
// game's outcome against the first deal. The features are those of
// Capabilities.DealFeatures.
type RoundFeaturedState interface {
	// Rounds returns the number of rounds finished so far.
	Rounds() int
	// RoundFeatures appends seat's features in round r (from 0), in the
	// order of DealFeatures, to dst[:0] and returns it.
	RoundFeatures(r, seat int, dst []int64) []int64
	// RoundOutcome returns seat's result in round r: Score is the points
	// the seat scored in that round, Result is Win when it alone scored the
	// most, Draw when it tied for the most, and Loss otherwise.
	RoundOutcome(r, seat int) Outcome
}

// CanDeal returns why g cannot be dealt, or nil when it can
// (Capabilities.CannotDeal).
func CanDeal(g Game) error { return g.Capabilities().CannotDeal }

// Starter is implemented by states of games for several players in which the
// seat that moves first is decided by the deal (or by rule), so that sim can
// measure the first player's advantage (Capabilities.FirstSeat).
type Starter interface {
	// FirstSeat returns the seat that moved first in the game (or its first
	// round).
	FirstSeat() int
}

// Dealer is implemented by states that remember the deal as it was dealt,
// before any action or automatic step changed it. sim fingerprints deals with
// it (falling back on State.Cards right after the deal), so that runs under
// different rules can be checked to have played the same cards
// (Capabilities.Dealt).
type Dealer interface {
	// Dealt appends the cards of the deal, in dealing order, to dst[:0].
	Dealt(dst []cards.Card) []cards.Card
}
