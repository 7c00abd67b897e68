package serve_test

import (
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/serve"
)

// FuzzSpecFrom: any address's parameters read without a panic; a Spec read
// that passes its checks is written back (Values) and read again as
// itself, so that a link holds the experiment it was made from; and no
// Spec read names a file.
func FuzzSpecFrom(f *testing.F) {
	for _, q := range []string{
		"game=nora&strategies=cautious,rescuer&rule=rounds%3D6&games=300&seed=7",
		"game=nora&strategies=cautious&rule=insure%3D0,1,2&rule=revive%3D2,4&precision=0.5&target=win",
		"game=flip&strategies=greedy&rule=mapping%3Dfile:/etc/shadow",
		"game=nora&strategies=rescuer:stop%3D0.2:insure%3D0.5&seed=18446744073709551615&confidence=0.9",
		"games=-1&seed=x&confidence=NaN&precision=Inf&max-games=1e3",
		"strategies=,,a,&rule=%20&rule==&rule=k%3D,",
		"game=nora&strategies=rescuer&variant=cheap:insure%3D0,switch%3D1&variant=revive%3D2&baseline=cheap&figure=score,win&margin=win%3D0.02&reference=0.5",
		"game=flip&strategies=greedy&variant=:&variant=x:mapping%3Dfile:/etc/shadow&figure=,&margin=%20",
		"game=nora&strategies=cautious&rule=insure%3D0..4:2&rule=revive%3D..&variant=insure%3D1..2",
	} {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, q string) {
		v, err := url.ParseQuery(q)
		if err != nil {
			return
		}
		spec, err := serve.SpecFrom(v)
		if err != nil {
			return
		}
		texts := append(append([]string{}, spec.Rules...), spec.Strategies...)
		for _, vr := range spec.Variants {
			texts = append(texts, vr.String())
		}
		for _, r := range texts {
			if strings.Contains(strings.ToLower(r), "file:") {
				t.Fatalf("a Spec read from %q names a file: %q", q, r)
			}
		}
		if spec.Check() != nil {
			return
		}
		again, err := serve.SpecFrom(serve.Values(spec))
		if err != nil || !reflect.DeepEqual(again, spec) {
			t.Fatalf("%q: read %+v, written and read again %+v, %v", q, spec, again, err)
		}
	})
}

// FuzzReportFrom: a report's form reads without a panic, and a Spec read
// is written back and read again as itself.
func FuzzReportFrom(f *testing.F) {
	for _, q := range []string{"game=flip&scale=0.01", "scale=1&seed=3&confidence=0.9", "scale=0", "scale=NaN&game=,", "game=nora,spite&scale=1e-3"} {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, q string) {
		v, err := url.ParseQuery(q)
		if err != nil {
			return
		}
		spec, err := serve.ReportFrom(v)
		if err != nil {
			return
		}
		again, err := serve.ReportFrom(serve.ReportValues(spec))
		if err != nil || !reflect.DeepEqual(again, spec) {
			t.Fatalf("%q: read %+v, written and read again %+v, %v", q, spec, again, err)
		}
	})
}
