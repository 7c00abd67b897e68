// Package flip implements Flip Solitaire, a one-handed patience played with
// double-faced cards: every card has a light face and a dark face, each an
// ordinary card identity.
//
// The player holds a single pile. Cards not yet dealt sit at its bottom; a
// deal takes the bottom card and lays it light face up on the top. Any four
// consecutive dealt cards form a set, compared by the faces they show: ends
// of equal suit turn the two middle cards dark, ends of equal rank turn all
// four dark, and when both ends already show dark the same matches remove the
// middle two or all four cards instead. The score is one point per dark card
// still held and two per removed card; removing every card is a win.
//
// RULES.md beside this file states every interpretation and rule option.
//
// # Actions
//
// Action 0 (Pass) deals the next card, or ends the game once every card is
// dealt. A play on the set whose lowest card is the w-th held card from the
// bottom (w = 0 for the first card dealt that is still held) is action
// 1 + 4w + k, where k is the Kind of play. When no play is available the
// state deals on by itself, so the player is asked only when there is a
// choice; the game ends by itself when the deck is empty and no play is left.
//
// # Rules
//
// Rules holds the rule options (DefaultRules, ParseRules; RULES.md explains
// each). By default a play must be made while one is available
// (forced-play=true, as the designer's text says); forced-play=false lets
// the player deal instead. A pairing read from a file (mapping=file:<path>)
// is recorded with the SHA-256 of the file, so that runs on two different
// tables never pass for the same run.
//
// # Hidden cards and the clairvoyant hook
//
// The View shows both faces of every dealt card (the player sees the dark
// side while turning a card over) and only the number of undealt cards.
// Determinize reshuffles the undealt cards and, under mapping=random, pairs
// their unseen faces afresh. A View also carries a Handle back to its state,
// which prints as a fixed word so that views compare by what they show.
// View.Gain and View.SampleState use it without revealing anything hidden:
// SampleState gives search strategies a copy whose hidden cards are re-drawn
// from what the view shows alone. View.Reveal (games.Revealer) returns the
// state itself, deck order included, with State.Faces naming any card's
// faces: only clairvoyant solvers may call it.
package flip
