package nora

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestMemoBuildsEachKeyOnce: callers asking for one key at once share one
// build; a failed build is not kept, so the next caller builds again.
func TestMemoBuildsEachKeyOnce(t *testing.T) {
	var m memo[int]
	var builds atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			v, err := m.get("k", func() (int, error) {
				builds.Add(1)
				time.Sleep(10 * time.Millisecond) // let the others queue
				return 7, nil
			})
			if err != nil || v != 7 {
				t.Errorf("get = %d, %v; want 7", v, err)
			}
		})
	}
	wg.Wait()
	if n := builds.Load(); n != 1 {
		t.Errorf("%d builds of one key, want 1", n)
	}
	stop := errors.New("stopped")
	if _, err := m.get("f", func() (int, error) { return 0, stop }); err != stop {
		t.Fatalf("failed build: err %v, want %v", err, stop)
	}
	if _, ok := m.lookup("f"); ok {
		t.Error("a failed build was kept")
	}
	if v, err := m.get("f", func() (int, error) { return 3, nil }); err != nil || v != 3 {
		t.Errorf("build after a failure = %d, %v; want 3", v, err)
	}
	m.reset()
	if _, ok := m.lookup("k"); ok {
		t.Error("reset kept a value")
	}
}

// TestMemoBuildsKeysAtOnce: a build of one key does not hold up another
// key's (two policies wanted by two runs are built side by side). Each
// build waits until the other has started; if builds were serialised the
// first would wait forever, and the test's deadline catches it.
func TestMemoBuildsKeysAtOnce(t *testing.T) {
	var m memo[string]
	started := map[string]chan struct{}{"a": make(chan struct{}), "b": make(chan struct{})}
	other := map[string]string{"a": "b", "b": "a"}
	var wg sync.WaitGroup
	for key := range started {
		wg.Go(func() {
			_, err := m.get(key, func() (string, error) {
				close(started[key])
				select {
				case <-started[other[key]]:
					return key, nil
				case <-time.After(10 * time.Second):
					return "", errors.New("the other key's build never started")
				}
			})
			if err != nil {
				t.Errorf("key %s: %v", key, err)
			}
		})
	}
	wg.Wait()
}
