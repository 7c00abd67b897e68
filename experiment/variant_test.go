package experiment

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

func TestParseVariant(t *testing.T) {
	for _, tt := range []struct {
		in    string
		name  string
		rules []string
		err   string
	}{
		{in: "insure=2", rules: []string{"insure=2"}},
		{in: "insure=2,switch=3", rules: []string{"insure=2", "switch=3"}},
		{in: "cheap:insure=2, switch=3", name: "cheap", rules: []string{"insure=2", "switch=3"}},
		{in: "table=file:../t.csv", rules: []string{"table=file:../t.csv"}}, // a colon after "=" is the value's
		{in: "m:mapping=fixed:3", name: "m", rules: []string{"mapping=fixed:3"}},
		{in: "insure=2,insure=3", err: "rule insure given twice"},
		{in: "cheap:", err: "no rule changed"},
		{in: ":insure=2", err: "an empty name"},
		{in: "insure", err: `rule "insure": want key=value`},
		{in: "insure=", err: `rule "insure=": want key=value`},
	} {
		v, err := ParseVariant(tt.in)
		switch {
		case tt.err != "":
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseVariant(%q): error %v, want %q", tt.in, err, tt.err)
			}
		case err != nil:
			t.Errorf("ParseVariant(%q): %v", tt.in, err)
		case v.Name != tt.name || !slices.Equal(v.Rules, tt.rules):
			t.Errorf("ParseVariant(%q) = %q %q, want %q %q", tt.in, v.Name, v.Rules, tt.name, tt.rules)
		}
	}
}

// FuzzParseVariant: whatever the text, ParseVariant either refuses it or
// returns a variant that changes at least one rule, each once, written
// key=value, and that reads back the same from its String.
func FuzzParseVariant(f *testing.F) {
	for _, s := range []string{"insure=2", "cheap:insure=2,switch=3", "a:b=c:d", ",,x=1,,", "x=1,x=2", ":", "=", "k=v,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseVariant(s)
		if err != nil {
			return
		}
		if len(v.Rules) == 0 || v.check() != nil {
			t.Fatalf("ParseVariant(%q) = %+v, which does not check", s, v)
		}
		again, err := ParseVariant(v.String())
		if err != nil || again.Label() != v.Label() || !slices.Equal(again.Rules, v.Rules) {
			t.Fatalf("ParseVariant(%q) = %+v, whose String %q reads back as %+v, %v", s, v, v.String(), again, err)
		}
	})
}

// TestSpecVariants: a spec file's variants read as text or as mappings,
// and a spec's variants are refused before anything is looked up when
// they cannot be compared: too many arms for a tally (checked before
// anything is allocated), a rule twice within a variant, two variants of
// one name, a baseline that names none, and what does not go with them.
func TestSpecVariants(t *testing.T) {
	spec, err := ParseSpec([]byte(`kind: compare
game: nora
strategies: [rescuer]
variants:
  - cheap:insure=2,switch=3
  - {name: dear, rules: {insure: 4}}
  - rules: [revive=8]
baseline: dear
`))
	if err != nil {
		t.Fatal(err)
	}
	want := []Variant{{"cheap", []string{"insure=2", "switch=3"}}, {"dear", []string{"insure=4"}}, {"", []string{"revive=8"}}}
	if len(spec.Variants) != 3 {
		t.Fatalf("variants %+v, want %+v", spec.Variants, want)
	}
	for i := range want {
		if spec.Variants[i].Name != want[i].Name || !slices.Equal(spec.Variants[i].Rules, want[i].Rules) {
			t.Errorf("variant %d: %+v, want %+v", i, spec.Variants[i], want[i])
		}
	}
	if err := spec.Check(); err != nil {
		t.Errorf("Check: %v", err)
	}
	b, err := json.Marshal(spec)
	if err != nil {
		t.Fatal(err)
	}
	var back Spec
	if err := json.Unmarshal(b, &back); err != nil || len(back.Variants) != 3 || back.Variants[0].Label() != "cheap" {
		t.Errorf("the spec's JSON %s reads back as %+v, %v", b, back.Variants, err)
	}

	many := make([]Variant, 22)
	for i := range many {
		many[i] = Variant{Rules: []string{"insure=" + strings.Repeat("1", i+1)}}
	}
	base := Spec{Kind: Compare, Game: "nora", Games: 100, Seed: 1, Confidence: 0.95, Strategies: []string{"a", "b", "c"}}
	for _, tt := range []struct {
		name string
		edit func(s *Spec)
		want string
	}{
		{"arms", func(s *Spec) { s.Variants = many }, "23 variants × 3 strategies make 69 arms, want at most 64"},
		{"twice", func(s *Spec) { s.Variants = []Variant{{Rules: []string{"insure=2", "insure=3"}}} }, "rule insure given twice"},
		{"names", func(s *Spec) {
			s.Variants = []Variant{{Name: "x", Rules: []string{"insure=2"}}, {Name: "x", Rules: []string{"insure=3"}}}
		}, `two variants named "x"`},
		{"as written", func(s *Spec) { s.Variants = []Variant{{Name: AsWritten, Rules: []string{"insure=2"}}} }, `two variants named "as written"`},
		{"baseline", func(s *Spec) { s.Variants, s.Baseline = []Variant{{Rules: []string{"insure=2"}}}, "dear" }, "--baseline dear: no variant of that name"},
		{"baseline alone", func(s *Spec) { s.Baseline = "dear" }, "--baseline dear goes with --variant"},
		{"shard", func(s *Spec) { s.Variants, s.Shard = []Variant{{Rules: []string{"insure=2"}}}, "0/2" }, "--shard cannot be combined with --variant"},
		{"records", func(s *Spec) { s.Variants, s.Records = []Variant{{Rules: []string{"insure=2"}}}, "r.csv" }, "--records cannot be combined with --variant"},
		{"run", func(s *Spec) { s.Kind, s.Variants = Run, []Variant{{Rules: []string{"insure=2"}}} }, "--variant goes with compare"},
		{"figure", func(s *Spec) { s.Figures = []string{"win"} }, "--figure, --margin and --reference go with --variant"},
		{"one strategy", func(s *Spec) { s.Strategies = []string{"a"} }, "or a rule variant (--variant key=value)"},
		{"points", func(s *Spec) { s.Points = []string{"insure=2"} }, "--point goes with sweep and tune"},
	} {
		s := base
		tt.edit(&s)
		if err := s.Check(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Check: %v, want %q", tt.name, err, tt.want)
		}
	}
}

func TestExpandRanges(t *testing.T) {
	for _, tt := range []struct {
		in   []string
		want []string
		err  string
	}{
		{in: []string{"0..3"}, want: []string{"0", "1", "2", "3"}},
		{in: []string{"1", "5..6"}, want: []string{"1", "5", "6"}},
		{in: []string{"0.2..0.8:0.2"}, want: []string{"0.2", "0.4", "0.6", "0.8"}},
		{in: []string{"10..30:10"}, want: []string{"10", "20", "30"}},
		{in: []string{"../rules.csv"}, want: []string{"../rules.csv"}}, // not a range of numbers
		{in: []string{"3..1"}, err: "lo at most hi"},
		{in: []string{"1..3:0"}, err: "step positive"},
		{in: []string{"0..5000"}, err: "more than the 1000"},
	} {
		got, err := expandRanges(tt.in)
		switch {
		case tt.err != "":
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("expandRanges(%q): %v, want %q", tt.in, err, tt.err)
			}
		case err != nil || !slices.Equal(got, tt.want):
			t.Errorf("expandRanges(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestJointPoints(t *testing.T) {
	keys, points, values, err := JointPoints([]string{"rounds=5", "insure=1"}, []string{"insure=2,switch=3", "switch=4"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(keys, []string{"insure", "switch"}) {
		t.Errorf("keys %q", keys)
	}
	if !slices.Equal(points[0], []string{"rounds=5", "insure=2", "switch=3"}) || !slices.Equal(points[1], []string{"rounds=5", "insure=1", "switch=4"}) {
		t.Errorf("points %q", points)
	}
	if _, ok := values[1]["insure"]; ok || values[1]["switch"] != "4" {
		t.Errorf("values %v: a key a point leaves is absent", values)
	}
	for _, tt := range []struct {
		rules, points []string
		want          string
	}{
		{[]string{"insure=0,1"}, []string{"switch=3", "switch=4"}, "sweep a grid of --rule values or list the points, not both"},
		{nil, []string{"switch=3"}, "at least two points"},
		{nil, []string{"switch=3", "switch=3"}, "given twice"},
		{nil, []string{"switch=3,switch=4", "insure=2"}, "rule switch given twice"},
		{nil, []string{"x:switch=3", "insure=2"}, "a point takes no name"},
	} {
		if _, _, _, err := JointPoints(tt.rules, tt.points); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("JointPoints(%q, %q): %v, want %q", tt.rules, tt.points, err, tt.want)
		}
	}
}

// TestPlanPoints: a plan file lists joint points as mappings or as
// key=value lists, and they join the points of the flags.
func TestPlanPoints(t *testing.T) {
	path := t.TempDir() + "/plan.yaml"
	if err := os.WriteFile(path, []byte("game: nora\npoints:\n  - {insure: 2, switch: 3}\n  - [insure=1, switch=4]\n  - revive=8\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	plan, err := ReadPlan(path)
	if err != nil {
		t.Fatal(err)
	}
	spec := Spec{Kind: Sweep, Points: []string{"insure=0"}}
	if err := plan.Apply(&spec, path, func(string) bool { return false }); err != nil {
		t.Fatal(err)
	}
	want := []string{"insure=2,switch=3", "insure=1,switch=4", "revive=8", "insure=0"}
	if !slices.Equal(spec.Points, want) {
		t.Errorf("points %q, want %q", spec.Points, want)
	}
	if err := os.WriteFile(path, []byte("game: nora\npoints: insure=2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadPlan(path); err == nil || !strings.Contains(err.Error(), "want a list of points") {
		t.Errorf("a plan of points not in a list: %v", err)
	}
}

func ExampleParseVariant() {
	v, err := ParseVariant("cheap:insure=2,switch=3")
	if err != nil {
		panic(err)
	}
	fmt.Println(v.Label(), v.Rules)
	fmt.Println(v.over([]string{"rounds=5", "insure=1"}))
	// Output:
	// cheap [insure=2 switch=3]
	// [rounds=5 insure=2 switch=3]
}
