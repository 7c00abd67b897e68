package cli

import (
	"context"
	"errors"
	"regexp"
	"strconv"
	"strings"
)

// interruptedError ends a command stopped by an interrupt (Ctrl-C or
// SIGTERM): what it had done, what it kept and how to carry on. It is a
// context.Canceled, so the command exits with status 130.
type interruptedError struct {
	done   string // such as "after 70,656 of 1,000,000 deals"
	kept   string // such as "nothing", or "checkpoint run.ckpt"
	resume string // how to carry on, such as "run the same command with --resume"
}

// Error says "interrupted", then what was done, kept and how to carry on.
func (e *interruptedError) Error() string {
	var b strings.Builder
	b.WriteString("interrupted")
	if e.done != "" {
		b.WriteString(" " + e.done)
	}
	b.WriteString("; kept: " + e.kept)
	if e.resume != "" {
		b.WriteString("; " + e.resume)
	}
	return b.String()
}

// Unwrap makes the error a context.Canceled.
func (e *interruptedError) Unwrap() error { return context.Canceled }

// startAfresh is how to carry on where nothing was kept and nothing can be.
const startAfresh = "run the command again to start afresh"

// keepWithCheckpoint is how to keep the deals played another time, for a
// command that takes --checkpoint.
func keepWithCheckpoint(what string) string {
	return "give --checkpoint " + what + " to keep the deals played, and --resume to carry on from them"
}

// asInterrupted returns err, stopped by an interrupt, as an
// interruptedError: err itself where it holds one (with what it adds, such
// as a file that could not be written), else one that says where the
// command stopped (from the text of err, without the context's own
// "context canceled"), that it kept nothing, and how to start again.
func asInterrupted(err error) error {
	if ie := (*interruptedError)(nil); errors.As(err, &ie) {
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
	return &interruptedError{done: strings.Join(done, ", "), kept: "nothing", resume: startAfresh}
}

// playedDeals is how a session stopped by an interrupt says how many deals
// it played.
var playedDeals = regexp.MustCompile(`interrupted after (\d+) deals$`)

// dealsDone says how many of a run's deals were played: "after 70,656 of
// 1,000,000 deals" (of at most that many, for a run to a precision).
func dealsDone(played, deals int64, toPrecision bool) string {
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
