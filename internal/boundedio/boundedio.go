// Package boundedio reads the YAML and JSON files mpaudit is given
// (config/crd and everything kustomize reads there, live dumps,
// .mpaudit.yaml, baselines) within limits, so that hostile or broken input
// fails fast with an error naming the file instead of exhausting memory,
// running for minutes or blocking.
//
// Three limits apply:
//   - size: a file larger than MaxSize bytes is refused before it is read
//     in full;
//   - kind: only regular files are read; a FIFO or a device is refused
//     before it is opened for reading, and the open never blocks;
//   - shape: YAML whose aliases would expand to more than
//     MaxAliasExpansion extra nodes (a "billion laughs" bomb), or whose
//     mappings are so large that decoders comparing every pair of keys
//     would run for minutes, is refused before any decoder sees it.
package boundedio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"sync/atomic"

	"k8s.io/apimachinery/pkg/api/resource"
)

// DefaultMaxSize is the default limit on the size of one input file.
const DefaultMaxSize int64 = 16 << 20

// SizeFlag is the flag that raises MaxSize, named in errors.
const SizeFlag = "--max-input-size"

var maxSize atomic.Int64

func init() { maxSize.Store(DefaultMaxSize) }

// MaxSize is the limit on the size of one input file, in bytes.
func MaxSize() int64 { return maxSize.Load() }

// SetMaxSize changes the limit for the whole process (the commands set it
// from SizeFlag before reading anything). n must be positive.
func SetMaxSize(n int64) {
	if n > 0 {
		maxSize.Store(n)
	}
}

// FormatSize writes n as ParseSize reads it ("16Mi").
func FormatSize(n int64) string {
	return resource.NewQuantity(n, resource.BinarySI).String()
}

// ParseSize reads a size as a byte count or a Kubernetes quantity
// ("16Mi", "100M", "1Gi").
func ParseSize(s string) (int64, error) {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		if n <= 0 {
			return 0, fmt.Errorf("size %q must be positive", s)
		}
		return n, nil
	}
	q, err := resource.ParseQuantity(s)
	if err != nil {
		return 0, fmt.Errorf("size %q: want a byte count or a quantity such as 16Mi or 1Gi", s)
	}
	n, ok := q.AsInt64()
	if !ok || n <= 0 {
		return 0, fmt.Errorf("size %q must be a positive whole number of bytes", s)
	}
	return n, nil
}

// LimitError is input refused by a limit. Path names the file.
type LimitError struct {
	Path   string
	Reason string
}

func (e *LimitError) Error() string { return e.Path + ": " + e.Reason }

// IsLimit reports whether err is (or wraps) a LimitError.
func IsLimit(err error) bool {
	_, ok := errors.AsType[*LimitError](err)
	return ok
}

// ReadFile reads a regular file of at most MaxSize bytes. It refuses
// FIFOs, devices, sockets and directories without blocking on them.
func ReadFile(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := regular(path, st); err != nil {
		return nil, err
	}
	limit := MaxSize()
	if st.Size() > limit {
		return nil, tooLarge(path, st.Size(), limit)
	}
	// The file may have been replaced since Stat: a non-blocking open and
	// a second check on the open file keep a FIFO from blocking the read.
	f, err := openNonBlocking(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := regular(path, st); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	if int64(len(data)) > limit {
		return nil, tooLarge(path, int64(len(data)), limit)
	}
	return data, nil
}

func regular(path string, st fs.FileInfo) error {
	if st.Mode().IsRegular() {
		return nil
	}
	what := "not a regular file"
	switch m := st.Mode(); {
	case m.IsDir():
		what = "a directory, not a file"
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe (FIFO), not a regular file"
	case m&fs.ModeDevice != 0:
		what = "a device, not a regular file"
	case m&fs.ModeSocket != 0:
		what = "a socket, not a regular file"
	}
	return &LimitError{Path: path, Reason: what}
}

func tooLarge(path string, size, limit int64) error {
	return &LimitError{Path: path, Reason: fmt.Sprintf("%d bytes or more, over the %d-byte input limit (raise it with %s)", size, limit, SizeFlag)}
}

// ReadYAML reads a file with ReadFile and checks its shape with CheckYAML.
func ReadYAML(path string) ([]byte, error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	if _, err := CheckYAML(path, data); err != nil {
		return nil, err
	}
	return data, nil
}
