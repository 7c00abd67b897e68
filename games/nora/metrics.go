package nora

import "github.com/cardsim/cardsim/games"

// The metrics' indexes in State.Metrics.
const (
	mPasses = iota
	mDeadPasses
	mFirstPassDead
	mFirstPassRemoved
	mEarned // ip_earned.<source>, one for each source before Pair
)

const (
	mSpentInsure = mEarned + int(Pair) + iota
	mSpentSwitch
	mSpentRevive
	mUnused
	mRoundsPerfect
	mRoundsDead
	mEarnedPair // ip_earned.pair, listed only when rule ip-pair is above 0
	numMetrics
)

// earnedMetric returns the index of the metric of ip earned from src.
func earnedMetric(src Source) int {
	if src == Pair {
		return mEarnedPair
	}
	return mEarned + int(src)
}

// metricsFor returns the metrics under rules r, each with the most it can
// reach in one game (games.Metric.Max).
//
// A round plays at most size/2 passes that remove a pair (each removes
// two of its cards for good) and one dead pass that ends it; every other
// dead pass was paid for, by INSURE or REVIVE, out of the ip the game ever
// holds: what it starts with and what it can earn. The ip a source earns
// in a round is at most its price per pair removed (the joker pair once,
// a quad or a sweep once per rank), so the game's ip is bounded; when
// INSURE or REVIVE costs nothing, a player may pay for dead passes
// without end and the passes have no bound. ip_earned.pair is left out
// when ip-pair is 0 (the rules as written), where it is always 0.
func metricsFor(r Rules) []games.Metric {
	size, rounds, ranks := int64(r.DeckSize()), int64(r.Rounds), int64(r.Ranks)
	pairs := size / 2
	var perRound [NumSources]int64
	perRound[Joke] = int64(r.Joke) * int64(r.Jokers/2)
	perRound[Triple] = int64(r.Triple) * pairs
	perRound[Quad] = int64(r.Quad) * ranks
	perRound[Sweep] = int64(r.Sweep) * ranks
	perRound[Jamboree] = int64(r.Jamboree) * pairs
	perRound[Chain] = int64(r.Chain) * pairs
	perRound[Reaction] = int64(r.Reaction) * pairs
	perRound[DeadDeck] = int64(max(r.DeadFull, r.DeadShort))
	perRound[Pair] = int64(r.Pair) * pairs
	held := int64(r.StartIP) // the most ip the game ever holds in all
	for _, v := range perRound {
		held += rounds * v
	}
	passes := games.Unbounded
	if cheapest := int64(min(r.Insure, r.Revive)); cheapest > 0 {
		passes = rounds*(pairs+1) + held/cheapest
	}
	m := make([]games.Metric, numMetrics)
	m[mPasses] = games.Metric{Name: "passes", Usage: "passes (shuffles) played", Max: passes}
	m[mDeadPasses] = games.Metric{Name: "dead_passes", Usage: "passes that removed no pair, insured or not", Max: passes}
	m[mFirstPassDead] = games.Metric{Name: "first_pass_dead", Usage: "rounds whose first shuffle held no adjacent pair (before any switch)", Max: rounds}
	m[mFirstPassRemoved] = games.Metric{Name: "first_pass_removed", Usage: "cards the first shuffle of each round removes on its own (before any switch)", Max: rounds * size}
	for s := range NumSources {
		m[earnedMetric(s)] = games.Metric{Name: "ip_earned." + s.String(), Usage: "ip earned by " + s.String(), Max: rounds * perRound[s]}
	}
	m[mSpentInsure] = games.Metric{Name: "ip_spent.insure", Usage: "ip spent on INSURE", Max: held}
	m[mSpentSwitch] = games.Metric{Name: "ip_spent.switch", Usage: "ip spent on SWITCH", Max: held}
	m[mSpentRevive] = games.Metric{Name: "ip_spent.revive", Usage: "ip spent on REVIVE", Max: held}
	m[mUnused] = games.Metric{Name: "ip_unused", Usage: "ip left unused at the end of the game", Max: held}
	m[mRoundsPerfect] = games.Metric{Name: "rounds_perfect", Usage: "rounds that removed the whole deck", Max: rounds}
	m[mRoundsDead] = games.Metric{Name: "rounds_dead", Usage: "rounds that ended on a dead deck, scoring 0", Max: rounds}
	if r.Pair == 0 {
		m = m[:mEarnedPair]
	}
	return m
}

// ipBalance returns the balance of ip under rules r: every ip a game
// earned, from every source, plus the ip it started with, was spent on
// INSURE, SWITCH or REVIVE or is left unused at the end. It names only the
// metrics metricsFor lists: ip_earned.pair only when ip-pair pays.
func ipBalance(r Rules) []games.Balance {
	b := games.Balance{Out: []string{"ip_spent.insure", "ip_spent.switch", "ip_spent.revive", "ip_unused"}, Start: int64(r.StartIP)}
	for s := range NumSources {
		if s == Pair && r.Pair == 0 {
			continue // not listed: always 0 under the rules as written
		}
		b.In = append(b.In, "ip_earned."+s.String())
	}
	return []games.Balance{b}
}
