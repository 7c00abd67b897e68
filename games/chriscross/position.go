package chriscross

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

const (
	maxSize  = 5
	maxCells = maxSize * maxSize
	maxCards = 52
	maxLegal = 64 // more than the most pairs a tableau can offer, plus EndStep
)

// Stage is what a Position is waiting for.
type Stage uint8

// The stages.
const (
	Casting  Stage = iota // the player picks a pair to cast, or EndStep
	Moving                // the player decides a vertical move into the vacated cell Target
	RoundEnd              // a lookahead position stopped before the refill, whose cards it cannot know
	Over                  // the game is over
)

var stageNames = [...]string{"casting", "moving", "round-end", "over"}

// String returns the stage's name.
func (s Stage) String() string {
	if int(s) < len(stageNames) {
		return stageNames[s]
	}
	return fmt.Sprintf("Stage(%d)", uint8(s))
}

// config is the part of Rules the play needs, small enough to copy.
type config struct {
	size                       int8
	adjacent, chain, diagonals bool
}

func (r Rules) config() config {
	return config{size: int8(r.Size), adjacent: r.ColumnAdjacent, chain: r.ChainMoves, diagonals: r.Diagonals}
}

// Position is a whole game of Chris-Cross as a value: copying it gives an
// independent game, so look-ahead needs no allocation. Its zero value is
// not a game; a Position comes from State.Position or View.Lookahead.
//
// Cells are numbered row*5+column from 0 whatever the tableau size. Between
// steps every row's cards sit leftmost, without gaps.
type Position struct {
	cfg   config
	grid  [maxCells]cards.Card // 0 marks an empty cell
	stock [maxCards]cards.Card // stock[top:nStock] is the stock, next card first
	waste [maxCards]cards.Card // the cards cast out, in order

	top, nStock, nWaste uint8
	round, phase        uint8
	stage               Stage
	won, halt           bool

	castStep, castPhase uint8  // pairs cast this step, this phase
	vacated             uint32 // cells the step vacated (and, with chain moves, cells moves emptied)
	decided             uint32 // vacated cells whose vertical move is decided
	moved               uint32 // cells holding a card moved this step

	pairsCol, pairsDiag uint8
	vmoves, transposed  uint16
	stall               uint8
}

// deal starts a game from deck: the first size² cards fill the tableau down
// the columns, the rest form the stock, first card on top.
func (p *Position) deal(r Rules, deck []cards.Card, log *[]games.Event) {
	*p = Position{cfg: r.config(), round: 1, phase: 1}
	s := r.Size
	for k := 0; k < s*s; k++ {
		p.grid[Cell(k%s, k/s)] = deck[k]
	}
	p.nStock = uint8(copy(p.stock[:], deck[s*s:]))
	if log != nil {
		*log = append(*log, &DealEvent{Type: "deal", Tableau: p.gridString(), Stock: int(p.nStock)})
	}
	p.settle(log)
}

// Size returns the number of rows and columns of the tableau.
func (p *Position) Size() int { return int(p.cfg.size) }

// At returns the card in row r, column c (from 0), or 0 if the cell is empty.
func (p *Position) At(r, c int) cards.Card { return p.grid[Cell(r, c)] }

// Stage returns what the position waits for.
func (p *Position) Stage() Stage { return p.stage }

// Over reports whether the game is over.
func (p *Position) Over() bool { return p.stage == Over }

// Won reports whether every card has been cast out.
func (p *Position) Won() bool { return p.won }

// Round returns the round being played, from 1.
func (p *Position) Round() int { return int(p.round) }

// Phase returns the phase of the round, 1 or 2.
func (p *Position) Phase() int { return int(p.phase) }

// StockLeft returns the number of cards in the stock.
func (p *Position) StockLeft() int { return int(p.nStock - p.top) }

// Removed returns the number of cards cast out so far.
func (p *Position) Removed() int { return int(p.nWaste) }

// CardsLeft returns the cards in the tableau and the stock.
func (p *Position) CardsLeft() int { return p.tableauCount() + p.StockLeft() }

// Target returns the vacated cell whose vertical move is being decided, or
// -1 when the stage is not Moving.
func (p *Position) Target() int {
	if p.stage != Moving {
		return -1
	}
	return p.target()
}

// AtStepStart reports whether the position is between steps: casting, with
// no pair cast yet in the step.
func (p *Position) AtStepStart() bool { return p.stage == Casting && p.castStep == 0 }

// Key returns a summary of the position that, between steps (AtStepStart),
// determines the rest of the game given the stock order: the ranks in the
// tableau, the stock position, the phase, and whether the phase has cast a
// pair yet. Keys compare positions of one deal only.
func (p *Position) Key() [2]uint64 {
	var k [2]uint64
	for i := 0; i < 16; i++ {
		k[0] |= uint64(p.grid[i].Rank()) << (4 * i)
	}
	for i := 16; i < maxCells; i++ {
		k[1] |= uint64(p.grid[i].Rank()) << (4 * (i - 16))
	}
	k[1] |= uint64(p.top) << 36
	k[1] |= uint64(p.phase) << 44
	if p.castPhase > 0 && p.phase == 1 {
		k[1] |= 1 << 48
	}
	if p.stage != Casting || p.castStep != 0 {
		k[1] |= 1 << 49 // not a step boundary: never equal to one
	}
	return k
}

func (p *Position) tableauCount() int {
	n := 0
	for _, c := range p.grid {
		if c != 0 {
			n++
		}
	}
	return n
}

// target returns the lowest undecided vacated cell.
func (p *Position) target() int { return bits.TrailingZeros32(p.vacated &^ p.decided) }

// source returns the cell whose card may move into target t from above
// (up true) or below, or -1 if none may.
func (p *Position) source(t int, above bool) int {
	s := t + maxSize
	if above {
		s = t - maxSize
	}
	if s < 0 || s/maxSize >= int(p.cfg.size) || p.grid[s] == 0 || p.moved&(1<<s) != 0 {
		return -1
	}
	return s
}

// Legal appends the legal actions to dst[:0], in ascending order, and
// returns it; it is empty once the game is over or a lookahead has reached
// the end of the round.
func (p *Position) Legal(dst []games.Action) []games.Action {
	dst = dst[:0]
	switch p.stage {
	case Casting:
		dst = p.appendPairs(dst)
		if p.castStep > 0 {
			dst = append(dst, EndStep)
		}
	case Moving:
		t := p.target()
		dst = append(dst, Stay)
		if p.source(t, true) >= 0 {
			dst = append(dst, FromAbove)
		}
		if p.source(t, false) >= 0 {
			dst = append(dst, FromBelow)
		}
	}
	return dst
}

// appendPairs appends the castable pairs in ascending order. It goes
// through the cells from the last to the first, keeping the cells seen of
// each rank as a bit set, so that each cell meets the later cells of its
// rank at once; the pairs come out in descending order and are reversed.
func (p *Position) appendPairs(dst []games.Action) []games.Action {
	n0 := len(dst)
	var main, anti uint32 // the diagonals, when full and they pair
	if p.cfg.diagonals {
		main, anti = p.fullDiagonal(false), p.fullDiagonal(true)
	}
	var seen [16]uint32 // the cells after the current one, by rank
	for i := maxCells - 1; i >= 0; i-- {
		c := p.grid[i]
		if c == 0 {
			continue
		}
		later := seen[c.Rank()]
		seen[c.Rank()] = later | 1<<i
		if later == 0 {
			continue
		}
		var with uint32
		if p.cfg.adjacent {
			with = later & (1 << (i + maxSize))
		} else {
			with = later & (columnCells << (i % maxSize))
		}
		if main>>i&1 != 0 {
			with |= later & main
		}
		if anti>>i&1 != 0 {
			with |= later & anti
		}
		for ; with != 0; with &^= 1 << (31 - bits.LeadingZeros32(with)) {
			dst = append(dst, games.Action(i*maxCells+31-bits.LeadingZeros32(with)))
		}
	}
	slices.Reverse(dst[n0:])
	return dst
}

// fullDiagonal returns the cells of the main diagonal (top left to bottom
// right) or the anti diagonal (top right to bottom left) if every one holds
// a card, else 0.
func (p *Position) fullDiagonal(anti bool) uint32 {
	s := int(p.cfg.size)
	var m uint32
	for r := range s {
		i := Cell(r, r)
		if anti {
			i = Cell(r, s-1-r)
		}
		if p.grid[i] == 0 {
			return 0
		}
		m |= 1 << i
	}
	return m
}

// columnCells holds the cells of column 0; shifted left by c, column c's.
const columnCells = 1 | 1<<maxSize | 1<<(2*maxSize) | 1<<(3*maxSize) | 1<<(4*maxSize)

// diagonal fills d with the cells of the main diagonal (top left to bottom
// right) or the anti diagonal (top right to bottom left), in ascending
// order, and returns them.
func (p *Position) diagonal(d *[maxSize]int, anti bool) []int {
	s := int(p.cfg.size)
	for r := 0; r < s; r++ {
		if anti {
			d[r] = Cell(r, s-1-r)
		} else {
			d[r] = Cell(r, r)
		}
	}
	return d[:s]
}

// onDiagonal reports whether cells i < j are a pair of a full diagonal.
func (p *Position) onDiagonal(i, j int) bool {
	if !p.cfg.diagonals {
		return false
	}
	var d [maxSize]int
	for _, anti := range [2]bool{false, true} {
		cells := p.diagonal(&d, anti)
		in, jn, full := false, false, true
		for _, k := range cells {
			in = in || k == i
			jn = jn || k == j
			full = full && p.grid[k] != 0
		}
		if in && jn && full {
			return true
		}
	}
	return false
}

// castable reports whether the cards in cells i < j may be cast out now,
// and whether they pair in a column.
func (p *Position) castable(i, j int) (ok, column bool) {
	if p.stage != Casting || p.grid[i] == 0 || p.grid[j] == 0 || p.grid[i].Rank() != p.grid[j].Rank() {
		return false, false
	}
	s := int(p.cfg.size)
	if i/maxSize >= s || j/maxSize >= s || i%maxSize >= s || j%maxSize >= s {
		return false, false
	}
	if i%maxSize == j%maxSize {
		return !p.cfg.adjacent || j-i == maxSize, true
	}
	return p.onDiagonal(i, j), false
}

// Apply plays a legal action and then everything that follows by rule, up to
// the next decision with more than one legal action. It panics on an action
// that is not legal.
func (p *Position) Apply(a games.Action) { p.apply(a, nil) }

func (p *Position) apply(a games.Action, log *[]games.Event) {
	p.act(a, log)
	p.settle(log)
}

// act plays one action.
func (p *Position) act(a games.Action, log *[]games.Event) {
	switch {
	case a == EndStep && p.stage == Casting && p.castStep > 0:
		p.stage = Moving
		p.decided, p.moved = 0, 0
	case a >= 0 && a < EndStep:
		i, j := int(a)/maxCells, int(a)%maxCells
		ok, column := p.castable(i, j)
		if !ok || i >= j {
			panic(fmt.Sprintf("chriscross: cast %s %s is not legal", cellName(i), cellName(j)))
		}
		ci, cj := p.grid[i], p.grid[j]
		p.waste[p.nWaste], p.waste[p.nWaste+1] = ci, cj
		p.nWaste += 2
		p.grid[i], p.grid[j] = 0, 0
		p.vacated |= 1<<i | 1<<j
		p.castStep++
		p.castPhase++
		line := "column"
		if column {
			p.pairsCol++
		} else {
			p.pairsDiag++
			line = "diagonal"
		}
		if log != nil {
			*log = append(*log, &CastEvent{Type: "cast", Round: int(p.round), Phase: int(p.phase),
				Cards: ci.String() + " " + cj.String(), Cells: cellName(i) + " " + cellName(j), Line: line})
		}
	case p.stage == Moving && (a == Stay || a == FromAbove || a == FromBelow):
		t := p.target()
		p.decided |= 1 << t
		if a == Stay {
			return
		}
		s := p.source(t, a == FromAbove)
		if s < 0 {
			panic("chriscross: no card to move into " + cellName(t))
		}
		p.grid[t], p.grid[s] = p.grid[s], 0
		p.moved |= 1 << t
		p.vmoves++
		if p.cfg.chain {
			p.vacated |= 1 << s
		}
		if log != nil {
			*log = append(*log, &MoveEvent{Type: "move", Card: p.grid[t].String(), From: cellName(s), To: cellName(t)})
		}
	default:
		panic(fmt.Sprintf("chriscross: action %d is not legal in stage %v", a, p.stage))
	}
}

// settle plays everything the rules decide, and every decision with a
// single legal action, until a real choice or the end.
func (p *Position) settle(log *[]games.Event) { p.settleKeep(log, nil) }

// settleKeep settles as settle does. When it stops at a choice of pairs to
// cast it leaves the legal actions in keep (if not nil) and returns how
// many there are; otherwise it returns -1.
func (p *Position) settleKeep(log *[]games.Event, keep *[maxLegal]games.Action) int {
	var own [maxLegal]games.Action
	buf := &own
	if keep != nil {
		buf = keep
	}
	for {
		switch p.stage {
		case Casting:
			if p.castStep == 0 && p.nStock == p.top && p.tableauCount() == 0 {
				p.end(true, log)
				return -1
			}
			l := p.Legal(buf[:0])
			switch len(l) {
			case 0:
				p.endPhase(log)
			case 1:
				p.act(l[0], log)
			default:
				return len(l)
			}
		case Moving:
			if p.vacated&^p.decided == 0 {
				p.closeGaps(log)
				continue
			}
			t := p.target()
			if p.source(t, true) < 0 && p.source(t, false) < 0 {
				p.decided |= 1 << t
				continue
			}
			return -1
		default:
			return -1
		}
	}
}

// closeGaps ends a step: every row's cards shift left over the gaps.
func (p *Position) closeGaps(log *[]games.Event) {
	s := int(p.cfg.size)
	for r := 0; r < s; r++ {
		row := p.grid[Cell(r, 0):Cell(r, s)]
		n := 0
		for _, c := range row {
			if c != 0 {
				row[n] = c
				n++
			}
		}
		clear(row[n:])
	}
	p.stage = Casting
	p.castStep = 0
	p.vacated, p.decided, p.moved = 0, 0, 0
	if log != nil {
		*log = append(*log, &StepEvent{Type: "step", Tableau: p.gridString()})
	}
}

// endPhase ends a phase in which no pair is left to cast.
func (p *Position) endPhase(log *[]games.Event) {
	if p.phase == 1 {
		if p.castPhase == 0 {
			p.end(false, log)
			return
		}
		p.transpose(log)
		p.phase, p.castPhase = 2, 0
		return
	}
	if p.top == p.nStock {
		p.end(false, log)
		return
	}
	if p.halt {
		p.stage = RoundEnd
		return
	}
	p.refill(log)
}

// transpose moves the first card of every row holding 2 to size-1 cards to
// the row's end.
func (p *Position) transpose(log *[]games.Event) {
	s := int(p.cfg.size)
	var rows []int
	if log != nil {
		rows = []int{}
	}
	for r := 0; r < s; r++ {
		row := p.grid[Cell(r, 0):Cell(r, s)]
		n := 0
		for n < s && row[n] != 0 {
			n++
		}
		if n < 2 || n == s {
			continue
		}
		first := row[0]
		copy(row, row[1:n])
		row[n-1] = first
		p.transposed++
		if log != nil {
			rows = append(rows, r+1)
		}
	}
	if log != nil {
		*log = append(*log, &TransposeEvent{Type: "transpose", Round: int(p.round), Rows: rows, Tableau: p.gridString()})
	}
}

// refill starts the next round: the stock fills the empty cells down the
// first column, then the second, and so on, as far as it lasts.
func (p *Position) refill(log *[]games.Event) {
	p.round++
	p.phase, p.castPhase = 1, 0
	s := int(p.cfg.size)
	from := p.top
	for c := 0; c < s && p.top < p.nStock; c++ {
		for r := 0; r < s && p.top < p.nStock; r++ {
			if i := Cell(r, c); p.grid[i] == 0 {
				p.grid[i] = p.stock[p.top]
				p.top++
			}
		}
	}
	if log != nil {
		*log = append(*log, &RefillEvent{Type: "refill", Round: int(p.round),
			Cards: cards.Format(p.stock[from:p.top]), StockLeft: p.StockLeft(), Tableau: p.gridString()})
	}
}

// end finishes the game.
func (p *Position) end(won bool, log *[]games.Event) {
	p.stage = Over
	p.won = won
	if !won {
		p.stall = p.round
	}
	if log != nil {
		*log = append(*log, &EndEvent{Type: "end", Won: won, Round: int(p.round), CardsLeft: p.CardsLeft()})
	}
}

// gridString returns the tableau row by row, as the trace shows it.
func (p *Position) gridString() string {
	s := int(p.cfg.size)
	b := make([]byte, 0, 4*s*s+4*s)
	for r := 0; r < s; r++ {
		if r > 0 {
			b = append(b, ' ')
		}
		b = append(b, '[')
		first := true
		for c := 0; c < s; c++ {
			x := p.grid[Cell(r, c)]
			if !first {
				b = append(b, ' ')
			}
			first = false
			if x == 0 {
				b = append(b, '.')
			} else {
				b = append(b, x.String()...)
			}
		}
		b = append(b, ']')
	}
	return string(b)
}
