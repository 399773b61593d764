//go:build unix

package rewrite

import (
	"os/exec"
	"syscall"
	"time"
)

// ownGroup starts cmd in a process group of its own and, when its context
// ends, interrupts the whole group: the go command then removes its work
// directory, and the compilers, vet tools and test binaries it started stop
// with it (killing go alone leaves them running, and a test binary that
// holds the output pipe keeps Wait from returning). What is still running
// after WaitDelay is killed.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGINT) }
	cmd.WaitDelay = 2 * time.Second
}
