package experiment

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

// TestInterruptMessages: an interrupted command says where it stopped,
// what it kept and how to carry on, in words rather than as Go's "context
// canceled", and still counts as cancelled (exit status 130).
func TestInterruptMessages(t *testing.T) {
	session := fmt.Errorf("interrupted after %d deals: %w", 23040, context.Canceled)
	for _, tt := range []struct {
		err  error
		want string
	}{
		{context.Canceled, "interrupted; kept: nothing; run the command again to start afresh"},
		{fmt.Errorf("strategy optimal: %w", context.Canceled), "interrupted during strategy optimal; kept: nothing; run the command again to start afresh"},
		{fmt.Errorf(`spite study "Which bot": %w`, session), `interrupted during spite study "Which bot", after 23,040 deals; kept: nothing; run the command again to start afresh`},
		{session, "interrupted after 23,040 deals; kept: nothing; run the command again to start afresh"},
		{&InterruptedError{Done: DealsDone(5, 1_000_000, false), Kept: "the deals played, in checkpoint run.ckpt", Resume: "run the same command with --resume to carry on"},
			"interrupted after 5 of 1,000,000 deals; kept: the deals played, in checkpoint run.ckpt; run the same command with --resume to carry on"},
		{&InterruptedError{Done: DealsDone(1234, 1000000, true), Kept: "nothing", Resume: KeepWithCheckpoint("FILE")},
			"interrupted after 1,234 of at most 1,000,000 deals; kept: nothing; give --checkpoint FILE to keep the deals played, and --resume to carry on from them"},
		// What a command adds to its interruption (a write that failed) is
		// kept.
		{fmt.Errorf("%w, but the partial summary could not be written: %w", &InterruptedError{Done: "after 2 of 9 deals", Kept: "x"}, errors.New("disk full")),
			"interrupted after 2 of 9 deals; kept: x, but the partial summary could not be written: disk full"},
	} {
		ie := AsInterrupted(tt.err)
		if got := ie.Error(); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.err, got, tt.want)
		}
		if !errors.Is(ie, context.Canceled) {
			t.Errorf("%q: no longer a cancellation", tt.err)
		}
	}
}

func TestGrouped(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 123456: "123,456", 1234567: "1,234,567", -1234: "-1,234", -123: "-123"} {
		if got := grouped(n); got != want {
			t.Errorf("grouped(%d) = %q, want %q", n, got, want)
		}
	}
}
