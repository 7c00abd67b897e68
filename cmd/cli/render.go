package cli

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/reports"
)

// runSpec runs spec through the command's runner into --out and prints
// the result in --format; the command has checked its flags. An
// interrupted sweep prints the points it finished before its error.
func runSpec(ctx context.Context, f *Factory, fl *Flags, spec experiment.Spec) error {
	if err := f.checkFormat(&spec, fl); err != nil {
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

// render prints a result on stdout in --format, by the writers the
// factory's registry holds for its kind: a run's or a comparison's
// figures, a sweep, a tournament, a skill ladder; or where a report went.
// An analysis has printed its headline figures as it ran, and a shard's
// part has said where it was written.
func render(f *Factory, res *experiment.Result, fl *Flags) error {
	w := f.Formats
	switch {
	case res.Summary != nil:
		if fl.Features && fl.Format == "table" {
			return reports.WriteTableWith(f.Out, res.Summary, reports.TableOptions{Features: true})
		}
		return w.Summary.Write(f.Out, fl.Format, res.Summary)
	case res.Sweep != nil:
		return w.Sweep.Write(f.Out, fl.Format, res.Sweep)
	case res.Tournament != nil:
		return w.Tournament.Write(f.Out, fl.Format, res.Tournament)
	case res.Skill != nil:
		return w.Skill.Write(f.Out, fl.Format, res.Skill)
	case res.Tune != nil:
		return w.Tune.Write(f.Out, fl.Format, res.Tune)
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

// printed returns the formats of the result an experiment of kind prints
// on stdout, nil for one that prints none of them (an analysis, a report).
func (f *Factory) printed(kind experiment.Kind) reports.FormatList {
	switch kind {
	case experiment.Run, experiment.Compare:
		return f.Formats.Summary
	case experiment.Sweep:
		return f.Formats.Sweep
	case experiment.Tournament:
		return f.Formats.Tournament
	case experiment.Skill:
		return f.Formats.Skill
	case experiment.Tune:
		return f.Formats.Tune
	}
	return nil
}

// checkFormat refuses, before anything is played, a --format that the
// result spec prints is not written in (a command that prints several
// kinds of result, such as rerun, takes the formats of each).
func (f *Factory) checkFormat(spec *experiment.Spec, fl *Flags) error {
	if fl.has&formatFlag == 0 || spec.Shard != "" {
		return nil
	}
	if p := f.printed(spec.Kind); p != nil && !slices.Contains(p.Names(), fl.Format) {
		return p.Refuse(fl.Format)
	}
	return nil
}
