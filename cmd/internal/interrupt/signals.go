package interrupt

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// OnSignals returns a context that the first SIGINT or SIGTERM cancels,
// saying so on errw; a second signal calls exit(130), for a step that does
// not stop soon enough. stop releases the signals.
func OnSignals(parent context.Context, errw io.Writer, exit func(int)) (ctx context.Context, stop func()) {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	ctx, cancel := context.WithCancel(parent)
	done := make(chan struct{})
	go watchSignals(sigs, done, cancel, errw, exit)
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel()
	}
}

// watchSignals cancels on the first signal from sigs and exits with status
// 130 on the second, until done is closed.
func watchSignals(sigs <-chan os.Signal, done <-chan struct{}, cancel func(), errw io.Writer, exit func(int)) {
	select {
	case <-sigs:
	case <-done:
		return
	}
	cancel()
	fmt.Fprintln(errw, "cardsim: interrupted: stopping after the deals under way (interrupt again to quit at once)")
	select {
	case <-sigs:
		fmt.Fprintln(errw, "cardsim: interrupted twice: quitting")
		exit(130)
	case <-done:
	}
}
