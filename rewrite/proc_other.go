//go:build !unix

package rewrite

import (
	"os/exec"
	"time"
)

// ownGroup bounds the wait for cmd's children once its context ends (it
// is killed then).
func ownGroup(cmd *exec.Cmd) { cmd.WaitDelay = 2 * time.Second }
