// Package nora holds the bots for Nora's pairs solitaire: stop-at (the
// baseline that never spends ip), cautious (stops or insures by the exact
// chance that the next shuffle is dead), rescuer (also saves dead passes
// with SWITCH and REVIVE), and the computed policies optimal, optimal-v1
// and upper-bound.
//
// Every bot sees only the player's view (games/nora.View): before INSURE the
// top card, afterwards the order of the shuffled deck and the pass so far.
//
// # The computed policies
//
// optimal plays the policy of a backward induction over (rounds left, ip
// held, deck composition) (Solution, VariantOptimal). For each composition
// it draws shuffles (all of them for small decks) and, for each, lists the
// plans a player looking at the order has (see plan): no switch, or one
// SWITCH that makes two equal ranks neighbours, made before any pair falls,
// between removal steps while pairs still wait, or once the cascade has
// come to rest. The induction values each shuffle by its best plan for the
// ip in hand, so the policy switches on live passes as well as dead ones,
// chooses the switch from the actual order, decides INSURE on the class of
// the top card it sees, and REVIVEs, stops or shuffles again by the same
// values. In play the bot lists the plans of the order it sees and plays
// the best by the solver's values, so on decks small enough to enumerate
// the solver's value is exactly the bot's expected score.
//
// What is still approximated:
//   - the play within a pass: at most one switch, only one that makes a
//     pair, at the points listed (between steps: after some steps of the
//     max-ip order, or after one pair, and touching a waiting pair);
//     otherwise the pairs fall in the max-ip order. Playing on greedily
//     after the planned switch (parameter greedy) measures part of what
//     this leaves;
//   - on large decks the shuffles are a sample (DefaultSamples live ones
//     per composition), so the values carry sampling error and the upward
//     bias of an optimum over estimates; Solution.Evaluate re-values the
//     policy on independent shuffles;
//   - ip beyond a cap (DefaultIPCap) count as the cap; CapGain measures
//     that the cap does not bind.
//
// optimal-v1 is the first version (VariantV1), kept for comparison: no
// switch on a live pass, on a dead one only RescueSwitch's swap bought on
// the mean rescued outcome, INSURE blind to the top card. upper-bound
// (VariantClairvoyant) plays as optimal but sees each shuffle before
// insuring it; its value bounds what better insurance could add to
// optimal's class of play, not what more switches could. RelaxedBound
// bounds every policy whatsoever, loosely: it scores the game perfect from
// the moment the player holds the price of a SWITCH or a REVIVE, so the gap
// between it and optimal (about 100 points under the default rules) is an
// upper limit on what the approximations above leave, not an estimate.
//
// The shuffles are cached under the user's cache directory, checked in
// full when read (checksum, rules key, shape, ranges, distributions) and
// rebuilt when anything is wrong. The build takes a context:
// PolicyContext, DistsContext, EstimatePassDistsContext and SolveContext
// stop with the context's error when it is done. The bots are made without
// their policy and build it in Prepare (strategies.Preparer), which
// sim.Run calls under its own context before the first game, so an
// interrupted command stops during the build; a bot never prepared builds
// its policy at its first game.
package nora
