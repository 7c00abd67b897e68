package nora

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/internal/inputfile"
)

// The cache file of a PassDists: a header (cacheMagic, passdistVersion,
// the PassKey, the deck's ranks and jokers, the number of compositions,
// the chunk size), every composition's shuffles, and the SHA-256 of all
// that. Nothing in it
// is trusted: readCache checks the checksum, the header against the rules,
// and every field against what the rules allow, and the caller rebuilds the
// file on any error. The chance of a dead shuffle is not stored at all: it
// is recomputed exactly.
const cacheMagic = "cardsim nora pass samples\n"

// cachePath returns the cache file for key in the directory dir, or "" if
// dir is "" (no cache on disk).
func cachePath(dir, key string) string {
	if dir == "" {
		return ""
	}
	return filepath.Join(dir, "nora-samples-"+key+".bin")
}

// encodeCache returns the cache file of d: after the header (magic,
// version, key, ranks and jokers, the compositions, the chunk size),
// every composition's shuffles (its counts, then live and dead, each
// shuffle's weight, top class, choice count and choices), little-endian,
// then the checksum.
func encodeCache(d *PassDists, r *nora.Rules) []byte {
	b := make([]byte, 0, 1<<16)
	b = append(b, cacheMagic...)
	b = binary.LittleEndian.AppendUint32(b, passdistVersion)
	b = append(b, d.Key...)
	b = append(b, uint8(r.Ranks), uint8(r.Jokers))
	b = binary.LittleEndian.AppendUint32(b, uint32(len(d.Dists)))
	b = binary.LittleEndian.AppendUint32(b, uint32(d.Chunk))
	for _, pd := range d.Dists[1:] {
		b = append(b, uint8(pd.Comp.N4), uint8(pd.Comp.N2), uint8(b2i(pd.Comp.Jokers)))
		b = binary.LittleEndian.AppendUint32(b, uint32(pd.Samples))
		for _, ss := range []*sampleSet{&pd.live, &pd.dead} {
			b = binary.LittleEndian.AppendUint32(b, uint32(ss.Len()))
			for i := range ss.Len() {
				chs := ss.choices(i)
				b = binary.LittleEndian.AppendUint32(b, ss.Weight[i])
				b = append(b, uint8(ss.Top[i]))
				b = binary.LittleEndian.AppendUint16(b, uint16(len(chs)))
				for _, ch := range chs {
					b = append(b, ch.Next, ch.Flags)
					b = binary.LittleEndian.AppendUint16(b, ch.Need)
					b = binary.LittleEndian.AppendUint16(b, uint16(ch.Net))
				}
			}
		}
	}
	sum := sha256.Sum256(b)
	return append(b, sum[:]...)
}

// errCache reports a cache file that is not what the rules and key lead to.
var errCache = errors.New("nora pass samples cache: bad file")

func cacheErr(format string, a ...any) error {
	return fmt.Errorf("%w: %s", errCache, fmt.Sprintf(format, a...))
}

// reader reads a cache file's fields in order; once a read runs past the
// end, every later one reads zero and bad is set.
type reader struct {
	b   []byte
	bad bool
}

func (rd *reader) take(n int) []byte {
	if rd.bad || len(rd.b) < n {
		rd.bad = true
		return make([]byte, n)
	}
	x := rd.b[:n]
	rd.b = rd.b[n:]
	return x
}

func (rd *reader) u8() uint8   { return rd.take(1)[0] }
func (rd *reader) u16() uint16 { return binary.LittleEndian.Uint16(rd.take(2)) }
func (rd *reader) u32() uint32 { return binary.LittleEndian.Uint32(rd.take(4)) }

// decodeCache reads a cache file written by encodeCache for the rules r,
// key and planner pl, checking everything.
func decodeCache(data []byte, r *nora.Rules, key string, pl Planner) (*PassDists, error) {
	if len(data) < sha256.Size+len(cacheMagic) {
		return nil, cacheErr("%d bytes", len(data))
	}
	body, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if got := sha256.Sum256(body); !bytes.Equal(got[:], sum) {
		return nil, cacheErr("checksum mismatch")
	}
	if !bytes.HasPrefix(body, []byte(cacheMagic)) {
		return nil, cacheErr("not a pass samples file")
	}
	rd := &reader{b: body[len(cacheMagic):]}
	version := rd.u32()
	keyBytes := rd.take(len(key))
	ranks, jokers := rd.u8(), rd.u8()
	n := rd.u32()
	chunk := rd.u32()
	if rd.bad {
		return nil, cacheErr("header cut short")
	}
	cs := newComps(r)
	switch {
	case version != passdistVersion:
		return nil, cacheErr("version %d, want %d", version, passdistVersion)
	case string(keyBytes) != key:
		return nil, cacheErr("key %q, want %q", keyBytes, key)
	case int(ranks) != r.Ranks || int(jokers) != r.Jokers:
		return nil, cacheErr("deck ranks=%d jokers=%d, want %d and %d", ranks, jokers, r.Ranks, r.Jokers)
	case int(n) != len(cs.List):
		return nil, cacheErr("%d compositions, want %d", n, len(cs.List))
	case chunk < 1 || chunk > 1<<24:
		return nil, cacheErr("chunks of %d shuffles", chunk)
	}
	d := &PassDists{Comps: cs, Dists: make([]PassDist, n), Key: key, Planner: pl, Chunk: int(chunk)}
	for i := 1; i < int(n); i++ {
		pd := &d.Dists[i]
		comp := [3]uint8{rd.u8(), rd.u8(), rd.u8()}
		samples := rd.u32()
		if rd.bad {
			return nil, cacheErr("composition %d cut short", i)
		}
		c := cs.List[i]
		if comp != [3]uint8{uint8(c.N4), uint8(c.N2), uint8(b2i(c.Jokers))} {
			return nil, cacheErr("composition %d is %v, want %v", i, comp, c)
		}
		if samples%chunk != 0 {
			return nil, cacheErr("composition %v: %d live shuffles, not chunks of %d", c, samples, chunk)
		}
		pd.Comp, pd.Samples = c, int(samples)
		pd.Dead = nora.DeadChance(c.N4, c.N2, c.Jokers)
		for _, ss := range []*sampleSet{&pd.live, &pd.dead} {
			count := rd.u32()
			if rd.bad || count > 1<<24 || int(count) > len(rd.b)/7 {
				return nil, cacheErr("composition %v: %d shuffles", c, count)
			}
			ss.Weight = make([]uint32, 0, count)
			ss.Top = make([]Top, 0, count)
			ss.Off = make([]uint32, 1, count+1)
			for range count {
				w, top, nch := rd.u32(), rd.u8(), rd.u16()
				if rd.bad || int(nch)*6 > len(rd.b) {
					return nil, cacheErr("composition %v cut short", c)
				}
				for range nch {
					x := rd.take(6)
					ss.Choices = append(ss.Choices, choice{Next: x[0], Flags: x[1],
						Need: binary.LittleEndian.Uint16(x[2:]), Net: int16(binary.LittleEndian.Uint16(x[4:]))})
				}
				ss.Weight = append(ss.Weight, w)
				ss.Top = append(ss.Top, Top(top))
				ss.Off = append(ss.Off, uint32(len(ss.Choices)))
			}
		}
		if err := pd.check(cs, r, pl); err != nil {
			return nil, err
		}
		pd.summarize(cs)
		if err := pd.checkSummary(); err != nil {
			return nil, err
		}
	}
	if rd.bad || len(rd.b) != 0 {
		return nil, cacheErr("%d bytes after the last composition", len(rd.b))
	}
	return d, nil
}

// check reports an error if pd's shuffles are not what the rules allow:
// counts that do not add up, a top card the deck does not hold, a choice
// leading to a deck not smaller than the one shuffled, more ip than the
// cards could earn, less need than its switches' price less what the pass
// earns, more need than a plan may have, or flags out of place.
func (pd *PassDist) check(cs *Comps, r *nora.Rules, pl Planner) error {
	c := pd.Comp
	p, _ := topChances(c)
	i, _ := cs.Index(c)
	perPair := r.Joke + r.Triple + r.Quad + r.Sweep + r.Chain + r.Reaction + r.Jamboree + r.Pair
	maxIP := c.Cards() / 2 * perPair
	live, dead := pd.live.totalWeight(), pd.dead.totalWeight()
	if pd.Samples == 0 {
		if a := arrangements(c); live+dead != a {
			return cacheErr("composition %v enumerated: %g shuffles, want %g", c, live+dead, a)
		}
	} else if int(live) != pd.Samples || dead > float64(pd.Samples) {
		return cacheErr("composition %v: %g live and %g dead shuffles of %d drawn", c, live, dead, pd.Samples)
	}
	if live == 0 && pd.Dead < 1 {
		return cacheErr("composition %v: no live shuffle", c)
	}
	for _, isDead := range []bool{false, true} {
		ss := &pd.live
		if isDead {
			ss = &pd.dead
		}
		for j := range ss.Len() {
			t := ss.Top[j]
			if ss.Weight[j] == 0 || t <= TopUnknown || t >= numTops || p[t] == 0 {
				return cacheErr("composition %v: shuffle %d has weight %d, top class %d", c, j, ss.Weight[j], t)
			}
			chs := ss.choices(j)
			if !isDead && (len(chs) == 0 || chs[0].Flags != 0) {
				return cacheErr("composition %v: live shuffle %d does not start with its play without a switch", c, j)
			}
			rescues := 0
			for k, ch := range chs {
				next := int(ch.Next)
				switch {
				case next >= i || cs.List[next].Cards() >= c.Cards():
					return cacheErr("composition %v: a pass leads to composition %d", c, next)
				case int(ch.Net) > maxIP || int(ch.Need)+int(ch.Net) < 0 || int(ch.Need) > searchMaxNeed ||
					ch.Flags&choiceSwitch == 0 && (ch.Need != 0 || ch.Net < 0):
					return cacheErr("composition %v: a pass nets %d ip and needs %d", c, ch.Net, ch.Need)
				case ch.Flags&^(choiceSwitch|choiceRescue) != 0,
					isDead && ch.Flags&choiceSwitch == 0,
					!isDead && k > 0 && ch.Flags != choiceSwitch:
					return cacheErr("composition %v: choice flags %b", c, ch.Flags)
				}
				if ch.Flags&choiceRescue != 0 {
					rescues++
				}
			}
			// Only the one-switch planner marks the rescue of the first
			// policy, once on every rescuable dead shuffle.
			if want := b2i(pl == PlanOneSwitch && isDead && len(chs) > 0); rescues != want {
				return cacheErr("composition %v: shuffle %d has %d rescue switches, want %d", c, j, rescues, want)
			}
		}
	}
	return nil
}

// checkSummary reports an error if the summaries are not distributions.
func (pd *PassDist) checkSummary() error {
	total := 0.0
	for _, o := range pd.Live {
		if !(o.P > 0 && o.P <= 1) {
			return cacheErr("composition %v: outcome probability %g", pd.Comp, o.P)
		}
		total += o.P
	}
	if len(pd.Live) > 0 && math.Abs(total-1) > 1e-9 {
		return cacheErr("composition %v: outcome probabilities sum to %g", pd.Comp, total)
	}
	if !(pd.Dead >= 0 && pd.Dead <= 1 && pd.Rescue >= 0 && pd.Rescue <= 1) {
		return cacheErr("composition %v: dead %g, rescue %g", pd.Comp, pd.Dead, pd.Rescue)
	}
	return nil
}

// maxCacheBytes bounds a cache file's size: the full deck's is under 1 MB.
const maxCacheBytes = 64 << 20

// readCache reads and checks the cache file at path: a regular file of at
// most maxCacheBytes (a named pipe or a device put in its place is refused,
// and the distributions rebuilt, never waited on or read without end).
func readCache(path string, r *nora.Rules, key string, pl Planner) (*PassDists, error) {
	data, err := inputfile.Read(path, maxCacheBytes)
	if err != nil {
		return nil, err
	}
	return decodeCache(data, r, key, pl)
}

// writeCache writes d's cache file at path atomically; a cache that cannot
// be written is skipped.
func writeCache(path string, d *PassDists, r *nora.Rules) {
	if os.MkdirAll(filepath.Dir(path), 0o755) != nil {
		return
	}
	tmp := fmt.Sprintf("%s.%d.tmp", path, os.Getpid())
	if os.WriteFile(tmp, encodeCache(d, r), 0o644) == nil {
		if os.Rename(tmp, path) != nil {
			os.Remove(tmp)
		}
	}
}
