package cli

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/strategies"
)

// TraceOptions are the options of the trace command.
type TraceOptions struct {
	Game     string
	Strategy string
	Params   []string
	Rules    []string
	Seed     uint64
	Index    int64
	Deal     string
	Format   string
}

// NewCmdTrace returns the command that plays one game and prints every event.
func NewCmdTrace(f *Factory) *cobra.Command {
	opts := &TraceOptions{}
	cmd := &cobra.Command{
		Use:   "trace <game>",
		Short: "Play one game and print it move by move",
		Long: `Play one game and print every event in order: what was dealt or shuffled, every
decision and its result. With --seed and --index it replays game i of a run with
that seed exactly (the same cards and the same bot choices); with --deal it starts
from the cards you give (for nora: round 1's first shuffle, 54 cards, top first,
such as "AS 5H 10D ... JK").`,
		Example: `  cardsim trace nora --seed 42 --index 17
  cardsim trace nora --strategy rescuer --deal "AS AH 2C ... JK" --format json`,
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			opts.Game = args[0]
			return runTrace(f, opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.Strategy, "strategy", "s", "", "strategy to play (default: the game's first)")
	fl.StringArrayVarP(&opts.Params, "param", "p", nil, "strategy parameter `key=value` (repeatable)")
	fl.StringArrayVarP(&opts.Rules, "rule", "r", nil, "rule option `key=value` (repeatable)")
	fl.Uint64Var(&opts.Seed, "seed", 1, "run seed")
	fl.Int64Var(&opts.Index, "index", 0, "game index within the run")
	fl.StringVar(&opts.Deal, "deal", "", "start from this deal instead of a shuffle (cards such as \"10H QS JK\")")
	fl.StringVarP(&opts.Format, "format", "f", "text", "output: text or json")
	return cmd
}

// traceRecord is the JSON form of a trace.
type traceRecord struct {
	Game     string             `json:"game"`
	Rules    map[string]string  `json:"rules"`
	Strategy sim.StrategyRecord `json:"strategy"`
	Seed     uint64             `json:"seed"`
	Index    int64              `json:"index"`
	Deal     string             `json:"deal,omitempty"`
	Events   []games.Event      `json:"events"`
	Outcome  []outcomeRecord    `json:"outcome"`
	Metrics  map[string]int64   `json:"metrics"`
}

type outcomeRecord struct {
	Seat   int    `json:"seat"`
	Score  int    `json:"score"`
	Result string `json:"result"`
}

func runTrace(f *Factory, opts *TraceOptions) error {
	if opts.Format != "text" && opts.Format != "json" {
		return fmt.Errorf("--format %q: want text or json", opts.Format)
	}
	if opts.Index < 0 {
		return fmt.Errorf("--index %d: want 0 or more", opts.Index)
	}
	g, err := f.game(opts.Game, opts.Rules)
	if err != nil {
		return err
	}
	def, err := f.strategy(opts.Game, opts.Strategy)
	if err != nil {
		return err
	}
	bots := make([]strategies.Strategy, g.Seats())
	for i := range bots {
		if bots[i], err = def.New(g, opts.Params); err != nil {
			return fmt.Errorf("strategy %s: %w", def.Name, err)
		}
		bots[i].Begin(sim.BotSeed(opts.Seed, opts.Index, i))
	}
	s := g.NewState()
	s.Record(true)
	seed := sim.GameSeed(opts.Seed, opts.Index)
	if opts.Deal != "" {
		if err := s.Deal(opts.Deal, seed); err != nil {
			return err
		}
	} else {
		s.Reset(seed)
	}
	if err := playSafely(s, bots); err != nil {
		// Show how far the game got before it failed: that is what a trace of
		// a failing game is for.
		for _, e := range s.Events() {
			fmt.Fprintln(f.Out, e.String())
		}
		return fmt.Errorf("%s game %d of seed %d: %w", opts.Game, opts.Index, opts.Seed, err)
	}
	rec := traceRecord{
		Game: g.Name(), Rules: map[string]string{}, Seed: opts.Seed, Index: opts.Index, Deal: opts.Deal,
		Events:   s.Events(),
		Strategy: sim.StrategyRecord{Name: def.Name, Params: sim.ParamValues(sim.Player{Strategy: def, Params: opts.Params})},
		Metrics:  map[string]int64{},
	}
	for _, r := range g.Rules() {
		rec.Rules[r.Name] = r.Value
	}
	for seat := range g.Seats() {
		o := s.Outcome(seat)
		rec.Outcome = append(rec.Outcome, outcomeRecord{Seat: seat, Score: o.Score, Result: o.Result.String()})
	}
	vals := s.Metrics(nil)
	for i, m := range g.Metrics() {
		rec.Metrics[m.Name] = vals[i]
	}
	if opts.Format == "json" {
		b, err := json.MarshalIndent(rec, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(f.Out, "%s\n", b)
		return err
	}
	fmt.Fprintf(f.Out, "%s, strategy %s, seed %d, game %d\n", g.Name(), def.Name, opts.Seed, opts.Index)
	for _, e := range rec.Events {
		fmt.Fprintln(f.Out, e.String())
	}
	for _, o := range rec.Outcome {
		fmt.Fprintf(f.Out, "seat %d: score %d, %s\n", o.Seat, o.Score, o.Result)
	}
	return nil
}

// playSafely plays the game to the end, turning a panic of a bot or of the
// game into an error.
func playSafely(s games.State, bots []strategies.Strategy) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	_, err = sim.Play(s, bots, nil)
	return err
}
