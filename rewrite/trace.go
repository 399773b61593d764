package rewrite

import (
	"fmt"
	"os"
	"time"

	"github.com/mpaudit/mpaudit/internal/progress"
)

// tracer prints phase timings to stderr when MPAUDIT_TRACE is set, for
// finding where a slow rewrite spends its time. It carries the progress
// line to the phases that get it and not the options.
type tracer struct {
	on          bool
	start, last time.Time
	progress    *progress.Line
}

func newTracer(line *progress.Line) *tracer {
	now := time.Now()
	return &tracer{on: os.Getenv("MPAUDIT_TRACE") != "", start: now, last: now, progress: line}
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
