// Package interrupt turns cardsim's interrupts into cancellation: the first
// SIGINT or SIGTERM cancels the command's context, so that it stops after
// the deals under way and keeps what it played; a second quits at once.
package interrupt
