package reports

import (
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/games/roundup"
)

// TestAnswersPutTheBetterFirst: the answer names every strategy with its
// counts, and reads a difference as "better beats worse by …" whatever the
// lineup's order.
func TestAnswersPutTheBetterFirst(t *testing.T) {
	s := summaryOf(t, nora.Definition(), nil, 400, "stop-at", "rescuer")
	got := strings.Join(Answers(&Study{Game: "nora", Summary: s}), "\n")
	for _, want := range []string{"stop-at scores", "rescuer scores", "never wins in 400 games", "On the same 400 deals, rescuer beats stop-at by "} {
		if !strings.Contains(got, want) {
			t.Errorf("answer lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "stop-at − rescuer") && strings.Contains(got, "beats stop-at by -") {
		t.Errorf("a negative margin:\n%s", got)
	}
}

// TestAnswersReadSeatsFeaturesAndQuotes: in Round-up at 4 players the
// first player's edge is in percentage points, the face-card answer is a
// trend with the fair share of 25%, and a quoted metric is answered.
func TestAnswersReadSeatsFeaturesAndQuotes(t *testing.T) {
	s := summaryOf(t, roundup.Definition(), []string{"players=4"}, 300, "greedy")
	got := strings.Join(Answers(&Study{Game: "roundup", Summary: s, Quote: []string{"rounds"}}), "\n")
	for _, want := range []string{
		"percentage points (",
		"Face cards (J, Q, K) dealt to the seat",
		": each one more changes a seat's chance of winning the game by ",
		"Round by round, face cards (J, Q, K) dealt to the seat",
		": each one more changes a seat's chance of winning that round alone by ",
		"fair share (25.00%)",
		"Rounds played: ",
		"greedy plays against itself in every seat over 300 deals: ",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("answer lacks %q:\n%s", want, got)
		}
	}
}

func TestReadable(t *testing.T) {
	for _, tt := range []struct {
		v    float64
		want string
	}{
		{0, "0"}, {317.7733, "317.8"}, {0.257341, "0.2573"}, {5.3, "5.300"}, {-0.0123456, "-0.01235"},
		{12345.6, "12346"}, {0.0000123, "1.23e-05"}, {1, "1.000"},
	} {
		if got := readable(tt.v); got != tt.want {
			t.Errorf("readable(%g) = %q, want %q", tt.v, got, tt.want)
		}
	}
}
