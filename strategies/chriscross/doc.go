// Package chriscross holds the bots written for Chris-Cross Pairs Solitaire
// (games/chriscross): greedy, which follows the designer's advice one
// decision at a time; search, which looks ahead through the rest of the
// visible round; and clairvoyant, a solver that sees the stock order and so
// bounds from above what any player can win. The generic random bot is the
// baseline.
//
// Register adds them to a strategies.Registry.
package chriscross
