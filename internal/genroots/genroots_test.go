package genroots

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func writeModule(t *testing.T, dir, path string, pkgs ...string) {
	t.Helper()
	files := map[string]string{"go.mod": "module " + path + "\n\ngo 1.22\n"}
	for _, p := range pkgs {
		files[filepath.Join(p, "doc.go")] = "package " + filepath.Base(p) + "\n"
	}
	for name, content := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestOf(t *testing.T) {
	root := t.TempDir()
	mod := filepath.Join(root, "provider")
	writeModule(t, mod, "example.com/provider", "api/v1beta1", "api/v1beta2")
	other := filepath.Join(root, "other")
	writeModule(t, other, "example.com/other", "api/v1")
	v1, v2 := filepath.Join(mod, "api", "v1beta1"), filepath.Join(mod, "api", "v1beta2")

	got := Of(mod, []string{v2, v1, v2})
	if want := []string{"example.com/provider/api/v1beta1", "example.com/provider/api/v1beta2"}; !slices.Equal(got, want) {
		t.Errorf("dirs of one module: got %q, want %q", got, want)
	}
	// The loader must then find each directory on its own.
	for name, dirs := range map[string][]string{
		"another module": {v1, filepath.Join(other, "api", "v1")},
		"no package":     {v1, filepath.Join(mod, "api")},
		"one directory":  {v1},
	} {
		if got := Of(mod, dirs); !slices.Equal(got, dirs) {
			t.Errorf("%s: got %q, want the directories %q", name, got, dirs)
		}
	}
}
