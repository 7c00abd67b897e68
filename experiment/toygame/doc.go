// Package toygame is a toy sixth game for tests, added as the README's
// recipe for a new game says: the game (Definition: a Game and its State),
// its bots (Register), its analysis (Analysis) and its designer's question
// (Question), each what games/<game>, strategies/<game>, analyses/<game>
// and cmd/catalog/studies.go would hold for a real game.
//
// Two seats are dealt Hand cards each from a deck of Ranks ranks in four
// suits; the seat that leads plays a card, the other answers, and the
// higher rank takes the trick (the leader takes ties) and leads the next.
// A seat scores its tricks; the seat with more wins. With one card each
// the leader wins unless the follower's rank is higher: 13 times in 23 in
// the default deck of 24 cards, the exact chance tests hold a run to.
//
// Tests use it to check that what takes any game takes a new one: the
// recipe's test (cmd/catalog), the Runner's (experiment). Built with the
// tag toygame, cmd/catalog registers it beside the real games, and
// "go test -short -tags toygame ./cmd/..." runs every command's tests
// with six games. It imports strategies and analyses, so it sits at the
// layer of experiment, though it imports nothing of experiment (whose
// tests import it).
package toygame
