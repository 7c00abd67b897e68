// Package buildinfo describes the build of the running program: cardsim's
// own version, the module version the Go tool stamped and the commit of the
// source it was built from.
package buildinfo
