package baseline

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/internal/boundedio/boundedtest"
)

// A baseline that is a FIFO or a device is refused at once, never read.
func TestReadRefusesNonRegular(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "mpaudit-baseline.json")
	boundedtest.FIFO(t, fifo)
	for path, what := range map[string]string{fifo: "named pipe", "/dev/zero": "device"} {
		var err error
		boundedtest.Run(t, func() { _, err = Read(path) })
		if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), what) {
			t.Errorf("Read(%s): err = %v, want one naming it and saying %q", path, err, what)
		}
	}
}
