//go:build unix

package boundedio

import (
	"os"
	"syscall"
)

// openNonBlocking opens path for reading; O_NONBLOCK keeps the open of a
// FIFO without a writer from blocking (regular files ignore the flag).
func openNonBlocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
