package interrupt

import (
	"bytes"
	"context"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignals: the first interrupt cancels the command's context; a second
// one quits at once with status 130; closing done ends the watch without
// either.
func TestSignals(t *testing.T) {
	sigs := make(chan os.Signal, 2)
	done := make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	exited := make(chan int, 1)
	var errw bytes.Buffer
	finished := make(chan struct{})
	go func() {
		watchSignals(sigs, done, cancel, &errw, func(code int) { exited <- code })
		close(finished)
	}()
	sigs <- os.Interrupt
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the first interrupt did not cancel the context")
	}
	select {
	case code := <-exited:
		t.Fatalf("exited with %d after one interrupt", code)
	default:
	}
	sigs <- syscall.SIGTERM
	select {
	case code := <-exited:
		if code != 130 {
			t.Errorf("exit status %d, want 130", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the second signal did not quit")
	}
	<-finished
	if !strings.Contains(errw.String(), "interrupt again to quit at once") {
		t.Errorf("stderr %q does not say a second interrupt quits", errw.String())
	}

	// No signal: closing done ends the watch, cancelling nothing.
	sigs, done = make(chan os.Signal, 2), make(chan struct{})
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	finished = make(chan struct{})
	go func() {
		watchSignals(sigs, done, cancel, &errw, func(code int) { t.Errorf("exited with %d without a signal", code) })
		close(finished)
	}()
	close(done)
	<-finished
	if ctx.Err() != nil {
		t.Error("the context was cancelled without a signal")
	}
}
