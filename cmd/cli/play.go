package cli

import (
	"context"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/cardsim/cardsim/sim"
)

// play plays a session, with a progress bar labelled label on the error
// stream when it is a terminal and quiet is not set. Every command that
// plays deals goes through it.
func (f *Factory) play(ctx context.Context, s *sim.Session, label string, quiet bool) (*sim.Result, error) {
	if !quiet && f.ErrIsTerminal() {
		bar := progressbar.NewOptions64(s.ToPlay(),
			progressbar.OptionSetWriter(f.Err),
			progressbar.OptionSetDescription(label),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("deals"),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
		defer bar.Finish()
		progress := s.Config.Progress
		s.Config.Progress = func(n int64) {
			bar.Add64(n)
			if progress != nil {
				progress(n)
			}
		}
	}
	return s.Play(ctx)
}
