package contract

import (
	"path/filepath"
	"slices"
	"testing"
)

// The repository root of a module replaced by a local directory is its
// replacer's directory, from either module; a .git bounds it, and a
// module nobody replaces is its own root.
func TestRepoRoot(t *testing.T) {
	dir, _ := filepath.EvalSymlinks(t.TempDir())
	repo := filepath.Join(dir, "repo")
	writeFile(t, filepath.Join(repo, "go.mod"), "module example.com/p\n\ngo 1.26.0\n\nrequire example.com/p/api v0.0.0\n\nreplace example.com/p/api => ./api\n")
	writeFile(t, filepath.Join(repo, "api", "go.mod"), "module example.com/p/api\n\ngo 1.26.0\n")
	writeFile(t, filepath.Join(repo, "test", "go.mod"), "module example.com/p/test\n\ngo 1.26.0\n\nreplace example.com/p => ../\n")
	writeFile(t, filepath.Join(repo, "tools", "go.mod"), "module example.com/p/tools\n\ngo 1.26.0\n")
	for from, want := range map[string]string{
		repo:                                  repo,
		filepath.Join(repo, "api", "v1beta2"): repo,
		filepath.Join(repo, "test", "e2e"):    repo,
		filepath.Join(repo, "tools"):          filepath.Join(repo, "tools"),
	} {
		if got := RepoRoot(from); got != want {
			t.Errorf("RepoRoot(%s) = %s, want %s", from, got, want)
		}
	}
	// The modules joined into one provider, the module at dir first.
	for from, want := range map[string][]string{
		repo:                               {repo, filepath.Join(repo, "api")},
		filepath.Join(repo, "api"):         {filepath.Join(repo, "api"), repo},
		filepath.Join(repo, "test", "e2e"): {filepath.Join(repo, "test"), repo, filepath.Join(repo, "api")},
		filepath.Join(repo, "tools"):       {filepath.Join(repo, "tools")},
	} {
		if _, got := ProviderModules(from); !slices.Equal(got, want) {
			t.Errorf("ProviderModules(%s) = %v, want %v", from, got, want)
		}
	}
	if got := LocalReplaces(filepath.Join(repo, "go.mod")); len(got) != 1 || got[0].Path != "example.com/p/api" || got[0].Dir != filepath.Join(repo, "api") {
		t.Errorf("LocalReplaces = %+v", got)
	}
	// Outside the repository's .git a replace is another repository's.
	writeFile(t, filepath.Join(repo, ".git", "HEAD"), "ref: refs/heads/main\n")
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/outer\n\ngo 1.26.0\n\nreplace example.com/p => ./repo\n")
	if got := RepoRoot(filepath.Join(repo, "api")); got != repo {
		t.Errorf("RepoRoot crosses the .git: %s", got)
	}
}
