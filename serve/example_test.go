package serve_test

import (
	"fmt"
	"net/url"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/serve"
)

// ExampleCommand writes the command a result's page gives for its
// experiment: a sweep of two rules, and a report.
func ExampleCommand() {
	sweep := experiment.Spec{Kind: experiment.Sweep, Game: "nora", Strategies: []string{"cautious", "rescuer"},
		Rules: []string{"insure=0,2", "revive=2,4"}, Games: 5000, Seed: 1, Confidence: 0.95}
	fmt.Println(serve.Command(sweep))
	report := experiment.Spec{Kind: experiment.Report, Only: []string{"flip"}, Scale: 0.01, Seed: 1, Confidence: 0.95}
	fmt.Println(serve.Command(report))
	// Output:
	// cardsim sweep nora --strategies cautious,rescuer --rule insure=0,2 --rule revive=2,4 --games 5000 --seed 1
	// cardsim report --game flip --scale 0.01 --seed 1
}

// ExampleSpecFrom reads an experiment from a link's parameters: a rule
// given several values makes it a sweep.
func ExampleSpecFrom() {
	v, _ := url.ParseQuery("game=nora&strategies=cautious&rule=insure%3D0,1,2&games=2000&seed=7")
	spec, err := serve.SpecFrom(v)
	fmt.Println(spec.Kind, spec.Rules, spec.Games, spec.Seed, err)
	_, err = serve.SpecFrom(url.Values{"game": {"flip"}, "rule": {"mapping=file:/etc/passwd"}})
	fmt.Println(err)
	// Output:
	// sweep [insure=0,1,2] 2000 7 <nil>
	// rule mapping: a table in a file (file:…) is read from the command line only; the workbench never opens a file named from the browser
}

// ExampleSpecFrom_variants reads a comparison of rule variants from a
// link's parameters, named as compare's flags, and writes its command.
func ExampleSpecFrom_variants() {
	v, _ := url.ParseQuery("game=nora&strategies=rescuer&variant=cheap:insure%3D0,switch%3D1&variant=revive%3D2&figure=score,win&margin=win%3D0.02&games=1000")
	spec, err := serve.SpecFrom(v)
	fmt.Println(spec.Kind, spec.Variants, spec.Figures, spec.Margins, err)
	fmt.Println(serve.Command(spec))
	// Output:
	// compare [cheap:insure=0,switch=1 revive=2] [score win] [win=0.02] <nil>
	// cardsim compare nora --strategies rescuer --variant cheap:insure=0,switch=1 --variant revive=2 --figure score,win --margin win=0.02 --games 1000 --seed 1
}
