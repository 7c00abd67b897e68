// Package strategies defines the bots that play cardsim's games and holds the
// generic ones that work on any game through the games.State interface alone.
// Bots written for one game live in strategies/<game>/ and may use that
// game's view type.
//
// A bot sees only its seat's view and the legal actions; its random choices
// come from its own stream, seeded per game and seat by sim, so a bot never
// changes the cards that are dealt.
//
// The search bots FlatMC, PIMC and ISMCTS play any game that offers
// sampling (games.Capabilities.Sample; its views implement games.Sampler):
// they search from copies of the viewed state with the hidden cards
// re-drawn, play rollouts with another strategy (random by default) and
// maximise Value, the normalised score plus 1 for a win. Their definitions
// take the Registry, to look the rollout strategy up.
package strategies
