package gamestest

import (
	"bufio"
	"fmt"
	"slices"
	"strings"

	"github.com/cardsim/cardsim/games"
)

// RuleTableHeading is the heading of the section of a game's RULES.md that
// lists the numbers of the rule text, and RuleTableHeader the header row of
// its table: what the text says, the option that sets it (`name`, or
// "none" for a number that defines the game, with the reason in the first
// cell), its default (the number the text gives, for "none"), and whether
// the option changes the deal ("yes", "no", or "—" for "none"). A row whose
// first cell starts with RuleTableOurs is an option with a number that the
// rule text does not state: a guard or a study of cardsim's own.
const (
	RuleTableHeading = "## Numbers in the rules"
	RuleTableHeader  = "| in the rule text | option | default | changes the deal |"
	RuleTableOurs    = "*not in the text*"
)

// RuleRow is a row of a RULES.md table of numbers.
type RuleRow struct {
	Text    string // what the rule text says, in the game's words
	Option  string // the option's name, or "" for a number that defines the game
	Default string // the option's default, or the number the text gives
	Deal    string // "yes", "no", or "—" for a row without an option
	Ours    bool   // the option's number is not in the rule text
}

// ParseRuleTable returns the rows of the table of numbers of a RULES.md
// (the table under RuleTableHeading, with the header RuleTableHeader). It
// reports a missing section or table, a row of the wrong shape, and an
// option named in two rows.
func ParseRuleTable(markdown string) ([]RuleRow, error) {
	sc := bufio.NewScanner(strings.NewReader(markdown))
	in, header, sep := false, false, false
	var rows []RuleRow
	seen := map[string]bool{}
	line := 0
	for sc.Scan() {
		line++
		l := strings.TrimSpace(sc.Text())
		switch {
		case l == RuleTableHeading:
			in = true
			continue
		case !in:
			continue
		case strings.HasPrefix(l, "#"): // the next section
			in = false
			continue
		case !strings.HasPrefix(l, "|"):
			if header && sep && len(rows) > 0 {
				in = false
			}
			continue
		case !header:
			if cells(l) != cells(RuleTableHeader) {
				return nil, fmt.Errorf("line %d: table header %q, want %q", line, l, RuleTableHeader)
			}
			header = true
			continue
		case !sep:
			sep = true
			continue
		}
		c := splitRow(l)
		if len(c) != 4 {
			return nil, fmt.Errorf("line %d: %d cells, want 4: %s", line, len(c), l)
		}
		r := RuleRow{Text: c[0], Default: c[2], Deal: c[3], Ours: strings.HasPrefix(c[0], RuleTableOurs)}
		switch name, ok := strings.CutPrefix(c[1], "`"); {
		case c[1] == "none":
			if r.Deal != "—" || r.Ours {
				return nil, fmt.Errorf("line %d: a number without an option has \"—\" for the deal and comes from the text: %s", line, l)
			}
		case ok && strings.HasSuffix(name, "`") && len(name) > 1:
			r.Option = strings.TrimSuffix(name, "`")
			if r.Deal != "yes" && r.Deal != "no" {
				return nil, fmt.Errorf("line %d: option %s changes the deal %q, want yes or no", line, r.Option, r.Deal)
			}
			if seen[r.Option] {
				return nil, fmt.Errorf("line %d: option %s in two rows", line, r.Option)
			}
			seen[r.Option] = true
		default:
			return nil, fmt.Errorf("line %d: option %q, want `name` or none", line, c[1])
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if !header || len(rows) == 0 {
		return nil, fmt.Errorf("no table of numbers under %q", RuleTableHeading)
	}
	return rows, nil
}

// CheckRuleTable holds the rows of a game's table of numbers to its rules
// listing: every option named exists, with the default and the mark of
// changing the deal (games.Setting.ChangesDeal) the table gives, and every
// number option of the listing (integer or real) is in the table, from the
// rule text or marked as not in it.
func CheckRuleTable(rows []RuleRow, settings []games.Setting) error {
	byName := map[string]games.Setting{}
	for _, s := range settings {
		byName[s.Name] = s
	}
	listed := map[string]bool{}
	for _, r := range rows {
		if r.Option == "" {
			continue
		}
		s, ok := byName[r.Option]
		switch {
		case !ok:
			return fmt.Errorf("the table names option %s, which the rules do not have", r.Option)
		case s.Default != r.Default:
			return fmt.Errorf("option %s: default %s in the table, %s in the rules", r.Option, r.Default, s.Default)
		case s.ChangesDeal != (r.Deal == "yes"):
			return fmt.Errorf("option %s: changes the deal %q in the table, %v in the rules", r.Option, r.Deal, s.ChangesDeal)
		}
		listed[r.Option] = true
	}
	for _, s := range settings {
		if (s.Kind == games.Integer || s.Kind == games.Number) && !listed[s.Name] {
			return fmt.Errorf("number option %s (default %s) is not in the table: list the number of the text it sets, or mark it %s", s.Name, s.Default, RuleTableOurs)
		}
	}
	return nil
}

// cells returns a table row with its cells trimmed, for comparing headers.
func cells(row string) string { return strings.Join(splitRow(row), "|") }

// splitRow returns the trimmed cells of a table row "| a | b |".
func splitRow(row string) []string {
	row = strings.TrimSpace(row)
	row = strings.TrimPrefix(row, "|")
	row = strings.TrimSuffix(row, "|")
	c := strings.Split(row, "|")
	for i := range c {
		c[i] = strings.TrimSpace(c[i])
	}
	return slices.Clip(c)
}

// Bot chooses actions for one seat, as a cardsim strategy does
// (strategies.Strategy): Begin starts a game, Choose picks one of the legal
// actions given the seat's view.
type Bot interface {
	Begin(seed uint64)
	Choose(v games.View, legal []games.Action) games.Action
}

// PlayBots plays n games of g, dealt from the seeds first, first+1, …, seat
// k choosing with bots[k], and checks after every action what the soak
// checks (see Soak); it reports the first broken invariant, an action a
// bot chose that is not legal, or a game longer than maxSteps actions.
func PlayBots(g games.Game, bots []Bot, first uint64, n, maxSteps int) error {
	if len(bots) != g.Seats() {
		panic(fmt.Sprintf("gamestest: %d bots for %d seats", len(bots), g.Seats()))
	}
	c := newChecker(g, maxSteps)
	for i := range uint64(n) {
		seed := first + i
		for k, b := range bots {
			b.Begin(seed ^ uint64(k)<<32)
		}
		var illegal error
		err := c.play(seed, func(step, _ int) int {
			seat := c.s.Turn()
			a := bots[seat].Choose(c.s.View(seat), c.legal)
			j := slices.Index(c.legal, a)
			if j < 0 {
				if illegal == nil {
					illegal = fmt.Errorf("seed %d step %d: seat %d chose %d, not among the legal %v", seed, step, seat, a, c.legal)
				}
				return 0
			}
			return j
		}, nil, nil)
		if illegal != nil {
			return illegal
		}
		if err != nil {
			return err
		}
	}
	return nil
}
