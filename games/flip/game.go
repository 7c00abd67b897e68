package flip

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// maxCards is the size of the full deck.
const maxCards = 52

// The ways of pairing light and dark faces (rule option mapping).
const (
	mapRandom = iota
	mapFixed
	mapIdentity
	mapFile
)

// Definition returns the registry entry of Flip Solitaire.
func Definition() games.Definition {
	return games.Definition{
		Name:    "flip",
		Title:   "Flip Solitaire",
		Summary: "one-handed patience with double-faced cards: match sets of four to turn cards dark, then remove them",
		New: func(rules []string) (games.Game, error) {
			g, err := New(rules)
			if err != nil {
				return nil, err
			}
			return g, nil
		},
	}
}

// Game is Flip Solitaire with its rule options fixed. It implements
// games.Game.
type Game struct {
	ranks     int    // ranks in the deck, Ace up
	mapping   string // the mapping option as given
	start     string
	windows   string
	forced    bool
	kind      int // mapRandom, mapFixed, mapIdentity or mapFile
	size      int // cards in the deck: 4 × ranks
	deck      []cards.Card
	pairing   [64]cards.Card // dark face by light face, unless kind is mapRandom
	startDark bool
	topOnly   bool
	settings  []games.Setting
}

// New returns the game with the given "key=value" rule options applied over
// the defaults. Unknown keys and bad values are errors.
func New(rules []string) (*Game, error) {
	g := new(Game)
	o := games.NewOptions("rule")
	o.Int(&g.ranks, "ranks", 13, 1, 13, "ranks in the deck, Ace up, in four suits each: 13 is the full 52-card deck; fewer make short test decks")
	o.Enum(&g.start, "start", "light", []string{"light", "dark"}, "the face every card shows when dealt; dark with mapping=identity is classic one-handed solitaire")
	o.Enum(&g.windows, "windows", "any", []string{"any", "top"}, "which sets of four may be played: any four consecutive dealt cards, or only the top four")
	o.Bool(&g.forced, "forced-play", false, "forbid dealing while a play is available")
	g.mapping = "random"
	for _, kv := range rules {
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" {
			return nil, fmt.Errorf("rule %q: want key=value", kv)
		}
		if k == "mapping" {
			g.mapping = v
			continue
		}
		known := o.Settings()
		if !slices.ContainsFunc(known, func(s games.Setting) bool { return s.Name == k }) {
			names := []string{"mapping"}
			for _, s := range known {
				names = append(names, s.Name)
			}
			slices.Sort(names)
			return nil, fmt.Errorf("unknown rule %q (known: %s)", k, strings.Join(names, ", "))
		}
		if err := o.Set(k, v); err != nil {
			return nil, err
		}
	}
	g.size = 4 * g.ranks
	g.deck = cards.Ranks(g.ranks, 0)
	g.startDark = g.start == "dark"
	g.topOnly = g.windows == "top"
	if err := g.setMapping(); err != nil {
		return nil, err
	}
	s := o.Settings()
	g.settings = append(s[:1:1], games.Setting{
		Name: "mapping", Value: g.mapping, Default: "random",
		Usage: "how light and dark faces pair: random (a fresh pairing every game: aces carry an ace of another suit, every other card a dark face of another rank and suit), " +
			"fixed:<n> (one such pairing made from the number n, the same every game), identity (dark face = light face) " +
			"or file:<path> (a table of light/dark pairs) (one of random, fixed:<n>, identity, file:<path>)",
	})
	g.settings = append(g.settings, s[1:]...)
	return g, nil
}

// setMapping parses the mapping option and builds the fixed pairing.
func (g *Game) setMapping() error {
	bad := func(why string) error {
		return fmt.Errorf("rule mapping=%s: %s", g.mapping, why)
	}
	name, arg, hasArg := strings.Cut(g.mapping, ":")
	switch {
	case name == "random" && !hasArg:
		g.kind = mapRandom
	case name == "identity" && !hasArg:
		g.kind = mapIdentity
		for _, c := range g.deck {
			g.pairing[c] = c
		}
		return nil
	case name == "fixed" && hasArg:
		n, err := strconv.ParseUint(arg, 10, 64)
		if err != nil {
			return bad("want fixed:<n> with n a non-negative integer")
		}
		g.kind = mapFixed
		if g.ranks < 3 {
			return bad("a constrained pairing needs ranks=3 or more")
		}
		light := slices.Clone(g.deck)
		dark := make([]cards.Card, len(light))
		randomPairing(newRand(games.Mix(n, 0xf11b)), light, dark)
		for i, c := range light {
			g.pairing[c] = dark[i]
		}
		return nil
	case name == "file" && hasArg && arg != "":
		g.kind = mapFile
		text, err := os.ReadFile(arg)
		if err != nil {
			return bad(err.Error())
		}
		light, dark, err := parseFaces(string(text), nil)
		if err != nil {
			return bad(err.Error())
		}
		if err := g.checkFaces(light, dark); err != nil {
			return bad(err.Error())
		}
		for i, c := range light {
			g.pairing[c] = dark[i]
		}
		return nil
	default:
		return bad("want random, identity, fixed:<n> or file:<path>")
	}
	if g.ranks < 3 {
		return bad("a constrained pairing needs ranks=3 or more (use mapping=identity or a deal for shorter decks)")
	}
	return nil
}

// checkFaces reports an error unless the light faces and the dark faces are
// each exactly this game's deck.
func (g *Game) checkFaces(light, dark []cards.Card) error {
	if err := cards.CheckDeal(light, g.deck); err != nil {
		return fmt.Errorf("light faces: %v", err)
	}
	if err := cards.CheckDeal(dark, g.deck); err != nil {
		return fmt.Errorf("dark faces: %v", err)
	}
	return nil
}

// Name returns "flip".
func (g *Game) Name() string { return "flip" }

// Seats returns 1.
func (g *Game) Seats() int { return 1 }

// Size returns the number of cards in the deck.
func (g *Game) Size() int { return g.size }

// Rules returns every rule option with the value in force.
func (g *Game) Rules() []games.Setting { return slices.Clone(g.settings) }

// ScoreBounds returns 0 and twice the deck size (every card removed).
func (g *Game) ScoreBounds() (lo, hi int) { return 0, 2 * g.size }

// The metrics, in the order State.Metrics reports them.
var metrics = []games.Metric{
	{Name: "score", Usage: "1 per dark card held at the end + 2 per removed card"},
	{Name: "removed", Usage: "cards removed"},
	{Name: "dark", Usage: "dark cards still held at the end"},
	{Name: "flips", Usage: "flip plays made"},
	{Name: "removals", Usage: "removal plays made"},
	{Name: "stalled_at", Usage: "cards dealt when the last play was made (0 if none); no later deal brought a play the player took"},
	{Name: "dead_deals", Usage: "deals after which no play was available"},
}

// Metrics describes the counts State.Metrics reports.
func (g *Game) Metrics() []games.Metric { return slices.Clone(metrics) }

// NewState returns a state ready for Reset or Deal.
func (g *Game) NewState() games.State { return g.newState() }

// NewFlipState returns a concrete state ready for Reset or Deal.
func (g *Game) NewFlipState() *State { return g.newState() }
