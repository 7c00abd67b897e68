// Package progress draws the progress bar of a command that plays deals:
// every session the command plays counted on one bar, with the rate and
// the time left, on a terminal only.
package progress
