package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"slices"
	"sort"
)

// PartFormat names the format of shard parts and checkpoints.
const PartFormat = "cardsim-part/2"

// Part is the tally of a slice of a run's deals with what is needed to check
// that parts belong together: a shard of a cluster job, or the checkpoint of
// an interrupted run. Parts of one run merge exactly into the tally a single
// run would have produced.
type Part struct {
	Format      string   `json:"format"`
	Fingerprint string   `json:"fingerprint"` // of the command: game, rules, lineup, seed, games
	Shard       int      `json:"shard"`       // k of n, from 0
	Shards      int      `json:"shards"`
	First       int64    `json:"first"` // first deal index of the slice
	End         int64    `json:"end"`   // one past the last deal index of the slice
	Next        int64    `json:"next"`  // one past the last deal played (End when complete)
	Manifest    Manifest `json:"manifest"`
	Tally       *Tally   `json:"tally"`
	Checksum    string   `json:"checksum"` // of the tally, to catch damaged files
}

// ShardRange returns the deal indices [lo, hi) of shard k of n of a run of
// total deals: disjoint, covering, and as even as possible.
func ShardRange(total int64, k, n int) (lo, hi int64) {
	if n < 1 || k < 0 || k >= n {
		panic(fmt.Sprintf("sim: shard %d of %d", k, n))
	}
	return total * int64(k) / int64(n), total * int64(k+1) / int64(n)
}

// Fingerprint returns a digest of what determines a run's results: the game
// and its rules, the lineup with every parameter value, the seatings, the
// seed, the number of deals and any extra settings (such as a precision
// target). Parts with different fingerprints do not belong together.
func Fingerprint(cfg *Config, total int64, extra string) string {
	type entry struct {
		Name   string
		Params map[string]string
	}
	rec := struct {
		Game     string
		Rules    []string
		Lineup   []entry
		Seatings [][]int
		Seed     uint64
		Total    int64
		Extra    string
	}{Game: cfg.Game.Name(), Seatings: cfg.seatings(), Seed: cfg.Seed, Total: total, Extra: extra}
	for _, r := range cfg.Game.Rules() {
		rec.Rules = append(rec.Rules, r.Name+"="+r.Value)
	}
	for _, p := range cfg.Lineup {
		rec.Lineup = append(rec.Lineup, entry{p.Strategy.Name, ParamValues(p)})
	}
	b, _ := json.Marshal(rec)
	h := fnv.New64a()
	h.Write(b)
	return fmt.Sprintf("%016x", h.Sum64())
}

func tallySum(t *Tally) string {
	b, _ := json.Marshal(t)
	h := fnv.New64a()
	h.Write(b)
	return fmt.Sprintf("%016x", h.Sum64())
}

// Seal sets the part's format and checksum; call it before writing.
func (p *Part) Seal() {
	p.Format = PartFormat
	p.Checksum = tallySum(p.Tally)
}

// ReadPart reads and checks a part file.
func ReadPart(path string) (*Part, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var p Part
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, fmt.Errorf("%s: not a cardsim part (corrupt or truncated): %v", path, err)
	}
	if p.Format != PartFormat {
		return nil, fmt.Errorf("%s: format %q, want %q", path, p.Format, PartFormat)
	}
	if p.Tally == nil || tallySum(p.Tally) != p.Checksum {
		return nil, fmt.Errorf("%s: the tally does not match its checksum (damaged file)", path)
	}
	if p.Tally.Games != p.Next-p.First || p.Next > p.End {
		return nil, fmt.Errorf("%s: %d deals tallied for the range %d…%d", path, p.Tally.Games, p.First, p.Next)
	}
	return &p, nil
}

// MergeParts checks that parts are the complete shards of one run — the same
// fingerprint, every shard 0…n-1 once, each complete — and returns their
// merged tally, merged in shard order.
func MergeParts(parts []*Part) (*Tally, error) {
	if len(parts) == 0 {
		return nil, errors.New("no parts to merge")
	}
	ps := slices.Clone(parts)
	sort.Slice(ps, func(i, j int) bool { return ps[i].Shard < ps[j].Shard })
	n := ps[0].Shards
	seen := make([]bool, n)
	for _, p := range ps {
		if p.Fingerprint != ps[0].Fingerprint {
			return nil, fmt.Errorf("shard %d belongs to another run (fingerprint %s, not %s): check game, rules, strategies, seed and games", p.Shard, p.Fingerprint, ps[0].Fingerprint)
		}
		if p.Shards != n {
			return nil, fmt.Errorf("shard %d is one of %d shards, others of %d", p.Shard, p.Shards, n)
		}
		if p.Shard < 0 || p.Shard >= n {
			return nil, fmt.Errorf("shard %d out of range 0…%d", p.Shard, n-1)
		}
		if seen[p.Shard] {
			return nil, fmt.Errorf("shard %d given twice", p.Shard)
		}
		seen[p.Shard] = true
		if p.Next != p.End {
			return nil, fmt.Errorf("shard %d is incomplete: %d of its %d deals played (resume it first)", p.Shard, p.Next-p.First, p.End-p.First)
		}
	}
	var missing []int
	for k, ok := range seen {
		if !ok {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("missing shard(s) %v of %d", missing, n)
	}
	t := emptyLike(ps[0].Tally)
	for _, p := range ps {
		if !sameShape(t, p.Tally) {
			return nil, fmt.Errorf("shard %d's tally has another shape", p.Shard)
		}
		t.Merge(p.Tally)
	}
	return t, nil
}

func emptyLike(t *Tally) *Tally {
	m := 0
	if len(t.Metrics) > 0 {
		m = len(t.Metrics[0])
	}
	return NewTally(len(t.Seats), len(t.Entries), m, len(t.Features))
}

func sameShape(a, b *Tally) bool {
	return len(a.Seats) == len(b.Seats) && len(a.Entries) == len(b.Entries) && len(a.Features) == len(b.Features) &&
		(len(a.RoundFeatures) == 0 || len(b.RoundFeatures) == 0 || len(a.RoundFeatures) == len(b.RoundFeatures)) &&
		len(a.Metrics) == len(b.Metrics) && len(a.Pairs) == len(b.Pairs) && len(a.PairWins) == len(b.PairWins) &&
		len(a.PairWinsLow) == len(b.PairWinsLow) && len(a.PairWinsHigh) == len(b.PairWinsHigh) &&
		(len(a.Metrics) == 0 || len(a.Metrics[0]) == len(b.Metrics[0]))
}
