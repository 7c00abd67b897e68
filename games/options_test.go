package games_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
)

type house struct {
	Rounds int
	Speed  float64
	Jokers bool
	Order  string
}

func (h *house) options() *games.Options {
	o := games.NewOptions("rule")
	o.Int(&h.Rounds, "rounds", 10, 1, 100, "rounds in a game")
	o.Float(&h.Speed, "speed", 1.5, 0, 10, "how fast")
	o.Bool(&h.Jokers, "jokers", true, "use jokers")
	o.Enum(&h.Order, "order", "up", []string{"up", "down"}, "direction")
	return o
}

func TestOptions(t *testing.T) {
	tests := []struct {
		kvs  []string
		want house
		err  string
	}{
		{nil, house{10, 1.5, true, "up"}, ""},
		{[]string{"rounds=3", "speed=0.25", "jokers=false", "order=down"}, house{3, 0.25, false, "down"}, ""},
		{[]string{" rounds = 4 "}, house{4, 1.5, true, "up"}, ""},
		{[]string{"rounds=0"}, house{}, "rule rounds=0: want an integer from 1 to 100"},
		{[]string{"speed=fast"}, house{}, "rule speed=fast: want a number from 0 to 10"},
		{[]string{"jokers=maybe"}, house{}, "want true or false"},
		{[]string{"order=sideways"}, house{}, "want one of up, down"},
		{[]string{"colour=red"}, house{}, `unknown rule "colour" (known: rounds, speed, jokers, order)`},
		{[]string{"rounds"}, house{}, `rule "rounds": want key=value`},
	}
	for _, tt := range tests {
		got, err := games.Parse((*house).options, tt.kvs)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("Parse(%q) error %v, want %q", tt.kvs, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", tt.kvs, got, err, tt.want)
		}
	}
	if d := games.Defaults((*house).options); d != (house{10, 1.5, true, "up"}) {
		t.Errorf("Defaults = %+v", d)
	}
}

func ExampleSettingsOf() {
	h, _ := games.Parse((*house).options, []string{"rounds=3"})
	for _, s := range games.SettingsOf((*house).options, h) {
		fmt.Printf("%s=%s (default %s)\n", s.Name, s.Value, s.Default)
	}
	// Output:
	// rounds=3 (default 10)
	// speed=1.5 (default 1.5)
	// jokers=true (default true)
	// order=up (default up)
}

// TestSettingChoices: an option of a set of choices lists them, in order,
// and no other kind of option lists any.
func TestSettingChoices(t *testing.T) {
	for _, s := range (&house{}).options().Settings() {
		var want []string
		if s.Name == "order" {
			want = []string{"up", "down"}
		}
		if strings.Join(s.Choices, ",") != strings.Join(want, ",") || (want == nil) != (s.Choices == nil) {
			t.Errorf("%s: choices %q, want %q", s.Name, s.Choices, want)
		}
	}
}

// TestBadValueShownQuoted: a bad value is repeated as it is when plain,
// and quoted when it holds a space, a quote or a character a terminal
// would act on (the escape of a colour sequence), which then never reaches
// the terminal raw.
func TestBadValueShownQuoted(t *testing.T) {
	var n int
	o := games.NewOptions("rule")
	o.Int(&n, "rounds", 1, 1, 10, "rounds")
	for _, tt := range []struct{ value, want string }{
		{"11", "rule rounds=11: want"},
		{"\x1b[31mRED", `rule rounds="\x1b[31mRED": want`},
		{"two words", `rule rounds="two words": want`},
		{"\u202eevil", `rule rounds="\u202eevil": want`},
	} {
		err := o.Set("rounds", tt.value)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) || strings.ContainsRune(err.Error(), 0x1b) {
			t.Errorf("rounds=%q: %v; want it to start %q", tt.value, err, tt.want)
		}
	}
}

// TestChangesDeal: only the options marked change the deal, and marking an
// option that is not there is a wiring mistake.
func TestChangesDeal(t *testing.T) {
	var h house
	o := h.options()
	o.ChangesDeal("rounds", "order")
	for _, s := range o.Settings() {
		if want := s.Name == "rounds" || s.Name == "order"; s.ChangesDeal != want {
			t.Errorf("%s: ChangesDeal %v, want %v", s.Name, s.ChangesDeal, want)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("ChangesDeal of an unknown option did not panic")
		}
	}()
	o.ChangesDeal("colour")
}

// A rule that deals other cards from the same seed is marked so; the
// listing tells a designer which variants cannot share their deals.
func ExampleOptions_ChangesDeal() {
	var r struct{ Stockpile, RebuildAt int }
	o := games.NewOptions("rule")
	o.Int(&r.Stockpile, "stockpile", 26, 1, 26, "cards in each stockpile")
	o.Int(&r.RebuildAt, "rebuild-at", 12, 0, 46, "stock size that triggers a rebuild")
	o.ChangesDeal("stockpile")
	for _, s := range o.Settings() {
		fmt.Println(s.Name, s.ChangesDeal)
	}
	// Output:
	// stockpile true
	// rebuild-at false
}
