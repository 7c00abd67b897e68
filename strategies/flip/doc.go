// Package flip holds the strategies written for Flip Solitaire
// (games/flip): greedy, lookahead and clairvoyant. Register adds them to a
// strategy registry.
//
// Greedy and lookahead are realistic players: they see only the view (the
// dealt cards) and lookahead guesses the undealt order by sampling it with
// View.Sample. Clairvoyant sees the whole deck order through
// View.Clairvoyant, the game's one documented escape hatch, and finds the
// best score by depth-first search; it gives the bound a perfect player
// could reach and implements strategies.Prover for the games its node budget
// cannot settle.
//
// # The solver
//
// Solver first settles whether the deal can be won (every card removed),
// then looks for the best score. Deciding the win rests on the proof rules
// below, which show most lost deals lost before any search, and on a
// reduction of the search itself. Number the cards 0, 1, … in the order
// they are dealt; the pile keeps that order, so the cards still present
// (held, or not yet dealt) form one sequence that only loses cards.
//
// Facts the rules stand on:
//
//   - Parity. Every removal takes out two or four cards that lie together
//     at that moment, so the gap between two neighbours in the pile is
//     always even: a card's place in the pile has the parity of its number.
//     The two ends of a set are three places apart, so they have numbers of
//     different parity; so do the two middles.
//   - Nesting. Call a removal's span the range of numbers from its lowest
//     to its highest removed card. Every card inside a span that the
//     removal does not take was removed before it, so spans nest or are
//     disjoint, like brackets, and the cards between two cards that stay
//     can only be removed by removals inside them.
//   - Ends. The lowest present card, lo, is never a middle (nothing lies
//     below it), nor is the highest, hi (the last card of the deck, or the
//     top once all are dealt). Each leaves only by remove-rank as an end:
//     dark, three places from a partner of the same dark rank. A light one
//     turns dark only by flip-rank as an end, three places from a card
//     showing its light rank.
//
// The proof rules (Solver.winPossible) declare a position lost when:
//
//   - lo or hi has no possible partner: a present card of its dark rank
//     and the other parity, other than its permanent neighbour (the next
//     card, which stays next to it while both are held); or, showing
//     light, no possible flip partner (a present card showing or able to
//     show its light rank, same conditions).
//   - Flip first: a light end meets its flip partner before its removal
//     partner, and places only shrink, so the removal partner is no nearer
//     to it than the nearest flip partner.
//   - Light end: before that flip the cards between the end and its flip
//     partner shrink to two, and the end, still light, cannot be an end of
//     those removals (see reduce below); a flip partner for which that is
//     impossible does not count.
//   - Nest: lo's partner q and hi's partner a are the same removal (q is hi)
//     or q lies below a; then the cards between q and a must be cleared
//     with q and a in place, and the cards inside each of the two
//     remove-ranks reduced to its two middles.
//   - Clear: cards strictly between two cards that stay can be removed only
//     if the lowest of them can leave, as a middle beside the lower wall
//     (remove-suit with the wall and a card of the wall's dark suit as
//     ends) or as the lower end of a remove-rank inside, and likewise the
//     highest. A lone card can never be cleared.
//   - Reduce: the inside of a remove-rank with ends e and f shrinks to two
//     middles x and y only if the cards between e and x, x and y, and y and
//     f can each be cleared. Clear and reduce call each other to a bounded
//     depth: deeper for the position solved, shallower at each position
//     searched.
//
// The rules ignore which faces the cards will show beyond their dark faces,
// so they are necessary conditions only: a position that passes may still
// be lost. The tests check each rule against an exhaustive win oracle on
// every position of thousands of random 8- to 16-card deals.
//
// The search prunes lines that only reorder another line (a deal-order
// reduction): a play whose four cards were dealt, flipped, made adjacent or
// used by none of the actions since the last deal could have been made
// before that deal, with the same result, so after a deal only plays
// touching the cards dealt or used since are tried. The positions searched
// are remembered with the set of cards touched, and a position is skipped
// only if it was searched with no fewer.
package flip
