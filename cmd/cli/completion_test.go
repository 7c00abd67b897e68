package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/cmd/catalog"
)

// offered runs cardsim's hidden __complete command on args and returns
// the values offered (descriptions dropped) and the directive line.
func offered(t *testing.T, args ...string) (values []string, directive string) {
	t.Helper()
	code, out, errs := run(t, append([]string{"__complete"}, args...)...)
	if code != 0 {
		t.Fatalf("__complete %q: exit %d: %s", args, code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for _, l := range lines[:len(lines)-1] {
		v, _, _ := strings.Cut(l, "\t")
		values = append(values, v)
	}
	return values, lines[len(lines)-1]
}

func TestCompletion(t *testing.T) {
	games := catalog.Games().Names() // every game, in the catalog's order
	var afterNora []string           // "nora," and each other game
	var analysed []string            // the games with an analysis
	for _, g := range games {
		if g != "nora" {
			afterNora = append(afterNora, "nora,"+g)
		}
		if _, ok := catalog.Analyses().Lookup(g); ok {
			analysed = append(analysed, g)
		}
	}
	tests := []struct {
		name      string
		args      []string
		want      []string // exactly these, in order, when exact; else at least these
		exact     bool
		absent    []string
		directive string
	}{
		{"game argument", []string{"run", ""}, games, true, nil, ":4"},
		{"game argument by prefix", []string{"trace", "r"}, []string{"roundup"}, true, nil, ":4"},
		{"no second game", []string{"run", "nora", ""}, nil, true, nil, ":4"},
		{"analyze offers games with an analysis", []string{"analyze", ""}, analysed, true, nil, ":4"},
		{"strategies of the game", []string{"run", "nora", "--strategy", ""}, []string{"stop-at", "cautious", "rescuer", "random"}, false, []string{"greedy"}, ":4"},
		{"strategy by prefix", []string{"run", "nora", "--strategy", "re"}, []string{"rescuer"}, true, nil, ":4"},
		{"unknown game: no strategies", []string{"run", "poker", "--strategy", ""}, nil, true, nil, ":4"},
		{"the last of a list of strategies", []string{"compare", "nora", "--strategies", "stop-at,ca"}, []string{"stop-at,cautious"}, true, nil, ":6"},
		{"rule keys", []string{"run", "nora", "--rule", "ins"}, []string{"insure="}, true, nil, ":6"},
		{"enum rule values", []string{"run", "nora", "--rule", "removal="}, []string{"removal=max-ip", "removal=left-to-right"}, true, nil, ":4"},
		{"boolean rule values", []string{"run", "nora", "--rule", "quad-chain="}, []string{"quad-chain=true", "quad-chain=false"}, true, nil, ":4"},
		{"integer rule: its default", []string{"run", "nora", "--rule", "insure="}, []string{"insure=1"}, true, nil, ":4"},
		{"unknown rule key", []string{"run", "nora", "--rule", "colour="}, nil, true, nil, ":4"},
		{"sweep completes the last value", []string{"sweep", "nora", "--rule", "removal=max-ip,l"}, []string{"removal=max-ip,left-to-right"}, true, nil, ":6"},
		{"strategy parameters", []string{"run", "nora", "--strategy", "stop-at", "--param", ""}, []string{"cards="}, false, nil, ":6"},
		{"formats of the command", []string{"run", "nora", "--format", ""}, []string{"table", "csv", "json"}, true, nil, ":4"},
		{"formats of trace", []string{"trace", "nora", "--format", ""}, []string{"text", "json"}, true, nil, ":4"},
		{"formats of games", []string{"games", "--format", ""}, []string{"table", "json"}, true, nil, ":4"},
		{"analysis options", []string{"analyze", "roundup", "--opt", ""}, []string{"games=", "players=", "mixes=", "versus="}, true, nil, ":6"},
		{"analysis option value", []string{"analyze", "roundup", "--opt", "players="}, []string{"players=2,3,4,5,6"}, true, nil, ":4"},
		{"report games, listed", []string{"report", "--game", "nora,"}, afterNora, true, nil, ":6"},
		{"precision target", []string{"run", "nora", "--target", ""}, []string{"score", "win"}, true, nil, ":4"},
		{"records formats", []string{"run", "nora", "--records-format", ""}, []string{"csv", "parquet"}, true, nil, ":4"},
		{"out is a directory", []string{"run", "nora", "--out", ""}, nil, true, nil, ":16"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, dir := offered(t, tt.args...)
			if dir != tt.directive {
				t.Errorf("directive %s, want %s", dir, tt.directive)
			}
			if tt.exact && strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("offered %q, want %q", got, tt.want)
			}
			for _, w := range tt.want {
				if !contains(got, w) {
					t.Errorf("offered %q, lacking %q", got, w)
				}
			}
			for _, a := range tt.absent {
				if contains(got, a) {
					t.Errorf("offered %q, including %q", got, a)
				}
			}
		})
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// TestCompletionScripts: cobra's completion command writes a script for
// each shell.
func TestCompletionScripts(t *testing.T) {
	for _, sh := range []string{"bash", "zsh", "fish", "powershell"} {
		code, out, errs := run(t, "completion", sh)
		if code != 0 || !strings.Contains(out, "cardsim") {
			t.Errorf("completion %s: exit %d, %d bytes, stderr %q", sh, code, len(out), errs)
		}
	}
}

// TestBashCompletesCommaLists runs the bash completion script as bash
// would on a tab after a comma: each item of a list is completed (cobra's
// script escaped the comma of every completion before matching it against
// the word typed, and offered nothing).
func TestBashCompletesCommaLists(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	t.Parallel()
	bin := cardsimBinary(t)
	_, script, _ := run(t, "completion", "bash")
	dir := t.TempDir()
	path := filepath.Join(dir, "cardsim.bash")
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	// What bash and the bash-completion package do on a tab at the end of
	// the line, reduced to what the script uses.
	harness := `
_get_comp_words_by_ref() { cur=${COMP_WORDS[COMP_CWORD]}; prev=${COMP_WORDS[COMP_CWORD-1]}; words=("${COMP_WORDS[@]}"); cword=$COMP_CWORD; }
compopt() { :; }
source "$1"
read -ra COMP_WORDS <<< "$2"
COMP_LINE=$2 COMP_POINT=${#2} COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) COMP_TYPE=9
__start_cardsim cardsim "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
printf '%s\n' "${COMPREPLY[@]}"
`
	for _, tt := range []struct{ line, want string }{
		{"cardsim compare spite --strategies planner,g", "planner,greedy"},
		{"cardsim compare spite --strategies g", "greedy"},
		{"cardsim report --game nora,s", "nora,spite"},
		{"cardsim sweep nora --rule removal=max-ip,l", "max-ip,left-to-right"}, // readline replaces what follows the "="
		{"cardsim run nora --strategy resc", "rescuer"},
	} {
		cmd := exec.Command(bash, "-c", harness, "bash", path, tt.line)
		cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
		out, err := cmd.Output()
		if got := strings.TrimSpace(string(out)); err != nil || got != tt.want {
			t.Errorf("%s<TAB>: %q (%v), want %q", tt.line, got, err, tt.want)
		}
	}
}
