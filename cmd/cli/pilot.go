package cli

import (
	"context"
	"fmt"

	"github.com/cardsim/cardsim/experiment"
)

// runPilot plays the short pilot of spec and prints its estimate in
// --format: table, or json (a format the pilot is not written in, such as
// csv, is refused before it plays).
func runPilot(ctx context.Context, f *Factory, fl *Flags, spec experiment.Spec) error {
	if err := fl.check(); err != nil {
		return err
	}
	if !f.Formats.Pilot.Has(fl.Format) {
		return f.Formats.Pilot.Refuse(fl.Format)
	}
	if fl.Out != "" {
		return fmt.Errorf("--pilot writes nothing to --out: it prints its estimate")
	}
	p, err := f.runner(fl).Pilot(ctx, spec)
	if err != nil {
		return err
	}
	return f.Formats.Pilot.Write(f.Out, fl.Format, p)
}

// errNoGame is the error of a command given no game.
func errNoGame(command string) error {
	return fmt.Errorf("which game? cardsim %s <game> …", command)
}
