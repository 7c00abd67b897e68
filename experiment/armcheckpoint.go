package experiment

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/cardsim/cardsim/internal/inputfile"
	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/stat"
)

// ArmsFormat names the format of the checkpoint of a comparison of rule
// variants or a tune.
const ArmsFormat = "cardsim-arms/1"

// armsCheckpoint is what a comparison of variants or a tune keeps of its
// progress, in one file written atomically: every variant's tally as a
// shard part (sim.Part, with its own checks), the sums of the pairing or
// the state of the race, and the deal to go on from. It is written after
// whole batches only: the batch under way at an interruption is played
// again on resume.
type armsCheckpoint struct {
	Format      string            `json:"format"`
	Fingerprint string            `json:"fingerprint"` // of the experiment (armsFingerprint)
	Next        int64             `json:"next"`
	WallSeconds float64           `json:"wall_seconds"`
	Parts       []json.RawMessage `json:"parts"`
	Sums        *armAccum         `json:"sums,omitempty"`
	Race        *stat.RaceState   `json:"race,omitempty"`
	Checksum    string            `json:"checksum"`
}

// armsFingerprint returns a digest of what decides the figures of a
// comparison of variants or a tune: every field of spec but where its
// progress and outputs go, and the number of its workers (which changes
// nothing).
func armsFingerprint(spec *Spec, total int64) string {
	c := *spec
	c.Checkpoint, c.CheckpointEvery, c.Resume, c.OverwriteCheckpoint = "", 0, false, false
	c.Records, c.RecordsFormat, c.Shard = "", "", ""
	c.Games = total
	b, _ := json.Marshal(c)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16])
}

// checksum returns the SHA-256 of the checkpoint's JSON with its checksum
// left empty.
func (c *armsCheckpoint) checksum() string {
	d := *c
	d.Checksum = ""
	b, _ := json.Marshal(&d)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// save writes the arms' progress to path: every group's tally as a part
// of a run of total deals, sealed, and the sums or the race.
func (a *armSet) save(path, fingerprint string, total int64, wall, confidence float64, race *stat.Race) error {
	c := armsCheckpoint{Format: ArmsFormat, Fingerprint: fingerprint, Next: a.next, WallSeconds: wall}
	for _, grp := range a.groups {
		p, err := sim.NewPart(&grp.cfg, total, fingerprint, 0, 1)
		if err != nil {
			return err
		}
		p.Record(sim.Snapshot{Tally: grp.tally, Next: grp.tally.Games}) // a dropped arm's part ends where it was dropped
		cfg := grp.cfg
		cfg.Workers = a.r.workers()
		p.Manifest = sim.NewManifest(&cfg, grp.tally.Games, confidence)
		p.Manifest.WallSeconds = wall
		p.Seal()
		b, err := json.Marshal(p)
		if err != nil {
			return err
		}
		c.Parts = append(c.Parts, b)
	}
	if a.base >= 0 {
		c.Sums = a.acc
	}
	if race != nil {
		st := race.State()
		c.Race = &st
	}
	c.Checksum = c.checksum()
	b, err := json.Marshal(&c)
	if err != nil {
		return err
	}
	return reports.WriteFileAtomic(path, append(b, '\n'))
}

// errForeignArms reports a checkpoint of another comparison or tune.
var errForeignArms = errors.New("written by another command (game, rules, variants, strategies, figures, seed, games or precision differ)")

// load carries the arms on from the checkpoint at path, written by the
// same experiment (its fingerprint): every part checked against its
// variant's run (sim.Part.Check: its deals dealt again, its figures
// possible), the sums or the race restored. It returns the wall seconds
// played before, and the race's state if it holds one.
func (a *armSet) load(path, fingerprint string, total int64) (float64, *stat.RaceState, error) {
	b, err := inputfile.Read(path, int64(len(a.groups))*sim.MaxPartBytes)
	if err != nil {
		return 0, nil, err
	}
	var head struct{ Format string }
	if json.Unmarshal(b, &head) == nil && head.Format != ArmsFormat && strings.HasPrefix(head.Format, "cardsim-") {
		return 0, nil, fmt.Errorf("format %.40q: not the checkpoint of a comparison of variants or a tune (%s)", head.Format, ArmsFormat)
	}
	var c armsCheckpoint
	if err := json.Unmarshal(b, &c); err != nil {
		return 0, nil, errors.New("not a cardsim checkpoint (corrupt or truncated)")
	}
	switch {
	case c.Format != ArmsFormat:
		return 0, nil, fmt.Errorf("format %.40q, want %q", c.Format, ArmsFormat)
	case c.Checksum != c.checksum():
		return 0, nil, errors.New("does not match its checksum (damaged, or edited)")
	case c.Fingerprint != fingerprint:
		return 0, nil, errForeignArms
	case len(c.Parts) != len(a.groups):
		return 0, nil, fmt.Errorf("holds %d variants' parts, want %d", len(c.Parts), len(a.groups))
	case c.Next < 0 || c.Next > total:
		return 0, nil, fmt.Errorf("next deal %d outside the %d deals", c.Next, total)
	}
	for g, raw := range c.Parts {
		p, err := sim.DecodePart(raw)
		if err != nil {
			return 0, nil, fmt.Errorf("variant %s: %w", a.groups[g].label, err)
		}
		if p.Next > c.Next || (a.base >= 0 && p.Next != c.Next) || len(p.Done) > 0 {
			return 0, nil, fmt.Errorf("variant %s: its part ends at deal %d, the checkpoint at %d", a.groups[g].label, p.Next, c.Next)
		}
		if err := p.Check(&a.groups[g].cfg, total, fingerprint); err != nil {
			return 0, nil, fmt.Errorf("variant %s: %w", a.groups[g].label, err)
		}
		a.groups[g].tally = p.Tally
	}
	if a.base >= 0 {
		if c.Sums == nil || len(c.Sums.Own) != len(a.acc.Own) || len(c.Sums.Diff) != len(a.acc.Diff) || len(c.Sums.Counts) != len(a.acc.Counts) {
			return 0, nil, errors.New("its sums are not shaped for the comparison")
		}
		for _, m := range c.Sums.Own {
			if m.N != c.Next {
				return 0, nil, fmt.Errorf("its sums count %d deals, its parts %d", m.N, c.Next)
			}
		}
		a.acc = c.Sums
	}
	a.next = c.Next
	return c.WallSeconds, c.Race, nil
}
