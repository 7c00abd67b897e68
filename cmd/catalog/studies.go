package catalog

import (
	"strconv"
	"time"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/reports"
	norabots "github.com/cardsim/cardsim/strategies/nora"
)

// Study is a designer's question and the runs that answer it.
type Study = experiment.Study

// noraPolicy says which policy answered Nora's questions: the answers read
// the studies' runs, so a new policy registered as optimal re-answers them
// by running the report again.
var noraPolicy = "(the best policy known, registered as optimal in strategies/nora, within " + strconv.FormatFloat(norabots.CertifiedGap, 'f', 1, 64) +
	" points a game of optimal play (certified by cardsim solve nora); no play can average more than about " + strconv.FormatFloat(norabots.Ceiling, 'f', 1, 64) +
	" (± " + strconv.FormatFloat(norabots.CeilingSE, 'f', 1, 64) + ", the bound's mean and standard error over five independent sets of shuffles: cardsim solve nora --opt replicas=4); its answers are re-measured whenever that policy changes)"

// insuranceReading reads the verdict on a dearer INSURE as an answer to
// "is insurance too cheap?": a rise that costs the player nothing that
// matters means it is; one that costs points means the price already
// weighs. A rise that raises the score says nothing of the price being
// too low, so it keeps its plain verdict.
var insuranceReading = &reports.Reading{
	NoMatter: "yes, too cheap",
	Lowers:   "no, not too cheap",
}

// insureDecision reads the verdict on a dearer INSURE at another SWITCH
// price: a rise that costs nothing that matters leaves INSURE no decision
// at that price; one that costs points makes its price weigh.
var insureDecision = &reports.Reading{
	NoMatter: "no, its price still does not matter",
	Lowers:   "yes, a dearer INSURE costs points",
}

// earningReading reads the verdict on an earning rule switched off: a
// fall in the score is what the rule is worth to the player.
var earningReading = &reports.Reading{
	NoMatter: "worth little",
	Lowers:   "worth points",
	Raises:   "worth less than nothing",
}

// sweepPolicy says which policy answered the questions whose points
// change the passes (the SWITCH price, the earning rules): one built at
// every point, the rules as written included, at analyze nora's sweep
// budget.
const sweepPolicy = "(the optimal policy built at every point, the rules as written included, from a budget of 100 shuffles a deck composition instead of its default 250: within 2.4 points of it at the rules as written, -0.7 to +2.4 paired on 2,000 deals)"

// Studies returns the questions the games' designers ask, game by game
// (each game's RULES.md states the rules they are asked of), as runs, with
// the questions each answers at a glance.
//
// A study whose verdict is undecided plays again on twice its deals while
// its CPU budget allows (experiment.Study.Extend). A study whose first
// look already takes most of its budget plays one look (Extend: 1), which
// keeps its verdicts at the fixed-sample critical value: a plan of several
// looks spends part of the error rate at each, so it widens the first
// look's interval. Nora's INSURE and SWITCH studies extend: their first
// looks (1,000 and 500 deals a point) usually decide, and make run's time
// goes mostly to optimal's play.
func Studies() []Study {
	return append([]Study{
		{Game: "nora", Title: "How close can a player get to the perfect 540, and how often?",
			Strategies: []string{"stop-at", "cautious", "rescuer", "optimal", "random"}, Games: 2500, Margin: 5.4, Budget: 40 * time.Second, Extend: 1,
			Asks: []reports.Ask{
				{Question: "How close can a player get to the perfect 540?", Kind: reports.Score, Strategy: "optimal", Condition: noraPolicy},
				{Question: "How often is the perfect 540 reached?", Kind: reports.Odds, Strategy: "optimal", Condition: noraPolicy},
				{Question: "Which strategy is best, and by how much?", Kind: reports.Best},
			}},
		// The optimal policy is re-solved at every price (rescuer ignores
		// prices beyond what it can afford), and optimal plays about 8 ms
		// of CPU a game, most of make run's time. REVIVE moves the score by
		// a few points, so it plays 1,000 deals a point in one look. INSURE
		// and SWITCH play until decided: INSURE's first look of 1,000 deals
		// a point already finds no change within the margin (its second
		// look, 2,000, is played only if not), and SWITCH's of 500 finds
		// its fall of about 120 points. Each sweep plays the prices its
		// answer and chart need, and no more (optimal plays an INSURE of 8
		// exactly as one of 4, never insuring): every point of 1,000 deals
		// is about 7 s of make run's CPU.
		{Game: "nora", Title: "What is insurance worth? Mean score as the price of INSURE varies",
			Strategies: []string{"optimal", "cautious", "rescuer"}, Rules: []string{"insure=0,1,2,4"}, Games: 1000, Margin: 5.4, Budget: 120 * time.Second, Extend: 2,
			Asks: []reports.Ask{
				{Question: "Is the insurance rule too cheap? What raising INSURE's price does", Kind: reports.Variant, Strategy: "optimal", Condition: noraPolicy,
					Quote: "ip_spent.insure", Reading: insuranceReading},
				{Question: "Is the insurance rule too cheap? What raising INSURE's price does", Kind: reports.Variant, Strategy: "cautious",
					Quote: "ip_spent.insure", Reading: insuranceReading},
			}},
		{Game: "nora", Title: "Is REVIVE priced right? Mean score as its price varies",
			Strategies: []string{"optimal", "rescuer"}, Rules: []string{"revive=0,2,4,8"}, Games: 1000, Margin: 5.4, Budget: 60 * time.Second, Extend: 1,
			Asks: []reports.Ask{
				{Question: "Is REVIVE priced right? What raising its price does", Kind: reports.Variant, Strategy: "optimal", Condition: noraPolicy},
				{Question: "Is REVIVE priced right? What raising its price does", Kind: reports.Variant, Strategy: "rescuer"},
			}},
		// The SWITCH price changes the passes themselves, so each of its
		// points is a policy build of its own: at 100 shuffles a
		// composition (3 to 6 s of CPU each, against 12 to 14 s at
		// optimal's default), as the grid and the earning rules below, which reuse
		// these builds' pass samples. That policy plays within 2.4 points
		// of the default one at the rules as written (+0.8, -0.7 to +2.4,
		// paired on 2,000 deals: cardsim compare nora --strategies
		// optimal,optimal:samples=100 --games 2000 --seed 3).
		{Game: "nora", Title: "Is SWITCH priced right? Mean score as its price varies",
			Strategies: []string{"optimal:samples=100", "rescuer"}, Rules: []string{"switch=0,1,2,4"}, Games: 500, Margin: 5.4, Budget: 45 * time.Second, Extend: 2,
			Asks: []reports.Ask{
				{Question: "Is SWITCH priced right? What raising its price does", Kind: reports.Variant, Strategy: "optimal", Condition: sweepPolicy},
				{Question: "Is SWITCH priced right? What raising its price does", Kind: reports.Variant, Strategy: "rescuer"},
			}},
		// INSURE's price over SWITCH's: at the default SWITCH price (2) a
		// dearer INSURE changes nothing that matters, and optimal stops
		// insuring from insure=2 (the INSURE study above). Does SWITCH's
		// price make INSURE a real decision? The grid reuses the SWITCH
		// study's builds (the pass samples of switch=1, 2 and 4 at 100
		// shuffles a composition are cached; an INSURE price only
		// re-solves the policy), so its cost is optimal's play, about 7 ms
		// a game.
		{Game: "nora", Title: "Would another SWITCH price make INSURE a real decision? Mean score over a grid of the two prices",
			Strategies: []string{"optimal:samples=100"}, Rules: []string{"insure=1,2,4", "switch=1,2,4"}, Games: 300, Margin: 5.4, Budget: 60 * time.Second, Extend: 2,
			Asks: []reports.Ask{
				{Question: "Would a cheaper SWITCH (1 ip) make INSURE's price matter?", Kind: reports.Variant, Strategy: "optimal", Condition: sweepPolicy,
					At: "switch=1", Quote: "ip_spent.insure", Reading: insureDecision},
				{Question: "Would a dearer SWITCH (4 ip) make INSURE's price matter?", Kind: reports.Variant, Strategy: "optimal", Condition: sweepPolicy,
					At: "switch=4", Quote: "ip_spent.insure", Reading: insureDecision},
			}},
		// What each earning rule is worth: the optimal policy with that
		// rule paying nothing, against the rules as written, on the same
		// deals. An earning rule changes the passes themselves, so each
		// point is a policy build of its own, at 100 shuffles a
		// composition as the SWITCH study's (3 to 6 s of CPU each, against
		// 12 to 14 s at optimal's default); every point, the reference
		// included (the SWITCH study's switch=2), is built at that budget, so that the differences are the rules' and not the
		// builds'. 300 deals a point (55 s of CPU) decide the six rules
		// worth 20 points or more; the three worth less (ip-quad, ip-dead
		// and ip-dead-full, each within about ±10 points) would need over
		// 1,000 deals a point, so the study plays one look. Checked two
		// ways (seed 1 at 300 deals, and 10 times the deals on seed 2):
		// the solver's own values at this budget (cardsim solve nora
		// --rule ip-chain=0 --opt samples=100, and so on) differ from the
		// rules as written's by -21.7 (joke), -25.6 (triple), -5.6 (quad),
		// -20.1 (sweep), -28.4 (jamboree), -56.9 (chain), -64.6 (reaction),
		// -3.0 (dead-full) and -7.5 (dead), each inside the played
		// interval; 3,000 deals a point give -22.4, -24.2, -5.0, -19.7,
		// -27.8, -57.6, -66.1, -3.7 and -6.6, none overturning a verdict.
		{Game: "nora", Title: "What is each earning rule worth? Mean score with each switched off",
			Strategies: []string{"optimal:samples=100"},
			Points:     []string{"ip-joke=1", "ip-joke=0", "ip-triple=0", "ip-quad=0", "ip-sweep=0", "ip-jamboree=0", "ip-chain=0", "ip-reaction=0", "ip-dead-full=0", "ip-dead=0"},
			Games:      300, Margin: 5.4, Budget: 65 * time.Second, Extend: 1,
			Asks: []reports.Ask{
				{Question: "What is each earning rule worth?", Kind: reports.Variant, Strategy: "optimal", Condition: sweepPolicy, Reading: earningReading, OneRow: true},
			}},
		// Spite and Malice: the first player's edge taken apart (moving
		// first with the upcards held fixed, the higher upcard with the
		// order held fixed), a joker's worth, the draws of every pairing
		// and the readings of the stock rebuild, for each bot, by its
		// analysis (analyses/spite); the joker count swept below. 6,000
		// deals (52 s of CPU) decide the coin toss's, the upcard's and the
		// joker's worth with the family held together; the first player's
		// handicap under greedy, which beats random and the planner, is
		// about 3.4 pp, and would need over 10,000.
		{Game: "spite", Title: "How big is the first player's edge, what is a joker worth, which bot plays better, and how much do the answers hang on reading the stock rebuild?",
			Analysis: []string{"games=6000"}, Budget: 55 * time.Second, Extend: 1},
		// The bot-quality panel: each bot against random and against the
		// other, head to head on the same deals, seats rotated.
		{Game: "spite", Title: "Bot quality: each bot against random and against the other, head to head",
			Strategies: []string{"greedy", "planner", "random"}, Games: 300, Panel: true, Budget: 4 * time.Second,
			Explain: "greedy and planner see only their own hand and the table: both are realistic players; random picks any legal play. A bot that cannot beat random clearly does not answer for a realistic player."},
		{Game: "spite", Title: "How do the jokers in the deck change the game? (planner against itself)",
			Strategies: []string{"planner"}, Rules: []string{"jokers=0,2,4,6"}, Games: 1000, Budget: 3 * time.Second},
		// Flip Solitaire: wins are rare (a few in 10,000 deals for the
		// clairvoyant under forced play, none for greedy), so the study
		// plays until the clairvoyant's win rate is known to ±0.05 point
		// or 20,000 deals (it reaches the cap).
		{Game: "flip", Title: "The odds of winning for a realistic player and for one who sees the whole deck (plays compulsory, as the designer wrote)",
			Strategies: []string{"clairvoyant", "lookahead", "greedy", "random"}, Precision: 0.0005, Target: "win", MaxGames: 20000, Margin: 1.04, Budget: 20 * time.Second,
			Explain: "The clairvoyant sees the whole deck order, so its win rate bounds every player's odds from above; deals its solver left undecided count as losses at the interval's lower end and as wins at its upper end. With wins this rare, an interval over {deals} deals says how small the odds are (below its upper end, 95% of the time), not their value to the hundredth of a point.",
			Asks: []reports.Ask{
				{Question: "What are the odds of winning for a realistic player?", Kind: reports.Odds, Strategy: "lookahead", Condition: "(looks two plays ahead over guesses of the unseen cards)"},
				{Question: "What are the odds of winning for a realistic player?", Kind: reports.Odds, Strategy: "greedy", Condition: "(takes the play worth most points now)"},
				{Question: "What are the odds of winning for a player who sees the whole deck?", Kind: reports.Odds, Strategy: "clairvoyant", Condition: "(sees the whole deck order: a bound on every player's odds)"},
				{Question: "What score does a player reach, of 104?", Kind: reports.Score, Strategy: "lookahead"},
				{Question: "What score does a player reach, of 104?", Kind: reports.Score, Strategy: "clairvoyant", Condition: "(the best each deal allows)"},
				{Question: "Which strategy is best, and by how much?", Kind: reports.Best, Among: []string{"lookahead", "greedy"}, Condition: "(the realistic players)"},
			}},
		// Optional play costs the solver about 70 ms of CPU a deal, so
		// that variant gets a fixed 400 deals, within a budget of 35 s
		// (42 s at 600 deals, 72 s at 1,000; compulsory play beside it on
		// the same deals): enough for its scores and for what optional play
		// changes, only a bound for its odds.
		{Game: "flip", Title: "What changes when plays are optional (a reading of the rules that lets the player deal instead of playing)?",
			Strategies: []string{"clairvoyant", "lookahead", "greedy"}, Rules: []string{"forced-play=true,false"}, Games: 400, Margin: 1.04, Budget: 35 * time.Second, Extend: 1,
			Explain: "Under optional play the clairvoyant's solver leaves a few deals undecided within its budget; those count as losses at the lower end of its win interval and as wins at the upper end. Its best score is proven on few deals, so its mean best is given as at least the mean played and at most the mean of its bounds. {deals} deals a point bound the odds; docs/findings.md gives them from 10,000.",
			Asks: []reports.Ask{
				{Question: "What are the odds of winning when plays are optional, for a realistic player?", Kind: reports.Odds, Strategy: "lookahead", At: "forced-play=false", Condition: "(looks two plays ahead over guesses of the unseen cards)"},
				{Question: "What are the odds of winning when plays are optional, for a player who sees the whole deck?", Kind: reports.Odds, Strategy: "clairvoyant", At: "forced-play=false"},
				{Question: "What score does a player who sees the whole deck reach when plays are optional, of 104?", Kind: reports.Score, Strategy: "clairvoyant", At: "forced-play=false"},
				{Kind: reports.Variant, Strategy: "lookahead", Question: "What does optional play change?"},
				{Kind: reports.Variant, Strategy: "clairvoyant", Question: "What does optional play change?"},
			}},
		// The seed says a card turned dark gets "a new suit and rank"; the
		// commercial deck is thought to print an ace of another suit
		// behind each ace. Compulsory play, 6,000 deals a reading (about 8 s
		// of CPU): at 2,000 the clairvoyant's difference (-1.6 to +1.4
		// points with the family held together) was out of budget,
		// neither clear of zero nor inside the ±1.04-point margin.
		{Game: "flip", Title: "How much do the odds depend on the deck: every dark face of a new rank and suit, or aces carrying aces?",
			Strategies: []string{"clairvoyant", "lookahead", "greedy"}, Rules: []string{"dark-ace=other,ace"}, Games: 6000, Margin: 1.04, Budget: 12 * time.Second, Extend: 1,
			Asks: []reports.Ask{
				{Kind: reports.Variant, Strategy: "clairvoyant", Question: "What does a deck whose aces carry aces change?"},
				{Kind: reports.Variant, Strategy: "lookahead", Question: "What does a deck whose aces carry aces change?"},
			}},
		// ismcts, the generic searcher, sees only the visible tableau and
		// is the strongest realistic player (about 92% against search's
		// 76%), so it answers first; it plays until its win rate is known
		// to ±2 pp (±1.7 pp at 1,000 deals, 30 ms of CPU a deal), the
		// others on the same deals.
		{Game: "chriscross", Title: "The odds of winning for a realistic player and for one who sees the whole stock",
			Strategies: []string{"ismcts", "greedy", "search", "clairvoyant", "random"}, Precision: 0.02, Target: "win", MaxGames: 1000, Margin: 0.01, Budget: 40 * time.Second,
			Asks: []reports.Ask{
				{Question: "What are the odds of winning for a realistic player?", Kind: reports.Odds, Strategy: "ismcts", Condition: "(information-set tree search over guesses of the unseen stock: the strongest realistic player)"},
				{Question: "What are the odds of winning for a realistic player?", Kind: reports.Odds, Strategy: "search", Condition: "(looks ahead within the visible tableau)"},
				{Question: "What are the odds of winning for a realistic player?", Kind: reports.Odds, Strategy: "greedy", Condition: "(casts the first pair it sees)"},
				{Question: "What are the odds of winning for a player who sees the whole stock?", Kind: reports.Odds, Strategy: "clairvoyant", Condition: "(sees the stock's order: a bound on every player's odds)"},
				{Question: "What score does a player reach?", Kind: reports.Score, Strategy: "ismcts"},
				{Question: "Which strategy is best, and by how much?", Kind: reports.Best, Among: []string{"ismcts", "greedy", "search"}, Figure: "win", Condition: "(the realistic players)"},
			}},
		// ismcts, the strongest realistic player, answers first: 300 deals
		// a point (about 28 s of CPU for its four points, 7 ms a deal for
		// the other bots together) resolve the collapse under
		// column-adjacent=true for every bot and what the diagonals are
		// worth to ismcts (about 13 points of win rate, ±6); one look, as
		// ismcts fills the budget. The 20,000-deal figures of the other
		// bots are in games/chriscross/RULES.md.
		{Game: "chriscross", Title: "How much do the odds depend on the readings? Win rates with column pairs anywhere in the column or only in neighbouring rows, with and without diagonal pairs",
			Strategies: []string{"ismcts", "greedy", "search", "clairvoyant"}, Rules: []string{"column-adjacent=false,true", "diagonals=true,false"}, Games: 300, Margin: 0.01, Budget: 40 * time.Second, Extend: 1,
			Explain: "{deals} deals a point show how far each reading moves the odds of every bot; they cannot resolve a win rate as rare as greedy's under neighbouring-row pairs (37 wins in 200,000 deals, 0.019%), which games/chriscross/RULES.md gives from 200,000 deals, with 20,000-deal figures for every reading.",
			Asks: []reports.Ask{
				{Kind: reports.Variant, Strategy: "ismcts", Figure: "win", Question: "What do the readings of a pair change?"},
				{Kind: reports.Variant, Strategy: "search", Figure: "win", Question: "What do the readings of a pair change?"},
				{Kind: reports.Variant, Strategy: "greedy", Figure: "win", Question: "What do the readings of a pair change?"},
				{Kind: reports.Variant, Strategy: "clairvoyant", Figure: "win", Question: "What do the readings of a pair change?"},
			}},
		// Round-up's questions are answered by its analysis (analyses/roundup):
		// face cards against the game and round by round, each face card's
		// power valued on paired deals with the card still playable, the
		// starting seat, allied bids and a round's length, for each bot at
		// 2 to 6 players. 2,000 deals a configuration take about 15 s.
		{Game: "roundup", Title: "If someone is dealt more face cards, do they win most of the time? Which face card is most useful? Does the starting seat win more, do allied bidders gain, and how long is a round?",
			Analysis: []string{"games=2000", "players=2,3,4,5,6", "mixes=greedy,defender"}, Budget: 20 * time.Second, Extend: 1},
		// Round-up's bot-quality panel at 2 players, where head to head
		// is a fair match.
		{Game: "roundup", Title: "Bot quality: each bot against random and against the other, head to head (2 players)",
			Strategies: []string{"greedy", "defender", "random"}, Rules: []string{"players=2"}, Games: 500, Panel: true, Budget: 3 * time.Second,
			Explain: "greedy and defender see only their own hand and the table: both are realistic players; random picks any legal play."},
	}, toyStudies()...)
}
