package rewrite

import (
	"fmt"
	"os"
	"time"
)

// tracer prints phase timings to stderr when MPAUDIT_TRACE is set, for
// finding where a slow rewrite spends its time.
type tracer struct {
	on          bool
	start, last time.Time
}

func newTracer() *tracer {
	now := time.Now()
	return &tracer{on: os.Getenv("MPAUDIT_TRACE") != "", start: now, last: now}
}

func (t *tracer) step(what string) {
	if !t.on {
		return
	}
	now := time.Now()
	fmt.Fprintf(os.Stderr, "mpaudit: %-40s %6.2fs\n", what, now.Sub(t.last).Seconds())
	t.last = now
}

func (t *tracer) done() {
	if t.on {
		fmt.Fprintf(os.Stderr, "mpaudit: %-40s %6.2fs\n", "total", time.Since(t.start).Seconds())
	}
}
