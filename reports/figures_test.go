package reports

import (
	"bytes"
	"encoding/csv"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/games/roundup"
	"github.com/cardsim/cardsim/sim"
)

var snakeCase = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// readStrict reads a CSV whose every row has the header's width, and
// checks the header's names are unique snake_case. It returns the rows as
// maps from column to cell.
func readStrict(t *testing.T, data []byte) []map[string]string {
	t.Helper()
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = 0 // every row as wide as the first
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatalf("not a strict CSV: %v", err)
	}
	head := rows[0]
	for i, h := range head {
		if !snakeCase.MatchString(h) || slices.Index(head, h) != i {
			t.Errorf("header %q: not unique snake_case", h)
		}
	}
	var out []map[string]string
	for _, row := range rows[1:] {
		m := map[string]string{}
		for i, c := range row {
			m[head[i]] = c
		}
		out = append(out, m)
	}
	return out
}

// TestFiguresCSVIsTidy: figures.csv is strict tidy data under
// FigureColumns: the run keys in every row, numbers that parse (full
// precision), integer counts, the count n in every row, no packed fields,
// and rows of two runs concatenate under one header.
func TestFiguresCSVIsTidy(t *testing.T) {
	for _, s := range []*sim.Summary{
		summaryOf(t, nora.Definition(), nil, 200, "stop-at", "cautious"),
		summaryOf(t, roundup.Definition(), []string{"players=3"}, 60, "greedy", "defender"),
	} {
		var b bytes.Buffer
		if err := WriteFiguresCSV(&b, s); err != nil {
			t.Fatal(err)
		}
		head, _, _ := bytes.Cut(b.Bytes(), []byte("\n"))
		if string(head) != "game,rules,seed,deals,strategy,params,versus,seat,feature,feature_value,metric,statistic,value,ci_low,ci_high,n,schema_version" {
			t.Fatalf("header %s", head)
		}
		rows := readStrict(t, b.Bytes())
		seen := map[string]bool{}
		for _, r := range rows {
			if r["game"] != s.Manifest.Game || r["seed"] != "2" || r["deals"] != strconv.FormatInt(s.Manifest.Games, 10) {
				t.Fatalf("run keys %v", r)
			}
			if _, err := strconv.ParseFloat(r["value"], 64); err != nil {
				t.Errorf("value %q: %v", r["value"], err)
			}
			for _, c := range []string{"ci_low", "ci_high"} {
				if _, err := strconv.ParseFloat(r[c], 64); r[c] != "" && err != nil {
					t.Errorf("%s %q: %v", c, r[c], err)
				}
			}
			for _, c := range []string{"n", "seat", "feature_value"} {
				if _, err := strconv.ParseInt(r[c], 10, 64); r[c] != "" && err != nil {
					t.Errorf("%s %q is not an integer", c, r[c])
				}
			}
			// A strategy's rows name its parameters: stop-at's default
			// threshold is 30 cards.
			if r["strategy"] == "stop-at" && r["params"] != "cards=30" {
				t.Errorf("stop-at's row %v: params %q, want cards=30", r["metric"], r["params"])
			}
			if r["strategy"] == "" && r["params"] != "" {
				t.Errorf("params %q on a row of no strategy", r["params"])
			}
			// Every row has its count: one empty cell makes pandas read
			// the whole n column as float (the balance row had none).
			if r["n"] == "" {
				t.Errorf("%s %s of %s: no count n", r["metric"], r["statistic"], r["feature"])
			}
			if !snakeCase.MatchString(r["statistic"]) {
				t.Errorf("statistic %q", r["statistic"])
			}
			key := strings.Join([]string{r["strategy"], r["versus"], r["seat"], r["feature"], r["feature_value"], r["metric"], r["statistic"]}, "|")
			if seen[key] {
				t.Errorf("figure %s appears twice", key)
			}
			seen[key] = true
		}
		wants := map[string][]string{
			"nora":    {"stop-at|||||score|mean", "stop-at|cautious||||score|paired_difference", "cautious|||||ip_spent.insure|mean"},
			"roundup": {"greedy|defender||||win|paired_difference", "||0|||win|rate", "|||face_cards||win|slope", "|||face_cards|3|win|rate"},
		}[s.Manifest.Game]
		for _, want := range wants {
			if !seen[want] {
				t.Errorf("%s: no figure %s", s.Manifest.Game, want)
			}
		}
	}
}
