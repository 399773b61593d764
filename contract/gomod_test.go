package contract

import (
	"path/filepath"
	"strings"
	"testing"
)

// A replace of the core to a directory go cannot build against is an
// error naming go.mod and the directory, not a guessed core.
func TestTargetFromGoModReplaceToMissingTree(t *testing.T) {
	dir := t.TempDir()
	gm := filepath.Join(dir, "p", "go.mod")
	writeFile(t, gm, "module p\n\ngo 1.26.0\n\nrequire sigs.k8s.io/cluster-api v1.14.2\n\nreplace sigs.k8s.io/cluster-api => ../capi\n")
	missing := filepath.Join(dir, "capi")
	for _, tc := range []struct {
		name, what string
		setup      func()
	}{
		{"missing directory", "does not exist", func() {}},
		{"directory without go.mod", "has no go.mod", func() { writeFile(t, filepath.Join(missing, "README.md"), "not a module\n") }},
	} {
		tc.setup()
		tg, err := TargetFromGoMod(gm)
		if err == nil {
			t.Errorf("%s: no error, target %+v", tc.name, tg)
			continue
		}
		for _, want := range []string{gm, "../capi", missing, tc.what} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%s: error %q does not say %q", tc.name, err, want)
			}
		}
	}
}
