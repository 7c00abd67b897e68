// Package nora holds the bots for Nora's pairs solitaire: stop-at (the
// baseline that never spends ip), cautious (stops or insures by the exact
// chance that the next shuffle is dead), rescuer (also saves dead passes
// with SWITCH and REVIVE), and the computed policies optimal, optimal-v2,
// optimal-v1 and upper-bound.
//
// Every bot sees only the player's view (games/nora.View): before INSURE the
// top card, afterwards the order of the shuffled deck and the pass so far.
//
// # The computed policies
//
// optimal plays the policy of a backward induction over (rounds left, ip
// held, deck composition) (Solution, VariantOptimal). For each composition
// it draws shuffles (all of them for small decks) and, for each, searches
// the whole pass a player looking at the order can play (passSearch): any
// sequence of SWITCHes and removal steps the rules allow, a switch paid
// with ip held or earned earlier in the same pass. The search keeps, for
// every deck the pass can end with, the plans no other beats at every ip
// held (need before the pass, ip net after it), priced at the rules'
// SWITCH. The induction values each shuffle by its best plan for the ip in
// hand, so the policy decides INSURE on the class of the top card it sees
// and REVIVEs, stops or shuffles again by the values of passes played that
// way. In play the bot searches the order it sees for the plans it can pay
// for and plays the best by the solver's values. Those are the solver's
// plans but where the search's beam is full, and there the bot may find a
// better one (see wholePass): on decks small enough to enumerate, the
// solver's value is the bot's expected score, or a hair under it;
// TestBruteForceOracle holds it to the optimum found by brute force over
// every action.
//
// What is approximated, and where the bound bites:
//   - the pass search is a beam search, not an exhaustive one. It orders
//     positions by switches made, expands at most Width positions at rest
//     for each count and holds at most Nodes positions; its switches are
//     those that make a pair now or bring a card next to the nearest of its
//     rank within Pull switches, and a plan makes at most Switches of them
//     (limitsFor: wide on decks of 12 cards or fewer, narrow on more than
//     32). A plan outside those limits is never found. On the oracle's
//     decks the policy comes within 0.0003 points of the optimum; the
//     lookahead parameter (try every action, plan the rest) measures what
//     the limits leave on the full deck;
//   - on large decks the shuffles are a sample, drawn where they make the
//     value surest for their cost (a budget of DefaultSamples, see
//     Sampling and EstimatePassDistsContext), so the values carry sampling
//     error, which Solution.Spread measures (about 2.5 points a game at
//     the default rules), and the upward bias of an optimum over the
//     shuffles it was chosen on; RevalueContext re-values the policy on
//     independent shuffles, free of the bias;
//   - ip beyond a cap (DefaultIPCap) count as the cap; CapGain measures
//     that the cap does not bind.
//
// optimal-v2 (VariantV2) is the second version, kept for comparison: at
// most one switch a pass, one that makes a pair. optimal-v1 (VariantV1) is
// the first: no switch on a live pass, on a dead one only RescueSwitch's
// swap bought on the mean rescued outcome, INSURE blind to the top card.
// upper-bound (VariantClairvoyant) plays as optimal but sees each shuffle
// before insuring it; its value bounds what better insurance could add to
// optimal's class of play, not what better passes could. RelaxedBound
// bounds every policy whatsoever, loosely: it scores the game perfect from
// the moment the player holds the price of a SWITCH or a REVIVE, so the gap
// between it and optimal (about 78 points under the default rules, which
// cardsim solve nora prints as the certified gap) is an upper limit on
// what the approximations above leave, not an estimate.
//
// The shuffles are cached in a directory the caller passes (Register,
// DistsContext; cardsim passes cardsim/ under the user's cache directory),
// checked in full when read (checksum, rules key, shape, ranges, distributions) and
// rebuilt when anything is wrong. The build takes a context:
// PolicyContext, DistsContext, EstimatePassDistsContext and SolveContext
// stop with the context's error when it is done. The bots are made without
// their policy and build it in Prepare (strategies.Preparer), which
// sim.Run calls under its own context before the first game, so an
// interrupted command stops during the build; a bot never prepared builds
// its policy at its first game.
package nora
