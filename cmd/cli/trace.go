package cli

import (
	"github.com/cardsim/cardsim/experiment"

	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/strategies"
)

// TraceOptions are the options of the trace command.
type TraceOptions struct {
	Flags
	experiment.Spec // the game, its rules, the seats' strategies (one per seat) and the seed
	Index           int64
	Deal            string
	dealGiven       bool // --deal was given, even as ""
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
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Game = args[0]
			opts.dealGiven = cmd.Flags().Changed("deal")
			return runTrace(f, opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.Strategy, "strategy", "s", "", "strategy of every seat (default: the game's first)")
	fl.StringSliceVar(&opts.Strategies, "strategies", nil, "the strategy of each seat, in seat order: `a,b:key=value,…`")
	fl.StringArrayVarP(&opts.Params, "param", "p", nil, "strategy parameter `key=value` (repeatable)")
	fl.StringArrayVarP(&opts.Rules, "rule", "r", nil, "rule option `key=value` (repeatable; see cardsim rules <game>)")
	opts.add(cmd, &opts.Spec, seedFlag, "", "text", "json")
	fl.Int64Var(&opts.Index, "index", 0, "game index within the run")
	fl.StringVar(&opts.Deal, "deal", "", "start from this deal instead of a shuffle (cards such as \"10H QS JK\")")
	fl.SortFlags = false
	return cmd
}

// seats returns the strategy of each seat of g: the one of --strategy (and
// --param) in every seat, or those of --strategies in seat order.
func (f *Factory) seats(g games.Game, strategy string, params, specs []string) ([]sim.Player, error) {
	if len(specs) > 0 {
		if len(specs) != g.Seats() {
			return nil, fmt.Errorf("--strategies: %d strategies for %s's %d seats", len(specs), g.Name(), g.Seats())
		}
		return f.lineup(g, strategy, params, specs)
	}
	p, err := f.lineup(g, strategy, params, nil)
	if err != nil {
		return nil, err
	}
	seats := make([]sim.Player, g.Seats())
	for i := range seats {
		seats[i] = p[0]
	}
	return seats, nil
}

// traceRecord is the JSON form of a trace.
type traceRecord struct {
	Game     string             `json:"game"`
	Rules    map[string]string  `json:"rules"`
	Strategy sim.StrategyRecord `json:"strategy"`
	// Seats names the strategy of each seat when they differ.
	Seats   []sim.StrategyRecord `json:"seats,omitempty"`
	Seed    uint64               `json:"seed"`
	Index   int64                `json:"index"`
	Deal    string               `json:"deal,omitempty"`
	Events  []games.Event        `json:"events"`
	Outcome []outcomeRecord      `json:"outcome"`
	Metrics map[string]int64     `json:"metrics"`
}

type outcomeRecord struct {
	Seat   int    `json:"seat"`
	Score  int    `json:"score"`
	Result string `json:"result"`
}

func runTrace(f *Factory, opts *TraceOptions) error {
	if err := opts.Flags.check(); err != nil {
		return err
	}
	if opts.Index < 0 {
		return fmt.Errorf("--index %d: want 0 or more", opts.Index)
	}
	if opts.dealGiven && strings.TrimSpace(opts.Deal) == "" {
		return errors.New("--deal: empty: give the cards, such as \"AS 5H 10D …\", or leave --deal out for a shuffled deal")
	}
	g, err := f.game(opts.Game, opts.Rules)
	if err != nil {
		return err
	}
	if err := games.CanDeal(g); err != nil {
		return err
	}
	seats, err := f.seats(g, opts.Strategy, opts.Params, opts.Strategies)
	if err != nil {
		return err
	}
	bots := make([]strategies.Strategy, g.Seats())
	for i := range bots {
		if bots[i], err = seats[i].Strategy.New(g, seats[i].Params); err != nil {
			return fmt.Errorf("strategy %s: %w", seats[i].Strategy.Name, err)
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
		Strategy: sim.StrategyRecord{Name: seats[0].Strategy.Name, Params: sim.ParamValues(seats[0])},
		Metrics:  map[string]int64{},
	}
	if len(opts.Strategies) > 0 {
		for _, p := range seats {
			rec.Seats = append(rec.Seats, sim.StrategyRecord{Name: p.Strategy.Name, Params: sim.ParamValues(p)})
		}
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
	names := make([]string, len(seats))
	for i, p := range seats {
		names[i] = p.Strategy.Name
	}
	if len(opts.Strategies) == 0 {
		names = names[:1]
	}
	fmt.Fprintf(f.Out, "%s, strategy %s, seed %d, game %d\n", g.Name(), strings.Join(names, " vs "), opts.Seed, opts.Index)
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
