package experiment

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/stat"
)

// Counter is implemented by a Meter that also counts deals played outside
// a session: the batches in which a comparison of variants or a tune
// plays its arms side by side. Count starts counting toPlay deals under
// label, and returns the function that counts deals as they are played
// and the one that ends the count with the deals left unplayed.
type Counter interface {
	Count(label string, toPlay int64) (add func(deals int64), end func(left int64))
}

// ArmWatcher is implemented by a Meter that follows the arms of a
// comparison of variants or a tune as they are played: after every whole
// batch, Arm is called for each variant played with its label, its
// configuration and its tally so far, which it may read during the call
// only.
type ArmWatcher interface {
	Arm(label string, cfg *sim.Config, t *sim.Tally)
}

// armGroup is one rule variant of a set of arms: its changes, the run of
// the lineup under them (the game under the variant's rules), its tally
// so far, and the per-deal sums of the batch under way.
type armGroup struct {
	variant Variant // no rules for the rules as written
	label   string
	cfg     sim.Config
	tally   *sim.Tally
	sums    dealSums
	// dealRules holds the values of the rules that change the deal
	// (games.Setting.ChangesDeal), which decide whether two variants play
	// the same cards.
	dealRules map[string]string
}

// armSet plays rule variants, each with the same lineup of strategies, on
// common deals: batch after batch, every variant plays the deals of the
// batch (the same indices, so the same cards where no rule that changes
// the deal differs), and the figures of every arm (variant and strategy)
// on each deal are read from the records, in deal order, into the sums a
// comparison pairs, and handed to a race. The result is the same for any
// number of workers and any size of batches: tallies merge exactly, and
// the sums are taken deal by deal in index order.
type armSet struct {
	r       *Runner
	groups  []*armGroup
	figs    []armFigure
	at      []int // each figure's metric's place among the sums' metrics, or −1
	entries int
	base    int // the baseline group, −1 for none (a race)
	next    int64
	batch   int64
	acc     *armAccum
	x, xb   []float64
	count   func(int64)
	// after, if not nil, runs after every whole batch: a checkpoint.
	after func() error
}

// armAccum is what a comparison keeps of the deals played, deal by deal in
// index order: the per-deal values of every arm, their differences from
// the baseline's (the same strategy under the baseline's rules), and for
// rates measured on one seat a deal the deals won by both, by the variant
// alone and by the baseline alone. Indexed [group][entry][figure].
type armAccum struct {
	Own    []stat.Moments      `json:"own"`
	Diff   []stat.Moments      `json:"diff"`
	Counts []stat.PairedCounts `json:"counts"`
	// Multi is set once an entry held other than one seat of a deal (a
	// game of several players): the counts then do not apply.
	Multi bool `json:"multi,omitempty"`
	// Undecided is set once a solver left a game undecided, whose win
	// a per-deal figure cannot count.
	Undecided bool `json:"undecided,omitempty"`
}

// dealSums is a RecordSink that keeps, for every deal of a batch, each
// lineup entry's seats, score, seats won and the metrics the figures read.
type dealSums struct {
	first   int64
	entries int
	metrics []int // the game's metric indices kept
	width   int   // 3 + len(metrics)
	v       []float64
	deals   int
	undec   bool
}

// reset prepares the sums for the deals from first on.
func (d *dealSums) reset(first int64, deals int) {
	d.first, d.deals = first, deals
	n := deals * d.entries * d.width
	if cap(d.v) < n {
		d.v = make([]float64, n)
	}
	d.v = d.v[:n]
	clear(d.v)
}

// Write adds a chunk of records.
func (d *dealSums) Write(rs []sim.Record) error {
	for i := range rs {
		r := &rs[i]
		deal := r.Index - d.first
		if deal < 0 || deal >= int64(d.deals) || r.Entry < 0 || r.Entry >= d.entries {
			return fmt.Errorf("experiment: a record of deal %d entry %d outside the batch of %d deals from %d", r.Index, r.Entry, d.deals, d.first)
		}
		v := d.v[(int(deal)*d.entries+r.Entry)*d.width:][:d.width]
		v[0]++
		v[1] += float64(r.Score)
		if r.Result == games.Win {
			v[2]++
		}
		for j, m := range d.metrics {
			v[3+j] += float64(r.Metrics[m])
		}
		d.undec = d.undec || r.Undecided
	}
	return nil
}

// newArmSet returns the arms of spec's lineup under each variant (the
// first of groups may be the rules as written: a Variant of no rules),
// comparing the figures figs, every variant against group base (−1 for
// none). Every variant's rules and the lineup are checked, and every run
// set up, before any deal is played.
func (r *Runner) newArmSet(spec *Spec, variants []Variant, figs []armFigure, base int) (*armSet, error) {
	a := &armSet{r: r, figs: figs, base: base}
	var metrics []int
	for _, f := range figs {
		if f.metric >= 0 && !slices.Contains(metrics, f.metric) {
			metrics = append(metrics, f.metric)
		}
	}
	for _, f := range figs {
		a.at = append(a.at, slices.Index(metrics, f.metric))
	}
	for _, v := range variants {
		rules := v.over(spec.Rules)
		cfg, err := r.config(spec, rules)
		if err != nil {
			if len(v.Rules) > 0 {
				return nil, fmt.Errorf("variant %s: %w", v.Label(), err)
			}
			return nil, err
		}
		g := cfg.Game
		if err := games.CanDeal(g); err != nil {
			return nil, err
		}
		if seats := g.Seats(); seats > 1 && len(cfg.Lineup) > seats {
			return nil, fmt.Errorf("variant %s: %d strategies for %s's %d seats: compare at most %d at a time", v.Label(), len(cfg.Lineup), g.Name(), seats, seats)
		}
		for _, f := range figs {
			if f.metric >= 0 && (f.metric >= len(g.Metrics()) || g.Metrics()[f.metric].Name != f.Name) {
				return nil, fmt.Errorf("variant %s: %s has no metric %s under its rules", v.Label(), g.Name(), f.Name)
			}
		}
		label := v.Label()
		if len(v.Rules) == 0 {
			label = AsWritten
		}
		grp := &armGroup{variant: v, label: label, cfg: cfg, tally: sim.NewTallyFor(&cfg), dealRules: dealRulesOf(g)}
		grp.sums = dealSums{entries: len(cfg.Lineup), metrics: metrics, width: 3 + len(metrics)}
		a.groups = append(a.groups, grp)
	}
	a.entries = len(a.groups[0].cfg.Lineup)
	cells := len(a.groups) * a.entries * len(figs)
	a.x, a.xb = make([]float64, cells), make([]float64, a.entries*len(figs))
	a.acc = &armAccum{Own: make([]stat.Moments, cells), Diff: make([]stat.Moments, cells), Counts: make([]stat.PairedCounts, cells)}
	// Batches large enough to keep every worker busy, small enough that
	// the sums of every arm stay a few megabytes and an interruption loses
	// little: whole batches are what a checkpoint keeps.
	chunk := int64(sim.DefaultChunk)
	for _, p := range a.groups[0].cfg.Lineup {
		if p.Strategy.Search {
			chunk = sim.SearchChunk
		}
	}
	a.batch = max(chunk*int64(r.workers())*4, 8)
	if chunk == sim.DefaultChunk {
		a.batch = max(a.batch, 4096)
	}
	const maxFloats = 1 << 22
	if most := int64(maxFloats / (len(a.groups) * a.entries * (3 + len(metrics)))); a.batch > most {
		a.batch = max(most, 1)
	}
	return a, nil
}

// dealRulesOf returns the values of g's rules that change the deal
// (games.Setting.ChangesDeal): two games that agree on them deal the same
// cards from the same seed and index.
func dealRulesOf(g games.Game) map[string]string {
	out := map[string]string{}
	for _, s := range g.Rules() {
		if s.ChangesDeal {
			out[s.Name] = games.RuleIdentity(s.Value)
		}
	}
	return out
}

// sameDeals reports whether two sets of deal-changing rules' values agree.
func sameDeals(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// idx returns the place of arm (group, entry) and figure f in the sums.
func (a *armSet) idx(g, e, f int) int { return (g*a.entries+e)*len(a.figs) + f }

// pairable reports whether group g plays the same cards as the baseline:
// no rule that changes the deal has another value, and the deals played
// so far have the same fingerprint (which catches a rule that changes the
// deal and is not marked so).
func (a *armSet) pairable(g int) bool {
	if a.base < 0 {
		return false
	}
	b, v := a.groups[a.base], a.groups[g]
	return sameDeals(b.dealRules, v.dealRules) && b.tally.Fingerprint == v.tally.Fingerprint
}

// changesDeal names the rules that change the deal on which group g
// differs from the baseline.
func (a *armSet) changesDeal(g int) []string {
	var out []string
	b := a.groups[a.base]
	for _, s := range a.groups[g].cfg.Game.Rules() {
		if s.ChangesDeal && b.dealRules[s.Name] != a.groups[g].dealRules[s.Name] {
			out = append(out, s.Name+"="+s.Value)
		}
	}
	return out
}

// advance plays the deals from the next one to to (exclusive) with the
// groups racing says (all if nil), batch after batch, and calls onDeal
// (if not nil) with every arm's figures on each deal, in deal order: NaN
// for the groups not racing. An error (an interruption among them) leaves
// the set as it was after the last whole batch.
func (a *armSet) advance(ctx context.Context, to int64, racing []bool, onDeal func(x []float64)) error {
	tallies := make([]*sim.Tally, len(a.groups))
	for a.next < to {
		hi := min(to, a.next+a.batch)
		clear(tallies)
		for g, grp := range a.groups {
			if racing != nil && !racing[g] {
				continue
			}
			cfg := grp.cfg
			cfg.First, cfg.Games = a.next, hi-a.next
			grp.sums.reset(a.next, int(hi-a.next))
			grp.sums.undec = false
			cfg.Records = &grp.sums
			cfg.Workers = a.r.workers()
			cfg.Progress = a.count
			t, err := sim.Run(ctx, cfg)
			if err != nil {
				return err
			}
			tallies[g] = t
		}
		for g, t := range tallies {
			if t != nil {
				a.groups[g].tally.Merge(t)
				a.acc.Undecided = a.acc.Undecided || a.groups[g].sums.undec
			}
		}
		if w, ok := a.r.meter().(ArmWatcher); ok {
			for g, t := range tallies {
				if t != nil {
					w.Arm(a.groups[g].label, &a.groups[g].cfg, a.groups[g].tally)
				}
			}
		}
		a.fold(int(hi-a.next), racing, onDeal)
		a.next = hi
		if a.after != nil {
			if err := a.after(); err != nil {
				return err
			}
		}
	}
	return nil
}

// fold reads every arm's figures on the n deals of the batch played, deal
// by deal, into the sums and onDeal.
func (a *armSet) fold(n int, racing []bool, onDeal func(x []float64)) {
	acc, nf := a.acc, len(a.figs)
	for i := range n {
		for g, grp := range a.groups {
			on := racing == nil || racing[g]
			for e := range a.entries {
				var v []float64
				if on {
					w := grp.sums.width
					v = grp.sums.v[(i*a.entries+e)*w:][:w]
					if v[0] != 1 {
						acc.Multi = true
					}
				}
				for f := range a.figs {
					x := math.NaN()
					if on && v[0] > 0 {
						x = a.figs[f].value(v[0], v[1], v[2], v[3:], a.at[f])
					}
					a.x[a.idx(g, e, f)] = x
				}
			}
		}
		if a.base >= 0 {
			copy(a.xb, a.x[a.idx(a.base, 0, 0):][:a.entries*nf])
			for g := range a.groups {
				if racing != nil && !racing[g] {
					continue
				}
				for e := range a.entries {
					for f := range a.figs {
						j := a.idx(g, e, f)
						x, xb := a.x[j], a.xb[e*nf+f]
						acc.Own[j].Add(x)
						if g == a.base {
							continue
						}
						acc.Diff[j].Add(x - xb)
						if a.figs[f].Rate {
							c := &acc.Counts[j]
							c.N++
							switch {
							case x == 1 && xb == 1:
								c.Both++
							case x == 1 && xb == 0:
								c.Only1++
							case x == 0 && xb == 1:
								c.Only2++
							}
						}
					}
				}
			}
		}
		if onDeal != nil {
			onDeal(a.x)
		}
	}
}

// summaries returns each group's summary of the deals played, at the
// given confidence, its manifest recording wall seconds and deal scale.
func (a *armSet) summary(g int, confidence, wall, dealScale float64, stopped string) sim.Summary {
	grp := a.groups[g]
	cfg := grp.cfg
	cfg.Workers = a.r.workers()
	s := sim.Summarize(&cfg, grp.tally, confidence)
	s.Manifest = sim.NewManifest(&cfg, grp.tally.Games, confidence)
	s.Manifest.WallSeconds = wall
	s.Manifest.Stopped = stopped
	if dealScale > 0 && dealScale < 1 {
		s.Manifest.DealScale = dealScale
	}
	return s
}

// effect returns the estimator of group g's difference from the baseline
// on entry e's figure f, and whether it is paired: Newcombe's paired
// interval for a rate measured on one seat a deal, else Student's t of
// the per-deal differences; for a group that deals other cards, the
// difference of two independent means.
func (a *armSet) effect(g, e, f int) (stat.Estimator, bool) {
	j := a.idx(g, e, f)
	acc := a.acc
	if !a.pairable(g) {
		own, base := acc.Own[j], acc.Own[a.idx(a.base, e, f)]
		return func(confidence float64) (effect, lo, hi float64) {
			d := own.Mean() - base.Mean()
			if own.N < 2 || base.N < 2 {
				return d, math.Inf(-1), math.Inf(1)
			}
			lo, hi = stat.UnpairedMeanDifference(stat.SampleMean{Mean: own.Mean(), SD: own.SD(), N: own.N},
				stat.SampleMean{Mean: base.Mean(), SD: base.SD(), N: base.N}, confidence)
			return d, lo, hi
		}, false
	}
	if a.figs[f].Rate && !acc.Multi {
		return stat.PairedRateEffect(acc.Counts[j]), true
	}
	return stat.MeanEffect(acc.Diff[j], 0), true
}

// label returns the name of lineup entry e as the summaries name it: the
// strategy's, numbered where two entries play the same strategy.
func (a *armSet) label(e int) string {
	lineup := a.groups[0].cfg.Lineup
	name := lineup[e].Strategy.Name
	for i, p := range lineup {
		if i != e && p.Strategy.Name == name {
			return fmt.Sprintf("%s#%d", name, e+1)
		}
	}
	return name
}

// progressLabel names the arms on the progress bar.
func (a *armSet) progressLabel(game string) string {
	return fmt.Sprintf("%s, %d variants × %d strategies", game, len(a.groups), a.entries)
}

// startCount starts counting toPlay deals (every group's) on the runner's
// meter, if it counts deals outside sessions, and returns the function
// that ends the count, taking the deals left unplayed off its total.
func (a *armSet) startCount(label string, toPlay int64) (end func()) {
	c, ok := a.r.meter().(Counter)
	if !ok {
		a.count = nil
		return func() {}
	}
	add, stop := c.Count(label, toPlay)
	var played atomic.Int64
	a.count = func(n int64) {
		played.Add(n)
		add(n)
	}
	return func() {
		a.count = nil
		stop(max(toPlay-played.Load(), 0))
	}
}

// ruleWords joins rule changes for a sentence: "insure=2 and switch=3".
func ruleWords(rules []string) string {
	switch len(rules) {
	case 0:
		return ""
	case 1:
		return rules[0]
	}
	return strings.Join(rules[:len(rules)-1], ", ") + " and " + rules[len(rules)-1]
}
