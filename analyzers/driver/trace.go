package driver

import (
	"fmt"
	"os"
	"time"
)

// tracer prints phase timings to stderr when MPAUDIT_TRACE is set, for
// finding where a slow audit spends its time.
type tracer struct {
	on   bool
	last time.Time
}

func newTracer() *tracer { return &tracer{on: os.Getenv("MPAUDIT_TRACE") != "", last: time.Now()} }

func (t *tracer) step(format string, args ...any) {
	if !t.on {
		return
	}
	now := time.Now()
	fmt.Fprintf(os.Stderr, "mpaudit: driver: %-50s %6.2fs\n", fmt.Sprintf(format, args...), now.Sub(t.last).Seconds())
	t.last = now
}
