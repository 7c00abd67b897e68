package progress

// Count counts deals played outside a session under label, toPlay of them
// (experiment.Counter: the batches in which a comparison of variants or a
// tune plays its arms side by side), and returns the function that counts
// deals as they are played (from several goroutines at once) and the one
// that ends the count, taking the deals left unplayed off the total.
func (m *Bar) Count(label string, toPlay int64) (add func(deals int64), end func(left int64)) {
	if m.w == nil {
		return func(int64) {}, func(int64) {}
	}
	m.start(label, toPlay)
	return m.add, m.end
}
