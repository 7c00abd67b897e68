package reports_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/reports"
)

var listedRules = []games.Setting{
	{Name: "insure", Kind: games.Integer, Value: "2", Default: "1", Usage: "cost of insurance"},
	{Name: "removal", Kind: games.Text, Value: "max-ip", Default: "max-ip", Usage: "which card goes", Choices: []string{"max-ip", "left-to-right"}},
	{Name: "quad-chain", Kind: games.Boolean, Value: "false", Default: "true", Usage: "chain four of a kind"},
	{Name: "jokers", Kind: games.Integer, Value: "2", Default: "2", Usage: "jokers in the deck", ChangesDeal: true},
}

func ExampleWriteRules() {
	reports.WriteRules(os.Stdout, listedRules)
	// Output:
	// rule        value   default  deal     meaning
	// insure      2       1        same     cost of insurance
	// removal     max-ip  max-ip   same     which card goes
	// quad-chain  false   true     same     chain four of a kind
	// jokers      2       2        changes  jokers in the deck
}

// TestSettingListingsKeepKinds: a listed value and default are JSON of
// their kind (a number, a string, true or false), only a rule of a set of
// choices lists them, and only a rule that changes the deal says so.
func TestSettingListingsKeepKinds(t *testing.T) {
	want := []string{
		`{"name":"insure","value":2,"default":1,"usage":"cost of insurance","kind":"integer"}`,
		`{"name":"removal","value":"max-ip","default":"max-ip","usage":"which card goes","kind":"string","choices":["max-ip","left-to-right"]}`,
		`{"name":"quad-chain","value":false,"default":true,"usage":"chain four of a kind","kind":"boolean"}`,
		`{"name":"jokers","value":2,"default":2,"usage":"jokers in the deck","kind":"integer","changes_deal":true}`,
	}
	for i, l := range reports.SettingListings(listedRules) {
		b, err := json.Marshal(l)
		if err != nil || string(b) != want[i] {
			t.Errorf("%s: %s (%v), want %s", l.Name, b, err, want[i])
		}
	}
}
