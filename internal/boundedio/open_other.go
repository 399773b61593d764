//go:build !unix

package boundedio

import "os"

// openNonBlocking opens path for reading; the Stat checks around it refuse
// what is not a regular file.
func openNonBlocking(path string) (*os.File, error) {
	return os.Open(path)
}
