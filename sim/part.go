package sim

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/internal/inputfile"
)

// PartFormat names the format of shard parts and checkpoints. Format 5
// added the seats' sums over deals (Tally.SeatCross) to the tally of a game
// of several seats.
const PartFormat = "cardsim-part/5"

// solitairePartFormat is the format before PartFormat, still read for a
// game of one seat, whose tally it holds whole: its tally of a game of
// several seats lacks the seats' sums over deals, and is refused.
const solitairePartFormat = "cardsim-part/4"

// MaxShards is the most shards a run may be split into.
const MaxShards = 1 << 20

// MaxPartBytes is the largest part file ReadPart reads: a tally's size is
// bounded by the range of its values, never by the number of deals, so a
// real part is far smaller.
const MaxPartBytes = 256 << 20

// Part is the tally of a slice of a run's deals with what is needed to check
// that parts belong together: a shard of a cluster job, or the checkpoint of
// an interrupted run. Parts of one run merge exactly into the tally a single
// run would have produced.
type Part struct {
	Format      string `json:"format"`
	Fingerprint string `json:"fingerprint"` // of the command: game, rules, lineup, seed, games
	Total       int64  `json:"total"`       // deals of the whole run, over every shard
	Shard       int    `json:"shard"`       // k of n, from 0
	Shards      int    `json:"shards"`
	First       int64  `json:"first"` // first deal index of the slice
	End         int64  `json:"end"`   // one past the last deal index of the slice
	Next        int64  `json:"next"`  // first deal of the batch under way: every deal before it is played (End when complete)
	Chunk       int    `json:"chunk"` // deals per chunk of the run
	// Done lists the first deals of the chunks from Next on already
	// played: a checkpoint taken between two chunks of a batch.
	Done []int64 `json:"done,omitempty"`
	// Stopped says why a run stopped before End (a precision target
	// reached): a finished run whose checkpoint a resume must not extend.
	Stopped  string   `json:"stopped,omitempty"`
	Manifest Manifest `json:"manifest"`
	Tally    *Tally   `json:"tally"`
	// Checksum is the SHA-256 of the whole part without it. It catches
	// damage (a truncated or corrupted file), not edits: anyone can
	// recompute it. Edits are caught by what the figures mean (Check).
	Checksum string `json:"checksum"`
}

// NewPart returns an empty part for shard k of n of the run cfg of total
// deals, whose fingerprint also covers extra (such as a precision target).
// cfg's First and Games are not read.
func NewPart(cfg *Config, total int64, extra string, k, n int) (*Part, error) {
	if err := checkShard(total, k, n); err != nil {
		return nil, err
	}
	lo, hi := ShardRange(total, k, n)
	if hi <= lo {
		return nil, fmt.Errorf("shard %d of %d holds no deals: use fewer shards than the %d games", k, n, total)
	}
	return &Part{Fingerprint: Fingerprint(cfg, total, extra), Total: total, Shard: k, Shards: n, First: lo, End: hi, Next: lo, Chunk: cfg.chunk()}, nil
}

// Record sets the part's tally and progress from a run's snapshot. Like
// the snapshot it is valid until the run goes on: Seal it (or write it)
// first, which copies what it keeps of the snapshot. Recording is cheap,
// so a run may record every chunk.
func (p *Part) Record(s Snapshot) {
	p.Tally, p.Next, p.Done = s.Tally, s.Next, s.Done
}

// Played returns the number of deals the part holds.
func (p *Part) Played() int64 {
	n := p.Next - p.First
	for _, d := range p.Done {
		n += min(int64(p.Chunk), p.End-d)
	}
	return n
}

func checkShard(total int64, k, n int) error {
	switch {
	case total < 1:
		return fmt.Errorf("a run of %d deals", total)
	case n < 1 || n > MaxShards:
		return fmt.Errorf("%d shards: want 1 to %d", n, MaxShards)
	case k < 0 || k >= n:
		return fmt.Errorf("shard %d of %d: want 0 to %d", k, n, n-1)
	}
	return nil
}

// ShardRange returns the deal indices [lo, hi) of shard k of n of a run of
// total deals: disjoint, covering, and as even as possible. It is exact for
// every total up to the largest int64 (the products are taken in 128 bits).
func ShardRange(total int64, k, n int) (lo, hi int64) {
	if err := checkShard(max(total, 1), k, n); err != nil || total < 0 {
		panic(fmt.Sprintf("sim: ShardRange(%d, %d, %d)", total, k, n))
	}
	at := func(k int) int64 {
		h, l := bits.Mul64(uint64(total), uint64(k))
		q, _ := bits.Div64(h, l, uint64(n))
		return int64(q)
	}
	return at(k), at(k + 1)
}

// Fingerprint returns a digest of what determines a run's results: the game
// and its rules (each as games.RuleIdentity reads it: a table file by its
// contents, not its path), the lineup with every parameter value, the
// seatings, the seed, the number of deals and any extra settings (such as a
// precision target). Parts with different fingerprints do not belong
// together.
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
		rec.Rules = append(rec.Rules, r.Name+"="+games.RuleIdentity(r.Value))
	}
	for _, p := range cfg.Lineup {
		rec.Lineup = append(rec.Lineup, entry{p.Strategy.Name, ParamValues(p)})
	}
	b, _ := json.Marshal(rec)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16])
}

// checksum returns the SHA-256 of p's JSON with the checksum left empty.
func (p *Part) checksum() string {
	c := *p
	c.Checksum = ""
	b, _ := json.Marshal(&c)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Seal sets the part's format and checksum; call it before writing.
func (p *Part) Seal() {
	p.Done = slices.Sorted(slices.Values(p.Done)) // a copy of the snapshot's
	if len(p.Done) == 0 {
		p.Done = nil
	}
	p.Format = PartFormat
	p.Checksum = p.checksum()
}

// ReadPart reads a part file and checks it stands on its own: a regular
// file of sane size, the format, the checksum over the whole part, the
// shard and its range of deals, and the tally's counts. Whether it belongs
// to a run is for Check and MergeParts to say.
func ReadPart(path string) (*Part, error) {
	b, err := inputfile.Read(path, MaxPartBytes)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	p, err := decodePart(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return p, nil
}

// ErrPartFormat reports a part or checkpoint written in another format
// than PartFormat, by another version of cardsim: it cannot be read, and
// its deals must be played again.
var ErrPartFormat = errors.New("written by another version of cardsim")

// decodePart decodes and checks a part file's contents, as ReadPart does.
func decodePart(b []byte) (*Part, error) {
	var head struct{ Format string }
	if json.Unmarshal(b, &head) == nil && head.Format != PartFormat && head.Format != solitairePartFormat && strings.HasPrefix(head.Format, "cardsim-part/") {
		return nil, fmt.Errorf("format %.40q, %w (this one reads %q)", head.Format, ErrPartFormat, PartFormat)
	}
	var p Part
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, errors.New("not a cardsim part (corrupt or truncated)")
	}
	if p.Format != PartFormat && p.Format != solitairePartFormat {
		return nil, fmt.Errorf("format %.40q, want %q", p.Format, PartFormat)
	}
	if p.Checksum != p.checksum() {
		return nil, errors.New("does not match its checksum (damaged, or edited without resealing)")
	}
	if err := p.checkRange(); err != nil {
		return nil, err
	}
	if p.Format == solitairePartFormat && len(p.Tally.Seats) > 1 {
		return nil, fmt.Errorf("format %q, %w: its tally of %d seats lacks the seats' sums over deals that the seat test needs (this one reads %q for a game of several seats)", p.Format, ErrPartFormat, len(p.Tally.Seats), PartFormat)
	}
	if err := p.Manifest.check(); err != nil {
		return nil, fmt.Errorf("manifest: %w", err)
	}
	if err := p.Tally.checkCounts(p.Played()); err != nil {
		return nil, err
	}
	return &p, nil
}

// check checks the figures of a manifest read from a file that a summary
// uses as they are: a confidence level CheckConfidence takes, deals,
// workers and wall time that are not negative (and finite), and a deal
// scale from 0 to 1.
func (m *Manifest) check() error {
	switch {
	case CheckConfidence(m.Confidence) != nil:
		return CheckConfidence(m.Confidence)
	case !(m.DealScale >= 0 && m.DealScale <= 1):
		return fmt.Errorf("deal scale %v: want a share from 0 to 1", m.DealScale)
	case m.Games < 0:
		return fmt.Errorf("%d deals", m.Games)
	case m.Workers < 0:
		return fmt.Errorf("%d workers", m.Workers)
	case !(m.WallSeconds >= 0) || math.IsInf(m.WallSeconds, 1):
		return fmt.Errorf("wall time %v s", m.WallSeconds)
	}
	return nil
}

// checkRange checks the shard and the deals it claims.
func (p *Part) checkRange() error {
	if err := checkShard(p.Total, p.Shard, p.Shards); err != nil {
		return err
	}
	lo, hi := ShardRange(p.Total, p.Shard, p.Shards)
	if p.First != lo || p.End != hi {
		return fmt.Errorf("shard %d of %d of %d deals holds deals %d…%d, not %d…%d", p.Shard, p.Shards, p.Total, lo, hi-1, p.First, p.End-1)
	}
	if p.Next < p.First || p.Next > p.End {
		return fmt.Errorf("next deal %d outside the shard's deals %d…%d", p.Next, p.First, p.End-1)
	}
	if p.Chunk < 1 || p.Chunk > maxHistogramLen {
		return fmt.Errorf("chunks of %d deals", p.Chunk)
	}
	for i, d := range p.Done {
		if d < p.Next || d >= p.End || (d-p.Next)%int64(p.Chunk) != 0 || (i > 0 && d <= p.Done[i-1]) {
			return fmt.Errorf("chunk at deal %d is not a chunk of the batch from deal %d", d, p.Next)
		}
	}
	if len(p.Done) > maxHistogramLen {
		return errors.New("too many chunks done")
	}
	if p.Tally == nil {
		return errors.New("no tally")
	}
	return nil
}

// errAnotherCommand reports a part whose command fingerprint is not the
// run's.
var errAnotherCommand = errors.New("written by another command (game, rules, strategies, seed, games or precision differ)")

// Check reports whether p is a part of the run cfg of total deals with the
// fingerprint extra: the same fingerprint, a tally shaped for cfg, every
// figure of it one that the deals p holds can give under cfg's game and
// lineup (see Tally.checkMeaning), and the fingerprint of those very
// deals, dealt again, where cfg's game can be dealt. The checksum of a part
// catches damage, not edits (anyone can recompute it); these checks catch
// an edit that makes a figure impossible, and a part relabelled as
// another slice of deals.
func (p *Part) Check(cfg *Config, total int64, extra string) error {
	if fp := Fingerprint(cfg, total, extra); p.Fingerprint != fp || p.Total != total {
		return errAnotherCommand
	}
	if err := checkLineup(len(cfg.Lineup)); err != nil {
		return err
	}
	if !sameShape(NewTallyFor(cfg), p.Tally) {
		return errors.New("its tally is not shaped for its game and strategies")
	}
	if err := p.Tally.checkMeaning(cfg, p.Played()); err != nil {
		return err
	}
	return p.checkDeals(cfg)
}

// spans returns the ranges of deal indices the part holds.
func (p *Part) spans() []span {
	out := []span{{p.First, p.Next}}
	for _, d := range p.Done {
		out = append(out, span{d, min(d+int64(p.Chunk), p.End)})
	}
	return out
}

// checkDeals checks that the part's tally holds the fingerprint of the
// deals it claims, dealt again from cfg's seed; a game that cannot be
// dealt (its table file not at hand) is not checked.
func (p *Part) checkDeals(cfg *Config) error {
	if games.CanDeal(cfg.Game) != nil {
		return nil
	}
	if dealsFingerprint(cfg, p.spans()) == p.Tally.Fingerprint {
		return nil
	}
	which := fmt.Sprintf("deals %d…%d", p.First, p.End-1)
	if p.Played() != p.End-p.First {
		which = fmt.Sprintf("the %d deals it holds from deal %d", p.Played(), p.First)
	}
	return fmt.Errorf("its tally does not hold the fingerprint of %s of seed %d: it counts other deals", which, cfg.Seed)
}

// MergeParts checks that parts are the complete shards of the run cfg — the
// same fingerprint and manifest, every shard 0…n-1 once, each complete,
// each passing Part.Check against cfg — and returns their merged tally,
// merged in shard order with every count checked for overflow. Since every
// part's figures lie within cfg's game's bounds, so does the memory the
// merge takes.
func MergeParts(cfg *Config, parts []*Part) (*Tally, error) {
	if len(parts) == 0 {
		return nil, errors.New("no parts to merge")
	}
	if err := checkLineup(len(cfg.Lineup)); err != nil {
		return nil, err
	}
	ps := slices.Clone(parts)
	sort.Slice(ps, func(i, j int) bool { return ps[i].Shard < ps[j].Shard })
	first := ps[0]
	n := first.Shards
	if n < 1 || n > MaxShards {
		return nil, fmt.Errorf("%d shards: want 1 to %d", n, MaxShards)
	}
	seen := make([]bool, n)
	for _, p := range ps {
		switch {
		case p.Fingerprint != first.Fingerprint:
			return nil, fmt.Errorf("shard %d belongs to another run (fingerprint %.40q, not %.40q): check game, rules, strategies, seed and games", p.Shard, p.Fingerprint, first.Fingerprint)
		case p.Total != first.Total:
			return nil, fmt.Errorf("shard %d is of a run of %d deals, shard %d of one of %d: check --games", p.Shard, p.Total, first.Shard, first.Total)
		}
		if p.Shards != n {
			return nil, fmt.Errorf("shard %d is one of %d shards, others of %d", p.Shard, p.Shards, n)
		}
		if err := p.checkRange(); err != nil {
			return nil, fmt.Errorf("shard %d: %w", p.Shard, err)
		}
		if !sameRun(&p.Manifest, &first.Manifest) {
			return nil, fmt.Errorf("shard %d's manifest describes another run than shard %d's (game, rules, strategies, seed or confidence differ)", p.Shard, first.Shard)
		}
		if seen[p.Shard] {
			return nil, fmt.Errorf("shard %d given twice", p.Shard)
		}
		seen[p.Shard] = true
		if err := p.complete(); err != nil {
			return nil, fmt.Errorf("shard %d %w", p.Shard, err)
		}
	}
	var missing []int
	for k, ok := range seen {
		if !ok {
			missing = append(missing, k)
			if len(missing) == 20 {
				break
			}
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("missing shard(s) %v of %d", missing, n)
	}
	t := NewTallyFor(cfg)
	for _, p := range ps {
		if err := p.Check(cfg, first.Total, ""); err != nil {
			return nil, fmt.Errorf("shard %d: %w", p.Shard, err)
		}
		if err := t.add(p.Tally); err != nil {
			return nil, fmt.Errorf("merging shard %d: %w", p.Shard, err)
		}
	}
	return t, nil
}

// complete reports a part that is not a whole shard, in words that follow
// "shard k": one that stopped early, a checkpoint whose last batch was
// never closed, or one with deals left to play.
func (p *Part) complete() error {
	switch played, all := p.Played(), p.End-p.First; {
	case p.Next == p.End && len(p.Done) == 0:
		return nil
	case p.Stopped != "":
		return fmt.Errorf("stopped after %d of its %d deals (%.80q): only whole shards merge", played, all, p.Stopped)
	case played == all:
		return fmt.Errorf("is a checkpoint whose %d deals are all played but whose last batch was not closed: resume it to write the shard's part", all)
	default:
		return fmt.Errorf("is incomplete: %d of its %d deals played (resume it first)", played, all)
	}
}

// sameRun reports whether two manifests describe the same run, setting
// aside what differs between its parts (deals, workers, wall time, why it
// stopped, how each spelled the path of a table file).
func sameRun(a, b *Manifest) bool {
	if len(a.Rules) != len(b.Rules) {
		return false
	}
	for k, v := range a.Rules {
		w, ok := b.Rules[k]
		if !ok || v.Kind != w.Kind || games.RuleIdentity(v.Text) != games.RuleIdentity(w.Text) {
			return false
		}
	}
	return a.Game == b.Game && reflect.DeepEqual(a.Strategies, b.Strategies) &&
		a.Seatings == b.Seatings && a.Seed == b.Seed && a.Confidence == b.Confidence
}

func sameShape(a, b *Tally) bool {
	if len(a.Seats) != len(b.Seats) || len(a.SeatCross) != len(b.SeatCross) || len(a.Entries) != len(b.Entries) || len(a.Features) != len(b.Features) ||
		len(a.Metrics) != len(b.Metrics) || len(a.Pairs) != len(b.Pairs) || len(a.PairWins) != len(b.PairWins) ||
		len(a.PairWinsLow) != len(b.PairWinsLow) || len(a.PairWinsHigh) != len(b.PairWinsHigh) {
		return false
	}
	if len(a.RoundFeatures) > 0 && len(b.RoundFeatures) > 0 && len(a.RoundFeatures) != len(b.RoundFeatures) {
		return false
	}
	for e := range a.Metrics {
		if len(a.Metrics[e]) != len(b.Metrics[e]) {
			return false
		}
	}
	for _, mc := range [][][]Cluster{a.MetricClusters, b.MetricClusters} {
		if mc == nil {
			continue
		}
		if len(mc) != len(a.Metrics) {
			return false
		}
		for e := range mc {
			if len(mc[e]) != len(a.Metrics[e]) {
				return false
			}
		}
	}
	return true
}
