package experiment

import (
	"context"
	"errors"
	"regexp"
	"strconv"
	"strings"
)

// InterruptedError ends a command stopped by an interrupt (Ctrl-C or
// SIGTERM): what it had done, what it kept and how to carry on. It is a
// context.Canceled, so the command exits with status 130.
type InterruptedError struct {
	Done   string // such as "after 70,656 of 1,000,000 deals"
	Kept   string // such as "nothing", or "checkpoint run.ckpt"
	Resume string // how to carry on, such as "run the same command with --resume"
}

// Error says "interrupted", then what was done, kept and how to carry on.
func (e *InterruptedError) Error() string {
	var b strings.Builder
	b.WriteString("interrupted")
	if e.Done != "" {
		b.WriteString(" " + e.Done)
	}
	b.WriteString("; kept: " + e.Kept)
	if e.Resume != "" {
		b.WriteString("; " + e.Resume)
	}
	return b.String()
}

// Unwrap makes the error a context.Canceled.
func (e *InterruptedError) Unwrap() error { return context.Canceled }

// StartAfresh is how to carry on where nothing was kept and nothing can be.
const StartAfresh = "run the command again to start afresh"

// KeepWithCheckpoint is how to keep the deals played another time, for a
// command that takes --checkpoint.
func KeepWithCheckpoint(what string) string {
	return "give --checkpoint " + what + " to keep the deals played, and --resume to carry on from them"
}

// AsInterrupted returns err, stopped by an interrupt, as an
// InterruptedError: err itself where it holds one (with what it adds, such
// as a file that could not be written), else one that says where the
// command stopped (from the text of err, without the context's own
// "context canceled"), that it kept nothing, and how to start again.
func AsInterrupted(err error) error {
	if ie := (*InterruptedError)(nil); errors.As(err, &ie) {
		return err
	}
	where := strings.TrimSuffix(strings.TrimSuffix(err.Error(), context.Canceled.Error()), ": ")
	var done []string
	if m := playedDeals.FindStringSubmatch(where); m != nil { // a session's "interrupted after N deals"
		where = strings.TrimSuffix(where[:len(where)-len(m[0])], ": ")
		n, _ := strconv.ParseInt(m[1], 10, 64)
		done = append(done, "after "+grouped(n)+" deals")
	}
	if where != "" {
		done = append([]string{"during " + where}, done...)
	}
	return &InterruptedError{Done: strings.Join(done, ", "), Kept: "nothing", Resume: StartAfresh}
}

// playedDeals is how a session stopped by an interrupt says how many deals
// it played.
var playedDeals = regexp.MustCompile(`interrupted after (\d+) deals$`)

// DealsDone says how many of a run's deals were played: "after 70,656 of
// 1,000,000 deals" (of at most that many, for a run to a precision).
func DealsDone(played, deals int64, toPrecision bool) string {
	of := " of "
	if toPrecision {
		of = " of at most "
	}
	return "after " + grouped(played) + of + grouped(deals) + " deals"
}

// grouped writes a count with its thousands apart: 1,000,000.
func grouped(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
