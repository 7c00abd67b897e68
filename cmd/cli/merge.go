package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/sim"
)

// MergeOptions are the options of the merge command.
type MergeOptions struct {
	Flags
	Parts []string
}

// NewCmdMerge returns the command that combines shard parts into one summary.
func NewCmdMerge(f *Factory) *cobra.Command {
	opts := &MergeOptions{}
	cmd := &cobra.Command{
		Use:   "merge <part.json | dir>...",
		Short: "Combine the parts of a sharded run into the summary one run would give",
		Long: `Combine the part files written by "cardsim run ... --shard k/n" into exactly the
summary a single run of all the deals would have written (only wall_seconds and
workers differ). The parts must come from the same command and cover every shard
once: missing, duplicate, foreign, incomplete or damaged parts are errors. Every
figure of every part is checked against what its game and its slice of deals
allow (scores and metrics within the game's bounds, counts matching the deals,
paired differences matching the strategies' totals), and its deals are dealt
again to check that it counts the deals it claims. A directory stands for
every part-K-of-N.json file in it.`,
		Example: "  cardsim merge parts/part-*.json --out out/\n  cardsim merge parts/ --format json",
		Args:    cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			opts.Parts = args
			return runMerge(f, opts)
		},
	}
	opts.add(cmd, 0, "summary.json, CSV files and charts", "table", "csv", "json")
	return cmd
}

func runMerge(f *Factory, opts *MergeOptions) error {
	if err := opts.Flags.check(); err != nil {
		return err
	}
	var paths []string
	for _, path := range opts.Parts {
		if fi, err := os.Stat(path); err == nil && fi.IsDir() {
			found, _ := filepath.Glob(filepath.Join(path, "part-*-of-*.json"))
			if len(found) == 0 {
				return fmt.Errorf("%s holds no part-K-of-N.json file", path)
			}
			paths = append(paths, found...)
			continue
		}
		paths = append(paths, path)
	}
	var parts []*sim.Part
	for _, path := range paths {
		p, err := sim.ReadPart(path)
		if err != nil {
			return err
		}
		parts = append(parts, p)
	}
	m := parts[0].Manifest
	var rules []string
	for k, v := range m.Rules {
		rules = append(rules, k+"="+v.Text)
	}
	g, err := f.game(m.Game, rules)
	if err != nil {
		return fmt.Errorf("the parts' game: %w", err)
	}
	var lineup []sim.Player
	for _, s := range m.Strategies {
		def, err := f.strategy(m.Game, s.Name)
		if err != nil {
			return fmt.Errorf("the parts' strategy: %w", err)
		}
		var params []string
		for _, k := range sortedKeys(s.Params) {
			params = append(params, k+"="+s.Params[k])
		}
		lineup = append(lineup, sim.Player{Strategy: def, Params: params})
	}
	if len(lineup) == 0 {
		return errors.New("the parts name no strategy")
	}
	cfg := sim.Config{Game: g, Lineup: lineup, Seed: m.Seed}
	tally, err := sim.MergeParts(&cfg, parts)
	if err != nil {
		return err
	}
	if err := games.CanDeal(g); err != nil {
		fmt.Fprintf(f.Err, "cardsim: note: the parts' deals were not dealt again to check their fingerprints: %v\n", err)
	}
	r := &sim.Result{Config: cfg, Tally: tally, Confidence: m.Confidence}
	for _, p := range parts {
		r.WallSeconds += p.Manifest.WallSeconds
		r.Config.Workers = max(r.Config.Workers, p.Manifest.Workers)
	}
	s := r.Summary()
	return emit(f, &s, opts.Out, opts.Format)
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
