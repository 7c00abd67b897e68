package spite

import (
	"strconv"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// The metrics' indexes in State.Metrics.
const (
	mTurns = iota
	mFirstSeat
	mFirstWon
	mDrawCap
	mDrawIdle
	mDrawRepeat
	mDrawStall
	mPlayStockpile
	mPlayHand
	mPlayPile
	mJokers
	mDiscards
	mHandEmptied
	mCompleted
	mRebuilds
	mRebuilt
	mLeft
	mTies
	numMetrics
)

// metricsFor returns the metrics under rules r, each with the most it can
// reach in one game. A game lasts at most max-turns turns. A turn starts
// with at most hand cards in hand and refills an emptied hand at most
// max-refills times, so it plays at most hand × (max-refills+1) cards from
// the hand and draws (rebuilding the stock first, at most once a draw) at
// most max-refills+1 times; it discards at most once, and only discards
// feed the discard piles. A completed stack holds 13 cards.
func metricsFor(r Rules) []games.Metric {
	turns, draws := int64(r.MaxTurns), int64(r.MaxRefills)+1
	hand := turns * int64(r.Hand) * draws
	plays := 2*int64(r.Stockpile) + hand + turns
	rebuilds := turns * draws
	allCards := int64(2*52 + r.Jokers)
	m := make([]games.Metric, numMetrics)
	m[mTurns] = games.Metric{Name: "turns", Usage: "turns played, both seats counted", Role: games.Duration, Max: turns}
	m[mFirstSeat] = games.Metric{Name: "first_seat", Usage: "the seat that moved first (0 or 1; its mean is the share of games seat 1 started)", Role: games.Indicator}
	m[mFirstWon] = games.Metric{Name: "first_won", Usage: "1 if the seat that moved first won", Role: games.Indicator}
	m[mDrawCap] = games.Metric{Name: "draw.cap", Usage: "1 if the game reached the turn cap (max-turns) and was drawn", Role: games.Capped}
	m[mDrawIdle] = games.Metric{Name: "draw.idle", Usage: "1 if the game was drawn because no one played to the centre or discarded for idle-rounds full rounds", Role: games.Indicator}
	m[mDrawRepeat] = games.Metric{Name: "draw.repeat", Usage: "1 if the game was drawn because a position came up for the repeat-th time", Role: games.Indicator}
	m[mDrawStall] = games.Metric{Name: "draw.stall", Usage: "1 if the game was drawn because no stockpile card was played for stall-turns turns", Role: games.Indicator}
	m[mPlayStockpile] = games.Metric{Name: "plays.stockpile", Usage: "cards played to the centre from the stockpiles", Max: 2 * int64(r.Stockpile)}
	m[mPlayHand] = games.Metric{Name: "plays.hand", Usage: "cards played to the centre from the hands", Max: hand}
	m[mPlayPile] = games.Metric{Name: "plays.discard", Usage: "cards played to the centre from the discard piles", Max: turns}
	m[mJokers] = games.Metric{Name: "jokers_played", Usage: "jokers played to the centre (from hands or discard piles)", Max: hand + turns}
	m[mDiscards] = games.Metric{Name: "discards", Usage: "cards discarded at the end of a turn", Max: turns}
	m[mHandEmptied] = games.Metric{Name: "hands_emptied", Usage: "times a hand was emptied mid-turn and " + cardWords(r.Hand) + " new cards drawn", Max: turns * int64(r.MaxRefills)}
	m[mCompleted] = games.Metric{Name: "stacks_completed", Usage: "centre stacks built up to king and set aside", Max: plays / 13}
	m[mRebuilds] = games.Metric{Name: "rebuilds", Usage: "times centre cards were shuffled under a low stock", Max: rebuilds}
	m[mRebuilt] = games.Metric{Name: "rebuilt_cards", Usage: "cards moved from the centre to the stock by rebuilds", Max: rebuilds * allCards}
	m[mLeft] = games.Metric{Name: "loser_left", Usage: "cards left in the loser's stockpile (the winner's score; 0 for a draw)", Max: int64(r.Stockpile)}
	m[mTies] = games.Metric{Name: "first_ties", Usage: "upcard ties settled before the first turn (reshuffles or the coin)", Max: maxTieShuffles + 1}
	return m
}

// The deal features' indexes in State.SeatFeatures.
const (
	fJokers = iota
	fAces
	fTop
	fFirst
	numFeatures
)

// featuresFor returns the deal features under rules r.
func featuresFor(r Rules) []games.Metric {
	hand := cardWords(r.Hand)
	return []games.Metric{
		fJokers: {Name: "jokers_in_first_hand", Usage: "jokers among the " + hand + " cards dealt to the seat", Max: int64(r.Hand)},
		fAces:   {Name: "aces_in_first_hand", Usage: "aces among the " + hand + " cards dealt to the seat", Max: 4},
		fTop:    {Name: "stockpile_top_rank", Usage: "rank of the seat's first upcard (1 = ace … 13 = king), after any tie was settled", Max: int64(cards.King)},
		fFirst:  {Name: "moves_first", Usage: "1 if the seat moves first", Max: 1},
	}
}

// cardWords returns n in words for n up to ten ("five"), as a number
// beyond.
func cardWords(n int) string {
	words := [...]string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return strconv.Itoa(n)
}
