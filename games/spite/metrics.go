package spite

import "github.com/cardsim/cardsim/games"

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

var metrics = func() []games.Metric {
	m := make([]games.Metric, numMetrics)
	m[mTurns] = games.Metric{Name: "turns", Usage: "turns played, both seats counted", Role: games.Duration}
	m[mFirstSeat] = games.Metric{Name: "first_seat", Usage: "the seat that moved first (0 or 1; its mean is the share of games seat 1 started)", Role: games.Indicator}
	m[mFirstWon] = games.Metric{Name: "first_won", Usage: "1 if the seat that moved first won", Role: games.Indicator}
	m[mDrawCap] = games.Metric{Name: "draw.cap", Usage: "1 if the game reached the turn cap (max-turns) and was drawn", Role: games.Capped}
	m[mDrawIdle] = games.Metric{Name: "draw.idle", Usage: "1 if the game was drawn because no one played to the centre or discarded for idle-rounds full rounds", Role: games.Indicator}
	m[mDrawRepeat] = games.Metric{Name: "draw.repeat", Usage: "1 if the game was drawn because a position came up for the repeat-th time", Role: games.Indicator}
	m[mDrawStall] = games.Metric{Name: "draw.stall", Usage: "1 if the game was drawn because no stockpile card was played for stall-turns turns", Role: games.Indicator}
	m[mPlayStockpile] = games.Metric{Name: "plays.stockpile", Usage: "cards played to the centre from the stockpiles"}
	m[mPlayHand] = games.Metric{Name: "plays.hand", Usage: "cards played to the centre from the hands"}
	m[mPlayPile] = games.Metric{Name: "plays.discard", Usage: "cards played to the centre from the discard piles"}
	m[mJokers] = games.Metric{Name: "jokers_played", Usage: "jokers played to the centre (from hands or discard piles)"}
	m[mDiscards] = games.Metric{Name: "discards", Usage: "cards discarded at the end of a turn"}
	m[mHandEmptied] = games.Metric{Name: "hands_emptied", Usage: "times a hand was emptied mid-turn and five new cards drawn"}
	m[mCompleted] = games.Metric{Name: "stacks_completed", Usage: "centre stacks built up to king and set aside"}
	m[mRebuilds] = games.Metric{Name: "rebuilds", Usage: "times centre cards were shuffled under a low stock"}
	m[mRebuilt] = games.Metric{Name: "rebuilt_cards", Usage: "cards moved from the centre to the stock by rebuilds"}
	m[mLeft] = games.Metric{Name: "loser_left", Usage: "cards left in the loser's stockpile (the winner's score; 0 for a draw)"}
	m[mTies] = games.Metric{Name: "first_ties", Usage: "upcard ties settled before the first turn (reshuffles or the coin)"}
	return m
}()

// The deal features' indexes in State.SeatFeatures.
const (
	fJokers = iota
	fAces
	fTop
	fFirst
	numFeatures
)

var features = []games.Metric{
	fJokers: {Name: "jokers_in_first_hand", Usage: "jokers among the five cards dealt to the seat"},
	fAces:   {Name: "aces_in_first_hand", Usage: "aces among the five cards dealt to the seat"},
	fTop:    {Name: "stockpile_top_rank", Usage: "rank of the seat's first upcard (1 = ace … 13 = king), after any tie was settled"},
	fFirst:  {Name: "moves_first", Usage: "1 if the seat moves first"},
}
