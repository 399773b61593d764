//go:build !unix

package rewrite

import "time"

// cpuTime is not measured here; the trace shows 0.
func cpuTime() time.Duration { return 0 }
