package games

// Mix returns a well-scrambled 64-bit value derived from seed and key by the
// splitmix64 finaliser. Games key their chance events with it (round, pass,
// draw) and sim keys game indices, so every stream is a pure function of the
// run seed and never of the worker or the clock.
func Mix(seed, key uint64) uint64 {
	z := seed + 0x9e3779b97f4a7c15*(key+1)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
