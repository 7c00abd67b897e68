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
	// Precision, if positive, sizes the study for its question instead:
	// it plays until the first strategy's Target figure ("win" or "score")
	// has an interval at most this wide on either side, or MaxGames deals.
	// --scale divides the precision by its square root and multiplies
	// MaxGames.
	Precision float64
	Target    string
	MaxGames  int64
	// Explain, if set, follows the answer: what the figures mean, such as
	// what an interval on a rare win says.
	Explain string
	// Analysis, if set, runs the game's analysis (cardsim analyze) with
	// these options instead, --scale multiplying its "games", and puts its
	// studies in the report.
	Analysis []string
}

// Studies returns the designers' questions of shared/seeds/README.md, game
// by game, as runs.
func Studies() []Study {
	return []Study{
		{Game: "nora", Title: "How close can a player get to the perfect 540, and how often?",
			Strategies: []string{"stop-at", "cautious", "rescuer", "optimal"}, Games: 4000},
		// The optimal policy is re-solved at every price (rescuer ignores
		// prices beyond what it can afford).
		{Game: "nora", Title: "What is insurance worth? Mean score as the price of INSURE varies",
			Strategies: []string{"optimal", "cautious", "rescuer"}, Rules: []string{"insure=0,1,2,4,8"}, Games: 2000},
		{Game: "nora", Title: "Is REVIVE priced right? Mean score as its price varies",
			Strategies: []string{"optimal", "rescuer"}, Rules: []string{"revive=0,1,2,4,8"}, Games: 2000},
		{Game: "nora", Title: "Is SWITCH priced right? Mean score as its price varies",
			Strategies: []string{"optimal", "rescuer"}, Rules: []string{"switch=0,1,2,4,8"}, Games: 2000},
		// Spite and Malice: the first player's edge and a joker's worth to
		// the seat dealt it, from each bot against itself (so no bot's seat
		// matters), then the bots head to head, draws counted apart.
		{Game: "spite", Title: "How big is the first player's edge, and what is a joker in the first hand worth? (planner against itself)",
			Strategies: []string{"planner"}, Games: 4000, Quote: []string{"turns", "draw.repeat", "draw.stall", "draw.idle", "draw.cap"}},
		{Game: "spite", Title: "How big is the first player's edge, and what is a joker in the first hand worth? (greedy against itself)",
			Strategies: []string{"greedy"}, Games: 4000, Quote: []string{"turns", "draw.repeat", "draw.stall", "draw.idle", "draw.cap"}},
		{Game: "spite", Title: "Which bot plays better, head to head?",
			Strategies: []string{"planner", "greedy"}, Games: 2000},
		{Game: "spite", Title: "How do the jokers in the deck change the game? (planner against itself)",
			Strategies: []string{"planner"}, Rules: []string{"jokers=0,2,4,6"}, Games: 1000},
		// Flip Solitaire: wins are rare (3 in 10,000 deals for the
		// clairvoyant under forced play, none for greedy), so the study plays
		// until the clairvoyant's win rate is known to ±0.05 point or 20,000
		// deals (it reaches the cap; the interval is then about 0.01% …
		// 0.07%). Optional play costs the solver about 68 ms of CPU a deal,
		// so that variant gets a fixed 1,000 deals: enough for its scores,
		// only an upper bound for its odds. Both studies take about 95 s of
		// CPU (measured: cardsim report --game flip, 94 s user).
		{Game: "flip", Title: "The odds of winning for a realistic player and for one who sees the whole deck (plays compulsory, as the designer wrote)",
			Strategies: []string{"clairvoyant", "lookahead", "greedy"}, Precision: 0.0005, Target: "win", MaxGames: 20000,
			Explain: "The clairvoyant sees the whole deck order, so its win rate bounds every player's odds from above; deals its solver left undecided count as losses at the interval's lower end and as wins at its upper end. With wins this rare, an interval says how small the odds are (below its upper end, 95% of the time), not their value to the hundredth of a point."},
		{Game: "flip", Title: "The odds of winning when plays are optional (a reading of the rules that lets the player deal instead of playing)",
			Strategies: []string{"clairvoyant", "lookahead", "greedy"}, Rules: []string{"forced-play=false"}, Games: 1000,
			Explain: "Under optional play the clairvoyant's solver leaves a few deals undecided within its budget (6 of 10,000); those count as losses at the lower end of its win interval and as wins at the upper end. Its best score is proven on few deals, so its mean best is given as at least the mean played and at most the mean of its bounds. 1,000 deals bound the odds; 10,000 put them at 0.55% to 0.94% (README)."},
		{Game: "chriscross", Title: "The odds of winning for a realistic player and for one who sees the whole stock",
			Strategies: []string{"greedy", "search", "clairvoyant"}, Games: 400},
		// 400 deals a point (about 5 s of one core for all four points)
		// resolve the collapse under column-adjacent=true for every bot and
		// what the diagonals are worth to greedy and search (about 12 and
		// 10 points of win rate, intervals near ±4.5); not the clairvoyant's
		// 3 points, nor greedy's 0.015% under column-adjacent from zero.
		// The 20,000-deal figures are in games/chriscross/RULES.md.
		{Game: "chriscross", Title: "How much do the odds depend on the readings? Win rates with column pairs anywhere in the column or only in neighbouring rows, with and without diagonal pairs",
			Strategies: []string{"greedy", "search", "clairvoyant"}, Rules: []string{"column-adjacent=false,true", "diagonals=true,false"}, Games: 400,
			Explain: "400 deals a point show how far each reading moves the odds of every bot; they cannot resolve a win rate as rare as greedy's under neighbouring-row pairs (37 wins in 200,000 deals, 0.019%), which games/chriscross/RULES.md gives from 200,000 deals, with 20,000-deal figures for every reading."},
		// Round-up's questions are answered by its analysis (analyses/roundup):
		// face cards against the game and round by round, each face card's
		// power valued on paired deals with the card still playable, the
		// starting seat, allied bids and a round's length, for each bot at
		// 2 to 6 players. 2,000 deals a configuration take about 15 s.
		{Game: "roundup", Title: "If someone is dealt more face cards, do they win most of the time? Which face card is most useful? Does the starting seat win more, and how long is a round?",
			Analysis: []string{"games=2000", "players=2,3,4,5,6", "mixes=greedy,defender"}},
	}
}
