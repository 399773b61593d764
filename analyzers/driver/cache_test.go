package driver

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/mpaudit/mpaudit/report"
)

func reportJSON(t *testing.T, rep *report.Report) string {
	t.Helper()
	rep.Finish()
	data, err := json.MarshalIndent(rep, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func appendTo(t *testing.T, path, text string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestCheckCache runs the example provider through the cache: an unchanged
// tree hits and gives exactly the uncached report; editing any input the
// report depends on, or an option, misses; a corrupt entry is ignored.
func TestCheckCache(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the example provider several times")
	}
	dir := filepath.Join(t.TempDir(), "provider")
	if err := os.CopyFS(dir, os.DirFS("../testdata/provider")); err != nil {
		t.Fatal(err)
	}
	opts := Options{Dir: dir, Patterns: []string{"./..."}, CacheDir: filepath.Join(t.TempDir(), "cache")}

	uncached, _, err := run(opts, false)
	if err != nil {
		t.Fatal(err)
	}
	want := reportJSON(t, uncached)
	if len(uncached.Problems) > 0 {
		t.Fatalf("the example provider has problems, nothing would be cached: %+v", uncached.Problems)
	}

	expect := func(step string, wantHit bool) *report.Report {
		t.Helper()
		rep, hit, err := runCached(opts, newTracer())
		if err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		if hit != wantHit {
			t.Fatalf("%s: cache hit = %v, want %v", step, hit, wantHit)
		}
		return rep
	}

	if got := reportJSON(t, expect("first run", false)); got != want {
		t.Fatalf("first cached-mode run differs from the uncached report:\n%s\nwant:\n%s", got, want)
	}
	if got := reportJSON(t, expect("unchanged tree", true)); got != want {
		t.Fatalf("cached report differs from the uncached one:\n%s\nwant:\n%s", got, want)
	}

	edits := []struct{ name, file, text string }{
		{"Go file", "controllers/controllers.go", "\n// edited\n"},
		{"CRD YAML", "config/crd/bases/infrastructure.cluster.x-k8s.io_dockermachinepools.yaml", "\n# edited\n"},
		{"kustomization patch", "config/crd/patches/devmachinepool_labels.yaml", "\n# edited\n"},
		{"go.mod", "go.mod", "\n// edited\n"},
	}
	for _, e := range edits {
		appendTo(t, filepath.Join(dir, e.file), e.text)
		expect("after editing the "+e.name, false)
		expect("unchanged after editing the "+e.name, true)
	}

	opts.CAPIVersion = "v1.12.0"
	expect("other --capi-version", false)
	expect("same --capi-version again", true)

	entries, err := filepath.Glob(filepath.Join(opts.CacheDir, "*.json"))
	if err != nil || len(entries) == 0 {
		t.Fatalf("no cache entries: %v", err)
	}
	for _, e := range entries {
		if err := os.WriteFile(e, []byte(`{"format":"mpaudit check cache v1","key":`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	opts.CAPIVersion = ""
	if got := reportJSON(t, expect("corrupt entry", false)); got == "" {
		t.Fatal("no report")
	}
	expect("after the corrupt entry was replaced", true)
}
