package cli

import (
	"bytes"
	"fmt"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/serve"
)

// defaultText writes a Spec field's value as pflag writes a flag's
// default, with an empty list as "".
func defaultText(v reflect.Value) string {
	switch x := v.Interface().(type) {
	case experiment.Duration:
		return time.Duration(x).String()
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case experiment.Kind:
		return string(x)
	}
	if v.Kind() == reflect.Slice {
		var items []string
		for i := range v.Len() {
			items = append(items, fmt.Sprint(v.Index(i).Interface()))
		}
		if len(items) == 0 {
			return ""
		}
		return "[" + strings.Join(items, ",") + "]"
	}
	return fmt.Sprint(v.Interface())
}

// TestDefaultsAgree: a field left out plays the same experiment from the
// flags of every command, from a spec file and from the workbench's form:
// for every field of the Spec that a command has a flag for, the flag's
// default is the value ParseSpec gives a spec without it (with a precision
// given, for the fields that go with one), field by field, and the form's
// Spec of a run is the spec file's in every field the form reads.
func TestDefaultsAgree(t *testing.T) {
	f := NewFactory(strings.NewReader(""), new(bytes.Buffer), new(bytes.Buffer))
	withPrecision := map[string]bool{"max_games": true, "target": true}
	for _, c := range []struct {
		kind experiment.Kind
		cmd  *cobra.Command
	}{
		{experiment.Run, NewCmdRun(f, nil)}, {experiment.Compare, NewCmdCompare(f, nil)}, {experiment.Sweep, NewCmdSweep(f, nil)},
		{experiment.Tournament, NewCmdTournament(f, nil)}, {experiment.Skill, NewCmdSkill(f, nil)}, {experiment.Report, NewCmdReport(f, nil)},
		{experiment.Analyze, NewCmdAnalyze(f, nil)}, {experiment.Tune, NewCmdTune(f, nil)},
	} {
		plain, err := experiment.ParseSpec([]byte("kind: " + string(c.kind) + "\ngame: nora\n"))
		if err != nil {
			t.Fatal(err)
		}
		precise, err := experiment.ParseSpec([]byte("kind: " + string(c.kind) + "\ngame: nora\nprecision: 0.5\n"))
		if err != nil {
			t.Fatal(err)
		}
		compared := 0
		st := reflect.TypeOf(plain)
		for i := range st.NumField() {
			name, _, _ := strings.Cut(st.Field(i).Tag.Get("json"), ",")
			fl := c.cmd.Flags().Lookup(strings.ReplaceAll(name, "_", "-"))
			if fl == nil || name == "game" { // the game is given; report's --game is its only
				continue
			}
			spec := plain
			if withPrecision[name] {
				spec = precise
			}
			want := defaultText(reflect.ValueOf(spec).Field(i))
			if name == "target" && want == "" {
				want = experiment.DefaultTarget // a spec's empty target aims at the default
			}
			if got := fl.DefValue; got != want && !(got == "[]" && want == "") {
				t.Errorf("%s: --%s defaults to %q, a spec file's %s to %q", c.kind, fl.Name, got, name, want)
			}
			compared++
		}
		if compared < 2 {
			t.Errorf("%s: %d fields compared", c.kind, compared)
		}
	}
	for _, extra := range []string{"", "precision: 0.5\n"} {
		file, err := experiment.ParseSpec([]byte("kind: run\ngame: nora\n" + extra))
		if err != nil {
			t.Fatal(err)
		}
		v := url.Values{"game": {"nora"}}
		if extra != "" {
			v.Set("precision", "0.5")
		}
		form, err := serve.SpecFrom(v)
		if err != nil {
			t.Fatal(err)
		}
		// The form names no file and no report's scale: those fields it
		// leaves at zero.
		form.Scale, form.CheckpointEvery = file.Scale, file.CheckpointEvery
		if !reflect.DeepEqual(form, file) {
			t.Errorf("the workbench's form gives %+v\na spec file %+v", form, file)
		}
	}
}
