package nora

import "sync"

// A memo keeps values built once per process by key, such as the pass
// samples and the policies. Builds of different keys run at once; callers
// asking for a key being built wait for that build and share its value. A
// build that fails is not kept: the next caller tries again (a build
// stopped by one caller's cancelled context must not fail the others, which
// is why this is not golang.org/x/sync/singleflight: it hands one build's
// error to every caller waiting on it, and keeps nothing once it is done).
type memo[T any] struct {
	mu    sync.Mutex
	vals  map[string]T
	locks map[string]*sync.Mutex
}

// lookup returns the value kept for key, if any.
func (m *memo[T]) lookup(key string) (T, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.vals[key]
	return v, ok
}

// get returns the value kept for key, or builds it with build and keeps it
// if that succeeds.
func (m *memo[T]) get(key string, build func() (T, error)) (T, error) {
	if v, ok := m.lookup(key); ok {
		return v, nil
	}
	m.mu.Lock()
	if m.locks == nil {
		m.locks = map[string]*sync.Mutex{}
	}
	l := m.locks[key]
	if l == nil {
		l = new(sync.Mutex)
		m.locks[key] = l
	}
	m.mu.Unlock()

	l.Lock()
	defer l.Unlock()
	if v, ok := m.lookup(key); ok {
		return v, nil // built while this caller waited
	}
	v, err := build()
	if err != nil {
		return v, err
	}
	m.mu.Lock()
	if m.vals == nil {
		m.vals = map[string]T{}
	}
	m.vals[key] = v
	m.mu.Unlock()
	return v, nil
}

// reset forgets every value kept, as a new process would start.
func (m *memo[T]) reset() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.vals = nil
}
