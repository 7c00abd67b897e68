package reports

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/cardsim/cardsim/games/roundup"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/strategies"
	roundupbots "github.com/cardsim/cardsim/strategies/roundup"
)

// recordsOf plays a small Round-up run writing its records in format.
func recordsOf(t *testing.T, format string) ([]byte, *sim.Tally, *sim.Config) {
	t.Helper()
	g, err := roundup.Definition().New([]string{"players=3"})
	if err != nil {
		t.Fatal(err)
	}
	r := new(strategies.Registry)
	roundupbots.Register(r)
	cfg := &sim.Config{Game: g, Seed: 7, Games: 40, Workers: 2, Chunk: 8}
	for _, n := range []string{"greedy", "defender"} {
		d, _ := r.Lookup(g, n)
		cfg.Lineup = append(cfg.Lineup, sim.Player{Strategy: d})
	}
	var b bytes.Buffer
	w, err := NewRecordsWriter(&b, format, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Records = w
	tally, err := sim.Run(context.Background(), *cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), tally, cfg
}

// TestRecordsCSV: one strict row a seat of every game, whose scores add up
// to the tally's.
func TestRecordsCSV(t *testing.T) {
	data, tally, cfg := recordsOf(t, "csv")
	rows := readStrict(t, data)
	if want := int(tally.Plays) * cfg.Game.Seats(); len(rows) != want {
		t.Fatalf("%d records, want %d", len(rows), want)
	}
	var score int64
	for _, r := range rows {
		v, err := strconv.ParseInt(r["score"], 10, 64)
		if err != nil || r["seed"] != "7" || (r["strategy"] != "greedy" && r["strategy"] != "defender") || r["feature_face_cards"] == "" || r["metric_turns"] == "" {
			t.Fatalf("record %v", r)
		}
		score += v
	}
	var want int64
	for _, o := range tally.Seats {
		want += o.Score.Sum()
	}
	if score != want {
		t.Errorf("records score %d points, the tally %d", score, want)
	}
}

// TestRecordsParquet: the Parquet file reads back (with parquet-go's own
// reader) as the same records as the CSV, its columns in the CSV's order.
func TestRecordsParquet(t *testing.T) {
	data, _, _ := recordsOf(t, "parquet")
	f, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	cols := f.Schema().Columns()
	pr := parquet.NewReader(f)
	var rows []map[string]any
	buf := make([]parquet.Row, 64)
	for {
		n, err := pr.ReadRows(buf)
		for _, row := range buf[:n] {
			m := map[string]any{}
			for _, v := range row {
				name := cols[v.Column()][0]
				switch v.Kind() {
				case parquet.Int64:
					m[name] = v.Int64()
					if name == "seed" {
						m[name] = v.Uint64()
					}
				case parquet.Boolean:
					m[name] = v.Boolean()
				case parquet.ByteArray:
					m[name] = string(v.ByteArray())
				}
			}
			rows = append(rows, m)
		}
		if err != nil {
			break
		}
	}
	csvData, _, _ := recordsOf(t, "csv")
	want := readStrict(t, csvData)
	var order []string
	for _, c := range cols {
		order = append(order, c[0])
	}
	if head, _, _ := strings.Cut(string(csvData), "\n"); strings.Join(order, ",") != head {
		t.Errorf("Parquet columns in the order\n%s\nwant the CSV's\n%s", strings.Join(order, ","), head)
	}
	if len(rows) != len(want) {
		t.Fatalf("%d Parquet rows, %d CSV rows", len(rows), len(want))
	}
	for i, r := range rows {
		for col, w := range want[i] {
			var got string
			switch v := r[col].(type) {
			case int64:
				got = strconv.FormatInt(v, 10)
			case uint64:
				got = strconv.FormatUint(v, 10)
			case bool:
				got = strconv.FormatBool(v)
			case string:
				got = v
			case []byte:
				got = string(v)
			default:
				t.Fatalf("column %s holds %T", col, v)
			}
			if got != w {
				t.Fatalf("row %d column %s: Parquet %q, CSV %q", i, col, got, w)
			}
		}
	}
}

func TestRecordsFormat(t *testing.T) {
	if _, err := NewRecordsWriter(&bytes.Buffer{}, "xlsx", &sim.Config{Game: nil}); err == nil {
		t.Error("format xlsx accepted")
	}
}
