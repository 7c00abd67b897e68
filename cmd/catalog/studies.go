package catalog

// Study is a designer's question and the runs that answer it: the
// strategies compared on common deals and the rules, any of which may be
// swept (key=v1,v2,…). cardsim report runs every study of every game; a
// study naming a game or strategy that is not registered is skipped with a
// note.
type Study struct {
	Game       string
	Title      string
	Strategies []string // "name" or "name:key=value:…"
	Rules      []string
	Games      int64 // deals (per point of a sweep) at --scale 1
	// Quote names metrics the answer quotes (mean per game with its
	// interval), for questions such as "how long is a round?".
	Quote []string
}

// Studies returns the designers' questions of shared/seeds/README.md, game
// by game, as runs.
func Studies() []Study {
	return []Study{
		{Game: "nora", Title: "How close can a player get to the perfect 540, and how often?",
			Strategies: []string{"stop-at", "cautious", "rescuer", "optimal"}, Games: 4000},
		{Game: "nora", Title: "What is insurance worth? Mean score as the price of INSURE varies",
			Strategies: []string{"cautious", "rescuer"}, Rules: []string{"insure=0,1,2,4,8"}, Games: 2000},
		{Game: "nora", Title: "Is REVIVE priced right? Mean score as its price varies",
			Strategies: []string{"rescuer"}, Rules: []string{"revive=1,2,4,8"}, Games: 2000},
		{Game: "spite", Title: "How big is the first player's edge?",
			Strategies: []string{"planner", "greedy"}, Games: 2000},
		{Game: "spite", Title: "What is a joker worth? Win rate as the jokers in the deck vary",
			Strategies: []string{"greedy"}, Rules: []string{"jokers=0,2,4,6"}, Games: 1000},
		{Game: "flip", Title: "The odds of winning for a realistic player and for one who sees the whole deck",
			Strategies: []string{"greedy", "lookahead", "clairvoyant"}, Games: 200},
		{Game: "chriscross", Title: "The odds of winning for a realistic player and for one who sees the whole stock",
			Strategies: []string{"greedy", "search", "clairvoyant"}, Games: 400},
		// 400 deals a point (about 5 s of one core for all four points)
		// resolve the collapse under column-adjacent=true for every bot and
		// what the diagonals are worth to greedy and search (about 12 and
		// 10 points of win rate, intervals near ±4.5); not the clairvoyant's
		// 3 points, nor greedy's 0.015% under column-adjacent from zero.
		// The 20,000-deal figures are in games/chriscross/RULES.md.
		{Game: "chriscross", Title: "How much do the odds depend on the readings? Win rates with column pairs anywhere in the column or only in neighbouring rows, with and without diagonal pairs",
			Strategies: []string{"greedy", "search", "clairvoyant"}, Rules: []string{"column-adjacent=false,true", "diagonals=true,false"}, Games: 400},
		{Game: "roundup", Title: "If someone is dealt more face cards, do they win most of the time? Which face card is most useful?",
			Strategies: []string{"greedy"}, Rules: []string{"players=4"}, Games: 3000},
		{Game: "roundup", Title: "Does the seat that starts win more, and how long is a round?",
			Strategies: []string{"greedy", "defender"}, Rules: []string{"players=4"}, Games: 1000,
			Quote: []string{"rounds", "turns", "round_turns.first", "round_turns.longest"}},
	}
}
