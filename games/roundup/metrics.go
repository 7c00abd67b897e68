package roundup

import (
	"strconv"

	"github.com/cardsim/cardsim/games"
)

// The metrics' indexes in State.Metrics; start_seat.<k> follow, one per seat.
const (
	mRounds = iota
	mTurns
	mFirstRoundTurns
	mMaxRoundTurns
	mMinRoundTurns
	mPassFree
	mPassPenalty
	mPlayUp
	mPlayDown
	mAttack // attacks.jack, .queen, .king
	_
	_
	mHit // hits.jack, .queen, .king
	_
	_
	mBlank
	mAlliedRounds
	mAlliedWon
	mLastSuit // last_suit.clubs … spades
	_
	_
	_
	mUnbacked
	mPointsSuit
	mPointsOut
	mNoFirstOut
	mTieBreaks
	mRedeals
	mExtraRounds
	mCapped
	mDrawn
	mMixedAllied // mixed.allied_bidders, then .allied_points, .lone_bidders, .lone_points
	_
	_
	_
	mStartSeat // start_seat.0 … start_seat.5
	numMetrics = mStartSeat + maxPlayers
)

var faceNames = [3]string{"jack", "queen", "king"}

// metricsFor returns the metrics under rules r, each with the most it can
// reach in one game of at most max-rounds rounds. A round takes at most
// ActionBound(players) actions (RULES.md proves it), so as many turns;
// it plays at most 40 number cards, moves at most 40 face up, and plays
// or discards each of the 12 face cards at most once; its last suit gives
// its backers together at most the best of k × (points each of k backers
// scores), 4 under the rules as written, and the first out scores the
// first-out rule's points. The redeals of a deal have no bound (each is
// needed with probability under 10⁻⁵).
func metricsFor(r Rules) []games.Metric {
	players := r.Players
	rounds := int64(r.MaxRounds)
	turns := int64(ActionBound(players))
	suit, out := int64(r.suitMost()), int64(r.FirstOut)
	m := make([]games.Metric, mStartSeat+players)
	m[mRounds] = games.Metric{Name: "rounds", Usage: "rounds played", Max: rounds}
	m[mTurns] = games.Metric{Name: "turns", Usage: "turns taken, all rounds", Role: games.Duration, Max: rounds * turns}
	m[mFirstRoundTurns] = games.Metric{Name: "round_turns.first", Usage: "turns in the first round", Max: turns}
	m[mMaxRoundTurns] = games.Metric{Name: "round_turns.longest", Usage: "turns in the longest round", Max: turns}
	m[mMinRoundTurns] = games.Metric{Name: "round_turns.shortest", Usage: "turns in the shortest round", Max: turns}
	m[mPassFree] = games.Metric{Name: "passes.free", Usage: "passes with no penalty (no face-down card left)", Max: rounds * turns}
	m[mPassPenalty] = games.Metric{Name: "passes.penalty", Usage: "passes that moved a card face up or discarded a face card", Max: rounds * 52}
	m[mPlayUp] = games.Metric{Name: "plays.face_up", Usage: "cards played onto the stacks from face-up hands", Max: rounds * 40}
	m[mPlayDown] = games.Metric{Name: "plays.face_down", Usage: "cards played onto the stacks from face-down hands", Max: rounds * 40}
	for i, f := range faceNames {
		m[mAttack+i] = games.Metric{Name: "attacks." + f, Usage: f + " attacks made", Max: rounds * 4}
		m[mHit+i] = games.Metric{Name: "hits." + f, Usage: f + " attacks that moved a card face up or discarded one", Max: rounds * 4}
	}
	m[mBlank] = games.Metric{Name: "blank_plays", Usage: "blank face cards played (jack, queen or king=blank)", Max: rounds * 12}
	m[mAlliedRounds] = games.Metric{Name: "allied.rounds", Usage: "rounds in which two or more players bid on one suit", Max: rounds}
	m[mAlliedWon] = games.Metric{Name: "allied.won", Usage: "rounds whose last suit had two or more backers", Max: rounds}
	for s := range 4 {
		m[mLastSuit+s] = games.Metric{Name: "last_suit." + suitNames[s], Usage: "rounds in which " + suitNames[s] + " closed last", Max: rounds}
	}
	m[mUnbacked] = games.Metric{Name: "last_suit_unbacked", Usage: "rounds whose last suit nobody bid on", Max: rounds}
	m[mPointsSuit] = games.Metric{Name: "points.last_suit", Usage: "points scored for guessing the last suit, all players", Max: rounds * suit}
	m[mPointsOut] = games.Metric{Name: "points.first_out", Usage: "points scored for emptying a hand first", Max: rounds * out}
	m[mNoFirstOut] = games.Metric{Name: "no_first_out", Usage: "rounds that ended before any hand was empty", Max: rounds}
	m[mTieBreaks] = games.Metric{Name: "tie_breaks", Usage: "cards moved face up to break ties for the first player", Max: rounds * 52}
	m[mRedeals] = games.Metric{Name: "redeals", Usage: "deals redealt because a player had no number card", Max: games.Unbounded}
	m[mExtraRounds] = games.Metric{Name: "extra_rounds", Usage: "rounds played because leaders were tied at the goal", Max: rounds}
	m[mCapped] = games.Metric{Name: "capped", Usage: "games ended by max-rounds before anyone reached the goal", Role: games.Capped}
	m[mDrawn] = games.Metric{Name: "drawn", Usage: "games that ended with leaders tied (they draw)", Role: games.Indicator}
	m[mMixedAllied] = games.Metric{Name: "mixed.allied_bidders", Usage: "bids on a suit another player also backed, in rounds where someone else bid alone", Max: rounds * int64(players)}
	m[mMixedAllied+1] = games.Metric{Name: "mixed.allied_points", Usage: "round points (last suit and first out) scored by those allied bidders", Max: rounds * (suit + out)}
	m[mMixedAllied+2] = games.Metric{Name: "mixed.lone_bidders", Usage: "bids on a suit nobody else backed, in rounds where others bid together", Max: rounds * int64(players)}
	m[mMixedAllied+3] = games.Metric{Name: "mixed.lone_points", Usage: "round points (last suit and first out) scored by those lone bidders", Max: rounds * (suit + out)}
	for k := range players {
		m[mStartSeat+k] = games.Metric{Name: "start_seat." + strconv.Itoa(k), Usage: "rounds started by seat " + strconv.Itoa(k), Max: rounds}
	}
	return m
}
