package complete

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/games"
)

func TestLists(t *testing.T) {
	names := []cobra.Completion{"greedy\tplays the best card", "planner", "random"}
	tests := []struct {
		name, toComplete string
		got              []cobra.Completion
		want             string
	}{
		{"prefix", "g", Prefixed(names, "g"), "greedy\tplays the best card"},
		{"prefix of nothing", "x", Prefixed(names, "x"), ""},
		{"the description is not matched", "plays", Prefixed(names, "plays"), ""},
		{"first of a list", "p", LastOfList(names, "p"), "planner"},
		{"last of a list", "planner,", LastOfList(names, "planner,"), "planner,greedy\tplays the best card|planner,random"},
		{"an item given is not offered again", "random,planner,r", LastOfList(names, "random,planner,r"), ""},
	}
	for _, tt := range tests {
		if got := strings.Join(tt.got, "|"); got != tt.want {
			t.Errorf("%s (%q): %q, want %q", tt.name, tt.toComplete, got, tt.want)
		}
	}
}

func TestStrategyList(t *testing.T) {
	names := []cobra.Completion{"greedy", "planner"}
	tests := []struct{ toComplete, want string }{
		{"", "greedy|planner"},
		{"greedy,", "greedy,greedy|greedy,planner"}, // a strategy may play twice
		{"planner,g", "planner,greedy"},
		{"planner:depth=2,pl", "planner:depth=2,planner"},
		{"planner:de", ""}, // parameters are left as typed
	}
	for _, tt := range tests {
		got, dir := StrategyList(names, tt.toComplete)
		if strings.Join(got, "|") != tt.want || dir != cobra.ShellCompDirectiveNoFileComp|cobra.ShellCompDirectiveNoSpace {
			t.Errorf("StrategyList(%q) = %q, %d; want %q, no file and no space", tt.toComplete, got, dir, tt.want)
		}
	}
}

func TestSettings(t *testing.T) {
	settings := []games.Setting{
		{Name: "insure", Kind: games.Integer, Default: "1", Usage: "insurance cost"},
		{Name: "removal", Kind: games.Text, Default: "max-ip", Choices: []string{"max-ip", "left-to-right"}, Usage: "card removed"},
		{Name: "quad-chain", Kind: games.Boolean, Default: "true", Usage: "chains of four"},
	}
	const noFile, noSpace = cobra.ShellCompDirectiveNoFileComp, cobra.ShellCompDirectiveNoSpace
	tests := []struct {
		toComplete string
		lists      bool
		want       string
		dir        cobra.ShellCompDirective
	}{
		{"", false, "insure=\tinsurance cost|removal=\tcard removed|quad-chain=\tchains of four", noFile | noSpace},
		{"r", false, "removal=\tcard removed", noFile | noSpace},
		{"insure=", false, "insure=1\tthe default", noFile},
		{"removal=", false, "removal=max-ip|removal=left-to-right", noFile},
		{"removal=l", false, "removal=left-to-right", noFile},
		{"quad-chain=f", false, "quad-chain=false", noFile},
		{"colour=", false, "", noFile},
		{"removal=max-ip,l", true, "removal=max-ip,left-to-right", noFile | noSpace},
		{"removal=max-ip,l", false, "", noFile}, // one value, not a list
	}
	for _, tt := range tests {
		got, dir := Settings(settings, tt.toComplete, tt.lists)
		if strings.Join(got, "|") != tt.want || dir != tt.dir {
			t.Errorf("Settings(%q, lists %t) = %q, %d; want %q, %d", tt.toComplete, tt.lists, got, dir, tt.want, tt.dir)
		}
	}
}

func TestCommasUnescaped(t *testing.T) {
	tests := []struct{ in, want string }{
		{"echo hi\n", "echo hi\n"},
		{"    read -ra comps -d '' < <(printf \"%q\\n\" \"${completions[@]}\")\n",
			"    read -ra comps -d '' < <(printf \"%q\\n\" \"${completions[@]}\")\n    comps=(\"${comps[@]//\\\\,/,}\")\n"},
		{"\tcomp=$(printf \"%q\" \"$comp\")\n", "\tcomp=$(printf \"%q\" \"$comp\")\n\tcomp=${comp//\\\\,/,}\n"},
		{"  printf -v comp \"%q\" \"$comp\"\n", "  printf -v comp \"%q\" \"$comp\"\n  comp=${comp//\\\\,/,}\n"},
	}
	for _, tt := range tests {
		if got := CommasUnescaped(tt.in); got != tt.want {
			t.Errorf("CommasUnescaped(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
