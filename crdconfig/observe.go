package crdconfig

import "sync"

// Observers learn every path this package reads, lists or probes, so that
// a result cache can tell when a CRD answer may have changed. "" means an
// access that cannot be named by paths (a walk): nothing is safe to cache.
var (
	observersMu sync.Mutex
	observers   = map[int]func(path string){}
	nextID      int
)

// Observe calls fn (from any goroutine) with each path read, listed or
// probed until stop is called.
func Observe(fn func(path string)) (stop func()) {
	observersMu.Lock()
	defer observersMu.Unlock()
	id := nextID
	nextID++
	observers[id] = fn
	return func() {
		observersMu.Lock()
		defer observersMu.Unlock()
		delete(observers, id)
	}
}

func seen(path string) {
	observersMu.Lock()
	defer observersMu.Unlock()
	for _, fn := range observers {
		fn(path)
	}
}
