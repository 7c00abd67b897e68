package sim

// Variants is a comparison of rule variants on the same deals (cardsim
// compare --variant): the summary that holds it gives the baseline's
// figures, and each arm here another variant's, with its differences from
// the baseline, strategy by strategy. Variants plays no deal: the
// experiment package fills it, and the reports package writes it.
type Variants struct {
	// Baseline names the variant every other is set against: AsWritten
	// (the rules of the run without a variant's changes), or a variant's
	// name, whose changes are BaselineChanges.
	Baseline        string               `json:"baseline"`
	BaselineChanges map[string]RuleValue `json:"baseline_changes,omitempty"`
	// GameTitle is the game's name in prose, for titles.
	GameTitle string `json:"game_title"`
	// Figures are the figures compared, the first the main one (the one a
	// precision aims at), each with its margin of practical equivalence.
	Figures []VariantFigure `json:"figures"`
	// Looks are the deals at each look of the sequential plan the
	// comparison was played by (one look at a fixed number of deals).
	Looks []int64 `json:"looks"`
	// Arms holds every variant but the baseline, in the order given.
	Arms []VariantArm `json:"arms"`
}

// VariantFigure is a figure the variants are compared on: the mean score
// ("score"), the win rate ("win") or the mean of a metric per game (its
// name).
type VariantFigure struct {
	Name        string `json:"name"`
	Description string `json:"description"` // for axes and sentences, such as "win rate"
	Rate        bool   `json:"rate"`        // a share of games: printed in %, differences in percentage points
	// Margin is δ, the margin of practical equivalence of a difference:
	// one within ±δ is no change that matters. 0 judges no equivalence.
	Margin float64 `json:"margin"`
	// Reference, if set, is a value drawn as a line on the figure's chart,
	// such as a 50% target.
	Reference *float64 `json:"reference,omitempty"`
}

// VariantArm is one variant of a comparison: its rule changes, its
// figures (a summary of its own, every strategy on the same deals) and
// its differences from the baseline.
type VariantArm struct {
	Name    string               `json:"name"`
	Changes map[string]RuleValue `json:"changes"`
	// ChangesDeal says that the variant deals other cards than the
	// baseline from the same seed (games.Setting.ChangesDeal): its
	// differences are unpaired.
	ChangesDeal bool                `json:"changes_deal,omitempty"`
	Summary     Summary             `json:"summary"`
	Differences []VariantDifference `json:"differences"`
}

// VariantDifference is the difference of a variant's figure from the
// baseline's, for one strategy (the same strategy under both), with the
// verdict read from it.
type VariantDifference struct {
	Entry    int    `json:"entry"`    // the strategy's place in the lineup
	Strategy string `json:"strategy"` // its name, as the summary's entries name it
	Figure   string `json:"figure"`
	// Baseline and Value are the figure under the baseline and under the
	// variant; Diff is Value − Baseline, with its interval.
	Baseline float64 `json:"baseline"`
	Value    float64 `json:"value"`
	Diff     float64 `json:"diff"`
	CILow    float64 `json:"ci_low"`
	CIHigh   float64 `json:"ci_high"`
	// Paired is true for a difference measured deal by deal on the same
	// deals, false for one of two independent samples (a variant that
	// changes the deal).
	Paired bool  `json:"paired"`
	Deals  int64 `json:"deals"`
	// Outcome is "decided", "equivalent", "undecided" (at a fixed number
	// of deals), "out of budget" (a sequential plan that ran out of
	// deals) or "unavailable" (no interval: a solver left games
	// undecided); Direction is +1 or −1 for a decided difference.
	Outcome      string  `json:"outcome"`
	Direction    int     `json:"direction,omitempty"`
	WithinMargin bool    `json:"within_margin,omitempty"` // decided, but smaller than the margin
	Margin       float64 `json:"margin"`
	// Nominal is the confidence the interval was computed at: the
	// comparison's at a fixed number of deals, more at an early look of a
	// sequential plan (a repeated confidence interval).
	Nominal float64 `json:"nominal_confidence"`
	Looks   int     `json:"looks"`
	// Verdict says it all in one sentence.
	Verdict string `json:"verdict"`
}

// AsWritten is the name of a comparison's baseline when no variant is
// named: the rules as written.
const AsWritten = "as written"
