package nora

import "github.com/cardsim/cardsim/games"

// The metrics' indexes in State.Metrics.
const (
	mPasses = iota
	mDeadPasses
	mFirstPassDead
	mFirstPassRemoved
	mEarned // ip_earned.<source>, NumSources of them
)

const (
	mSpentInsure = mEarned + int(NumSources) + iota
	mSpentSwitch
	mSpentRevive
	mUnused
	mRoundsPerfect
	mRoundsDead
	numMetrics
)

var metrics = func() []games.Metric {
	m := make([]games.Metric, numMetrics)
	m[mPasses] = games.Metric{Name: "passes", Usage: "passes (shuffles) played"}
	m[mDeadPasses] = games.Metric{Name: "dead_passes", Usage: "passes that removed no pair, insured or not"}
	m[mFirstPassDead] = games.Metric{Name: "first_pass_dead", Usage: "rounds whose first shuffle held no adjacent pair (before any switch)"}
	m[mFirstPassRemoved] = games.Metric{Name: "first_pass_removed", Usage: "cards the first shuffle of each round removes on its own (before any switch)"}
	for s := range NumSources {
		m[mEarned+int(s)] = games.Metric{Name: "ip_earned." + s.String(), Usage: "ip earned by " + s.String()}
	}
	m[mSpentInsure] = games.Metric{Name: "ip_spent.insure", Usage: "ip spent on INSURE"}
	m[mSpentSwitch] = games.Metric{Name: "ip_spent.switch", Usage: "ip spent on SWITCH"}
	m[mSpentRevive] = games.Metric{Name: "ip_spent.revive", Usage: "ip spent on REVIVE"}
	m[mUnused] = games.Metric{Name: "ip_unused", Usage: "ip left unused at the end of the game"}
	m[mRoundsPerfect] = games.Metric{Name: "rounds_perfect", Usage: "rounds that removed the whole deck"}
	m[mRoundsDead] = games.Metric{Name: "rounds_dead", Usage: "rounds that ended on a dead deck, scoring 0"}
	return m
}()
