package stat

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestSpendingBoundsPublished: the two-sided boundaries of Lan–DeMets
// spending at five equally spaced looks, α = 0.05, as tabulated by the
// ldbounds and gsDesign packages (O'Brien–Fleming type 4.8769, 3.3569,
// 2.6803, 2.2898, 2.0310; Pocock type 2.4380, 2.4268, 2.4101, 2.3966,
// 2.3860), and for one look the fixed-sample 1.96.
func TestSpendingBoundsPublished(t *testing.T) {
	five := []int64{1, 2, 3, 4, 5}
	for _, tt := range []struct {
		name  string
		looks []int64
		spend Spending
		want  []float64
	}{
		{"O'Brien–Fleming", five, OBrienFlemingSpending, []float64{4.8769, 3.3569, 2.6803, 2.2898, 2.0310}},
		{"Pocock", five, PocockSpending, []float64{2.4380, 2.4268, 2.4101, 2.3966, 2.3860}},
		{"one look", []int64{1000}, nil, []float64{1.9600}},
		{"one look, any spending", []int64{7}, PocockSpending, []float64{1.9600}},
	} {
		p, err := NewPlan(tt.looks, 0.05, tt.spend)
		if err != nil {
			t.Fatal(err)
		}
		for k, want := range tt.want {
			if got := p.Critical(k); math.Abs(got-want) > 2e-4 {
				t.Errorf("%s: look %d critical value %.4f, want %.4f", tt.name, k+1, got, want)
			}
		}
	}
}

// TestExitProbabilitiesConstant: Pocock's constant boundaries and O'Brien
// and Fleming's C·√(K/k), as Jennison and Turnbull (2000, tables 2.1 and
// 2.3) tabulate them for α = 0.05, cross with total probability 0.05 (to
// the three decimals of the table).
func TestExitProbabilitiesConstant(t *testing.T) {
	for _, tt := range []struct {
		looks          int
		pocock, obrien float64
	}{
		{2, 2.178, 1.977}, {3, 2.289, 2.004}, {4, 2.361, 2.024}, {5, 2.413, 2.040},
	} {
		info := make([]float64, tt.looks)
		pc := make([]float64, tt.looks)
		oc := make([]float64, tt.looks)
		for k := range info {
			info[k] = float64(k + 1)
			pc[k] = tt.pocock
			oc[k] = tt.obrien * math.Sqrt(float64(tt.looks)/float64(k+1))
		}
		for name, c := range map[string][]float64{"Pocock": pc, "O'Brien–Fleming": oc} {
			var total float64
			for _, p := range exitProbabilities(info, c) {
				total += p
			}
			if math.Abs(total-0.05) > 3e-4 {
				t.Errorf("%s, %d looks: crossing probability %.5f, want 0.05", name, tt.looks, total)
			}
		}
	}
}

// TestPlanCrossingMonteCarlo: a random walk of normal steps observed at
// the plan's looks crosses ±c_k·√n_k with probability alpha in all, and
// each look's crossing probability is what the spending function spends
// there: an independent check of the numerical integration, on looks that
// double and on uneven ones.
func TestPlanCrossingMonteCarlo(t *testing.T) {
	const walks = 40000
	for _, tt := range []struct {
		looks []int64
		alpha float64
		spend Spending
	}{
		{DoublingLooks(8, 512), 0.05, nil},
		{[]int64{3, 4, 10, 30, 31, 60}, 0.1, PocockSpending},
		{DoublingLooks(1, 64), 0.05, OBrienFlemingSpending},
	} {
		p, err := NewPlan(tt.looks, tt.alpha, tt.spend)
		if err != nil {
			t.Fatal(err)
		}
		spend := tt.spend
		if spend == nil {
			spend = DefaultSpending
		}
		rng := rand.New(rand.NewPCG(3, 4))
		crossed := make([]int, p.Looks())
		for range walks {
			var s float64
			var prev int64
			for k := range p.Looks() {
				n := p.Deals(k)
				s += rng.NormFloat64() * math.Sqrt(float64(n-prev))
				prev = n
				if math.Abs(s) > p.Critical(k)*math.Sqrt(float64(n)) {
					crossed[k]++
					break
				}
			}
		}
		var total int
		before := 0.0
		for k, c := range crossed {
			total += c
			want := tt.alpha - before
			if k < p.Looks()-1 {
				want = spend(tt.alpha, float64(p.Deals(k))/float64(p.Budget())) - before
			}
			before += want
			got := float64(c) / walks
			if se := math.Sqrt(want * (1 - want) / walks); math.Abs(got-want) > 4*se+1e-4 {
				t.Errorf("looks %v: look %d crossed %.4f, spends %.4f", tt.looks, k+1, got, want)
			}
		}
		got := float64(total) / walks
		if se := math.Sqrt(tt.alpha * (1 - tt.alpha) / walks); math.Abs(got-tt.alpha) > 4*se {
			t.Errorf("looks %v: crossed %.4f in all, want %.4f ± %.4f", tt.looks, got, tt.alpha, 4*se)
		}
	}
}

// TestDefaultSpendingFigures holds the figures DefaultSpending's comment
// states: seven doubling looks at 95%, critical values 3.02 at a quarter,
// 2.56 at half the budget and 2.02 at the end, against O'Brien–Fleming's
// 4.33, 2.96 and 1.97.
func TestDefaultSpendingFigures(t *testing.T) {
	looks := DoublingLooks(1, 64)
	if len(looks) != 7 {
		t.Fatalf("DoublingLooks(1, 64) = %v, want 7 looks", looks)
	}
	for _, tt := range []struct {
		spend Spending
		want  [3]float64 // at 16, 32 and 64
	}{
		{DefaultSpending, [3]float64{3.02, 2.56, 2.02}},
		{OBrienFlemingSpending, [3]float64{4.33, 2.96, 1.97}},
	} {
		p, err := NewPlan(looks, 0.05, tt.spend)
		if err != nil {
			t.Fatal(err)
		}
		for i, k := range []int{4, 5, 6} {
			if got := p.Critical(k); math.Abs(got-tt.want[i]) > 0.005 {
				t.Errorf("look %d: critical value %.3f, want %.2f", k+1, got, tt.want[i])
			}
		}
	}
}

func TestNewPlanErrors(t *testing.T) {
	for _, tt := range []struct {
		looks []int64
		alpha float64
	}{
		{nil, 0.05},
		{[]int64{0, 10}, 0.05},
		{[]int64{10, 10}, 0.05},
		{[]int64{20, 10}, 0.05},
		{[]int64{10}, 0},
		{[]int64{10}, 1},
		{[]int64{10}, math.NaN()},
	} {
		if _, err := NewPlan(tt.looks, tt.alpha, nil); err == nil {
			t.Errorf("NewPlan(%v, %g) gave no error", tt.looks, tt.alpha)
		}
	}
}

func TestDoublingLooks(t *testing.T) {
	for _, tt := range []struct {
		first, budget int64
		want          []int64
	}{
		{1000, 8000, []int64{1000, 2000, 4000, 8000}},
		{1000, 10000, []int64{1000, 2000, 4000, 8000, 10000}},
		{1000, 1000, []int64{1000}},
		{1000, 500, []int64{500}},
		{32768, 100000, []int64{32768, 65536, 100000}},
	} {
		got := DoublingLooks(tt.first, tt.budget)
		if len(got) != len(tt.want) {
			t.Errorf("DoublingLooks(%d, %d) = %v, want %v", tt.first, tt.budget, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("DoublingLooks(%d, %d) = %v, want %v", tt.first, tt.budget, got, tt.want)
				break
			}
		}
	}
}

// TestPlanConfidence: the nominal confidence of a look is 2Φ(c_k) − 1, and
// 1 at a look that spends nothing.
func TestPlanConfidence(t *testing.T) {
	p, err := NewPlan([]int64{100}, 0.05, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Confidence(0); math.Abs(got-0.95) > 1e-12 {
		t.Errorf("one look: nominal confidence %.15f, want 0.95", got)
	}
	p, err = NewPlan(DoublingLooks(1, 1<<20), 0.05, OBrienFlemingSpending)
	if err != nil {
		t.Fatal(err)
	}
	if c := p.Critical(0); !math.IsInf(c, 1) || p.Confidence(0) != 1 {
		t.Errorf("O'Brien–Fleming at a millionth of the budget: critical value %g, confidence %g; want +Inf and 1", c, p.Confidence(0))
	}
}
