package rewrite

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mpaudit/mpaudit/analyzers/driver"
)

// TestLoadFromSourceAuditsAlike: the driver's audit with fixes is the same
// whether packages.Load or loadFromSource loads the module: providers with
// pools, spokes, tests and test variants, and a module with a type error.
func TestLoadFromSourceAuditsAlike(t *testing.T) {
	broken := copyTree(t, "testdata/convprovider")
	if err := os.WriteFile(filepath.Join(broken, "controllers", "broken.go"), []byte("package controllers\n\nvar _ int = \"not an int\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"../analyzers/testdata/provider", "testdata/convprovider", broken} {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			opts := driver.Options{Dir: dir, Patterns: []string{"./..."}, Tests: true, Env: append(os.Environ(), goEnv...)}
			want := auditJSON(t, opts)
			opts.Load = loadFromSource
			got := auditJSON(t, opts)
			if got != want {
				t.Errorf("with loadFromSource:\n%s\nwith packages.Load:\n%s", got, want)
			}
		})
	}
}

func auditJSON(t *testing.T, opts driver.Options) string {
	t.Helper()
	rep, fixes, err := driver.RunFixes(opts)
	if err != nil {
		t.Fatal(err)
	}
	rep.Finish()
	if len(rep.Findings) == 0 && len(rep.Problems) == 0 {
		t.Fatal("nothing found: the comparison would prove nothing")
	}
	var fixList, blocked []string
	for _, f := range fixes.List {
		b, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		fixList = append(fixList, string(b))
	}
	for _, f := range fixes.Blocked {
		b, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		blocked = append(blocked, string(b))
	}
	slices.Sort(fixList)
	slices.Sort(blocked)
	b, err := json.MarshalIndent(struct {
		Report  any
		Fixes   []string
		Blocked []string
	}{rep, fixList, blocked}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
