// Package spite implements Spite and Malice for two players: each races to
// play a 26-card stockpile onto shared centre stacks built from ace to king
// regardless of suit, helped by a hand of five drawn from a second deck with
// wild jokers and by four personal discard piles.
//
// The rules as implemented, with every interpretation and option, are in
// RULES.md beside this file; the text form of a deal read by State.Deal is
// described there and in Deal's documentation.
//
// Actions are small integers built by Play, Discard and End; a seat's View
// holds everything that seat may see and nothing more.
package spite
