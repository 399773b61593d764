package rewrite

import (
	"fmt"
	"os"
	"time"

	"github.com/mpaudit/mpaudit/internal/progress"
)

// tracer prints phase timings to stderr when MPAUDIT_TRACE is set, for
// finding where a slow rewrite spends its time. Each line gives the wall
// time and the CPU time of mpaudit and the go commands it ran, since wall
// time alone says little on a shared machine. It carries the progress line
// to the phases that get it and not the options.
type tracer struct {
	on            bool
	start, last   time.Time
	startCPU, cpu time.Duration
	progress      *progress.Line
}

func newTracer(line *progress.Line) *tracer {
	now := time.Now()
	t := &tracer{on: os.Getenv("MPAUDIT_TRACE") != "", start: now, last: now, progress: line}
	t.startCPU = cpuTime()
	t.cpu = t.startCPU
	return t
}

func (t *tracer) step(what string) {
	if !t.on {
		return
	}
	now, cpu := time.Now(), cpuTime()
	fmt.Fprintf(os.Stderr, "mpaudit: %-40s %6.2fs  cpu %6.2fs\n", what, now.Sub(t.last).Seconds(), (cpu - t.cpu).Seconds())
	t.last, t.cpu = now, cpu
}

func (t *tracer) done() {
	if t.on {
		fmt.Fprintf(os.Stderr, "mpaudit: %-40s %6.2fs  cpu %6.2fs\n", "total", time.Since(t.start).Seconds(), (cpuTime() - t.startCPU).Seconds())
	}
}
