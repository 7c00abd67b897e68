package games

// SampleTarget returns the state a view's SampleState fills in (see
// Sampler): dst when it is a non-nil S that same accepts (a state of src's
// game, kept warm from an earlier sample, so the sample allocates nothing),
// otherwise a new one from fresh. It panics, naming game, when src is nil:
// a view that was taken from no state cannot be sampled.
func SampleTarget[S comparable](game string, src S, dst State, same func(S) bool, fresh func() S) S {
	var none S
	if src == none {
		panic(game + ": SampleState of a view without a state")
	}
	if d, ok := dst.(S); ok && d != none && same(d) {
		return d
	}
	return fresh()
}
