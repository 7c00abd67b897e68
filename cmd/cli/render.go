package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/reports"
)

// runSpec checks the shared flags, runs spec through the command's runner
// into --out and prints the result in --format. An interrupted sweep
// prints the points it finished before its error.
func runSpec(ctx context.Context, f *Factory, fl *Flags, spec experiment.Spec) error {
	if err := fl.check(); err != nil {
		return err
	}
	res, err := f.runner(fl).Run(ctx, spec, fl.Out)
	if res == nil {
		return err
	}
	if perr := render(f, res, fl); perr != nil {
		perr = res.Keep(perr)               // the deals played are not lost to the output
		if err != nil && res.Sweep != nil { // interrupted: the points finished could not be shown
			return fmt.Errorf("%w; the %d points finished could not be printed: %w", err, len(res.Sweep.Points), perr)
		}
		return errors.Join(err, perr)
	}
	return err
}

// render prints a result on stdout in --format: a run's or a comparison's
// figures, a sweep, a tournament, a skill ladder, or where a report went.
// An analysis has printed its headline figures as it ran, and a shard's
// part has said where it was written.
func render(f *Factory, res *experiment.Result, fl *Flags) error {
	switch {
	case res.Summary != nil:
		switch fl.Format {
		case "json":
			return reports.WriteJSON(f.Out, res.Summary)
		case "csv":
			return reports.WriteFiguresCSV(f.Out, res.Summary)
		}
		return reports.WriteTable(f.Out, res.Summary)
	case res.Sweep != nil:
		switch fl.Format {
		case "json":
			return reports.WriteSweepJSON(f.Out, res.Sweep)
		case "csv":
			return reports.WriteSweepCSV(f.Out, res.Sweep)
		}
		return reports.WriteSweepTable(f.Out, res.Sweep)
	case res.Tournament != nil:
		t := res.Tournament
		switch fl.Format {
		case "json":
			js, err := t.JSON()
			if err == nil {
				_, err = f.Out.Write(js)
			}
			return err
		case "csv":
			_, err := f.Out.Write(t.MatchesCSV())
			return err
		}
		return t.WriteTable(f.Out)
	case res.Skill != nil:
		switch fl.Format {
		case "csv":
			return reports.WriteSkillCSV(f.Out, res.Skill)
		case "json":
			return writeJSON(f.Out, res.Skill)
		}
		return reports.WriteSkillTable(f.Out, res.Skill)
	case res.Report != nil:
		studies := fmt.Sprintf("%d studies", len(res.Report.Studies))
		if len(res.Report.Studies) == 1 {
			studies = "1 study"
		}
		_, err := fmt.Fprintf(f.Out, "report written to %s/report.html (%s)\n", fl.Out, studies)
		return err
	}
	return nil
}

// writeJSON writes v as indented JSON and a newline.
func writeJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
