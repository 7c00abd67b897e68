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

func metricList(players int) []games.Metric {
	m := make([]games.Metric, mStartSeat+players)
	m[mRounds] = games.Metric{Name: "rounds", Usage: "rounds played"}
	m[mTurns] = games.Metric{Name: "turns", Usage: "turns taken, all rounds", Role: games.Duration}
	m[mFirstRoundTurns] = games.Metric{Name: "round_turns.first", Usage: "turns in the first round"}
	m[mMaxRoundTurns] = games.Metric{Name: "round_turns.longest", Usage: "turns in the longest round"}
	m[mMinRoundTurns] = games.Metric{Name: "round_turns.shortest", Usage: "turns in the shortest round"}
	m[mPassFree] = games.Metric{Name: "passes.free", Usage: "passes with no penalty (no face-down card left)"}
	m[mPassPenalty] = games.Metric{Name: "passes.penalty", Usage: "passes that moved a card face up or discarded a face card"}
	m[mPlayUp] = games.Metric{Name: "plays.face_up", Usage: "cards played onto the stacks from face-up hands"}
	m[mPlayDown] = games.Metric{Name: "plays.face_down", Usage: "cards played onto the stacks from face-down hands"}
	for i, f := range faceNames {
		m[mAttack+i] = games.Metric{Name: "attacks." + f, Usage: f + " attacks made"}
		m[mHit+i] = games.Metric{Name: "hits." + f, Usage: f + " attacks that moved a card face up or discarded one"}
	}
	m[mBlank] = games.Metric{Name: "blank_plays", Usage: "blank face cards played (jack, queen or king=blank)"}
	m[mAlliedRounds] = games.Metric{Name: "allied.rounds", Usage: "rounds in which two or more players bid on one suit"}
	m[mAlliedWon] = games.Metric{Name: "allied.won", Usage: "rounds whose last suit had two or more backers"}
	for s := range 4 {
		m[mLastSuit+s] = games.Metric{Name: "last_suit." + suitNames[s], Usage: "rounds in which " + suitNames[s] + " closed last"}
	}
	m[mUnbacked] = games.Metric{Name: "last_suit_unbacked", Usage: "rounds whose last suit nobody bid on"}
	m[mPointsSuit] = games.Metric{Name: "points.last_suit", Usage: "points scored for guessing the last suit, all players"}
	m[mPointsOut] = games.Metric{Name: "points.first_out", Usage: "points scored for emptying a hand first"}
	m[mNoFirstOut] = games.Metric{Name: "no_first_out", Usage: "rounds that ended before any hand was empty"}
	m[mTieBreaks] = games.Metric{Name: "tie_breaks", Usage: "cards moved face up to break ties for the first player"}
	m[mRedeals] = games.Metric{Name: "redeals", Usage: "deals redealt because a player had no number card"}
	m[mExtraRounds] = games.Metric{Name: "extra_rounds", Usage: "rounds played because leaders were tied at the goal"}
	m[mCapped] = games.Metric{Name: "capped", Usage: "games ended by max-rounds before anyone reached the goal", Role: games.Capped}
	m[mDrawn] = games.Metric{Name: "drawn", Usage: "games that ended with leaders tied (they draw)", Role: games.Indicator}
	m[mMixedAllied] = games.Metric{Name: "mixed.allied_bidders", Usage: "bids on a suit another player also backed, in rounds where someone else bid alone"}
	m[mMixedAllied+1] = games.Metric{Name: "mixed.allied_points", Usage: "round points (last suit and first out) scored by those allied bidders"}
	m[mMixedAllied+2] = games.Metric{Name: "mixed.lone_bidders", Usage: "bids on a suit nobody else backed, in rounds where others bid together"}
	m[mMixedAllied+3] = games.Metric{Name: "mixed.lone_points", Usage: "round points (last suit and first out) scored by those lone bidders"}
	for k := range players {
		m[mStartSeat+k] = games.Metric{Name: "start_seat." + strconv.Itoa(k), Usage: "rounds started by seat " + strconv.Itoa(k)}
	}
	return m
}
