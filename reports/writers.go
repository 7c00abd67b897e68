package reports

import (
	"io"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/strategies"
)

// Writers holds, for each kind of result cardsim prints on standard output,
// the formats it is written in (--format): the one place a format is
// declared. A format added to a kind (Formats.Add) is taken by every
// command that prints that kind, rerun and merge included, and appears in
// their help, completion and reference pages.
type Writers struct {
	Summary    *Formats[*sim.Summary] // run, compare, merge, rerun
	Sweep      *Formats[*Sweep]       // sweep, rerun
	Tournament *Formats[*Tournament]  // tournament, rerun
	Skill      *Formats[*Skill]       // skill, rerun
	Tune       *Formats[*Tune]        // tune, rerun
	Pilot      *Formats[*Pilot]       // compare --pilot, tune --pilot
	Trace      *Formats[*TraceRecord] // trace
	Games      *Formats[*games.Registry]
	Rules      *Formats[games.Game]
	Strategies *Formats[StrategyList]
}

// StrategyList is the strategies that play a game, as cardsim strategies
// lists them.
type StrategyList struct {
	Game       games.Game
	Strategies []strategies.Definition
}

// NewWriters returns the formats cardsim writes each kind of result in:
// a table (text for a trace) by default, CSV for the figures, JSON for
// everything.
func NewWriters() *Writers {
	w := &Writers{
		Summary:    &Formats[*sim.Summary]{What: "a run's summary"},
		Sweep:      &Formats[*Sweep]{What: "a sweep"},
		Tournament: &Formats[*Tournament]{What: "a tournament"},
		Skill:      &Formats[*Skill]{What: "a skill ladder"},
		Tune:       &Formats[*Tune]{What: "a tune"},
		Pilot:      &Formats[*Pilot]{What: "a pilot"},
		Trace:      &Formats[*TraceRecord]{What: "a trace"},
		Games:      &Formats[*games.Registry]{What: "the list of games"},
		Rules:      &Formats[games.Game]{What: "a game's rules"},
		Strategies: &Formats[StrategyList]{What: "a game's strategies"},
	}
	w.Summary.Add("table", "the figures with their intervals, for a terminal", summaryTable)
	w.Summary.Add("csv", "every figure as a tidy row (figures.csv; variants.csv for rule variants)", summaryCSV)
	w.Summary.Add("json", "the summary (summary.json)", jsonOf[*sim.Summary])

	w.Sweep.Add("table", "a line per point and strategy, for a terminal", WriteSweepTable)
	w.Sweep.Add("csv", "a row per point and strategy (sweep.csv)", WriteSweepCSV)
	w.Sweep.Add("json", "every point's summary (sweep.json)", jsonOf[*Sweep])

	w.Tournament.Add("table", "head to head and the ranking, for a terminal", func(w io.Writer, t *Tournament) error { return t.WriteTable(w) })
	w.Tournament.Add("csv", "a row per pair (tournament.csv)", func(w io.Writer, t *Tournament) error {
		_, err := w.Write(t.MatchesCSV())
		return err
	})
	w.Tournament.Add("json", "the matches and the ranking (tournament.json)", jsonOf[*Tournament])

	w.Skill.Add("table", "a line per budget and figure, for a terminal", WriteSkillTable)
	w.Skill.Add("csv", "a row per budget and figure (skill.csv)", WriteSkillCSV)
	w.Skill.Add("json", "the study's settings and its rows", jsonOf[*Skill])

	w.Tune.Add("table", "the candidates best first, with the verdict, for a terminal", WriteTuneTable)
	w.Tune.Add("csv", "a row per candidate (tune.csv)", WriteTuneCSV)
	w.Tune.Add("json", "the race's candidates and verdict (tune.json)", jsonOf[*Tune])

	w.Pilot.Add("table", "the speed of play and the deals each difference needs, for a terminal", WritePilotTable)
	w.Pilot.Add("json", "the pilot's figures and estimates", jsonOf[*Pilot])

	w.Trace.Add("text", "every event on a line", func(w io.Writer, r *TraceRecord) error { return r.WriteText(w) })
	w.Trace.Add("json", "the game and its events", jsonOf[*TraceRecord])

	w.Games.Add("table", "a line per game", WriteGames)
	w.Games.Add("json", "every game's name, title, summary and seats", func(w io.Writer, r *games.Registry) error {
		gs, err := GameListings(r)
		if err != nil {
			return err
		}
		return WriteJSON(w, gs)
	})
	w.Rules.Add("table", "a line per rule", func(w io.Writer, g games.Game) error { return WriteRules(w, g.Rules()) })
	w.Rules.Add("json", "every rule, its value, default, meaning and kind", func(w io.Writer, g games.Game) error {
		return WriteJSON(w, NewRulesListing(g))
	})
	w.Strategies.Add("table", "each strategy with its parameters", func(w io.Writer, l StrategyList) error {
		return WriteStrategies(w, l.Game, l.Strategies)
	})
	w.Strategies.Add("json", "each strategy with its parameters, typed", func(w io.Writer, l StrategyList) error {
		return WriteJSON(w, StrategyListings(l.Game, l.Strategies))
	})
	return w
}

// summaryTable writes a summary as a table: a comparison of rule variants
// as WriteVariantsTable does, any other as WriteTable does.
func summaryTable(w io.Writer, s *sim.Summary) error {
	if s.Variants != nil {
		return WriteVariantsTable(w, s)
	}
	return WriteTable(w, s)
}

// summaryCSV writes a summary as tidy rows: a comparison of rule variants
// as variants.csv (WriteVariantsCSV), any other as figures.csv.
func summaryCSV(w io.Writer, s *sim.Summary) error {
	if s.Variants != nil {
		return WriteVariantsCSV(w, s)
	}
	return WriteFiguresCSV(w, s)
}

// jsonOf writes a result as indented JSON (WriteJSON).
func jsonOf[T any](w io.Writer, v T) error { return WriteJSON(w, v) }
