package sim

// Tally holds the integer results of a set of games. Tallies of disjoint sets
// of games merge exactly, in any order, into the tally of their union.
type Tally struct {
	Games   int64       `json:"games"`
	Seats   []SeatTally `json:"seats"`
	Metrics []Histogram `json:"metrics"` // in the order of the game's metrics
}

// SeatTally holds one seat's results.
type SeatTally struct {
	Wins      int64     `json:"wins"`
	Draws     int64     `json:"draws"`
	Undecided int64     `json:"undecided"` // games a solver could not decide, not won
	Score     Histogram `json:"score"`
}

// NewTally returns an empty tally for a game with the given seats and
// number of metrics.
func NewTally(seats, metrics int) *Tally {
	return &Tally{Seats: make([]SeatTally, seats), Metrics: make([]Histogram, metrics)}
}

// Merge adds o to t. Both must be for the same game.
func (t *Tally) Merge(o *Tally) {
	if len(o.Seats) != len(t.Seats) || len(o.Metrics) != len(t.Metrics) {
		panic("sim: merging tallies of different shapes")
	}
	t.Games += o.Games
	for i := range o.Seats {
		s, os := &t.Seats[i], &o.Seats[i]
		s.Wins += os.Wins
		s.Draws += os.Draws
		s.Undecided += os.Undecided
		s.Score.Merge(&os.Score)
	}
	for i := range o.Metrics {
		t.Metrics[i].Merge(&o.Metrics[i])
	}
}
