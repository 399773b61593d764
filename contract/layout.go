package contract

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"
)

// LocalModule is a module a go.mod replaces by a directory of the same
// repository (Cluster API's and metal3's api/ module, replaced by ./api).
type LocalModule struct {
	// Path is the module path the go.mod replaces, Dir the absolute
	// directory of its go.mod.
	Path, Dir string
}

// LocalReplaces lists the replaces of the go.mod at goModPath by a local
// directory that holds a go.mod, inside RepoBound of that go.mod's
// directory (only relative ones when there is no bound). The core's own
// replace is left out: it is the core, not the provider. A go.mod that
// cannot be read has none.
func LocalReplaces(goModPath string) []LocalModule {
	data, err := os.ReadFile(goModPath)
	if err != nil {
		return nil
	}
	f, err := modfile.Parse(goModPath, data, nil)
	if err != nil {
		return nil
	}
	dir := filepath.Dir(goModPath)
	bound := RepoBound(dir)
	var out []LocalModule
	for _, r := range f.Replace {
		if r.Old.Path == CoreModule || !modfile.IsDirectoryPath(r.New.Path) {
			continue
		}
		d := r.New.Path
		if bound == "" && filepath.IsAbs(d) {
			// Without a repository only a relative replace says the module
			// is part of this tree (the rewrite's staged copy names the
			// modules it did not copy by absolute paths).
			continue
		}
		if !filepath.IsAbs(d) {
			d = filepath.Join(dir, d)
		}
		d = filepath.Clean(d)
		if st, err := os.Stat(filepath.Join(d, "go.mod")); err != nil || st.IsDir() || !within(bound, d) {
			continue
		}
		if !slices.ContainsFunc(out, func(m LocalModule) bool { return m.Path == r.Old.Path }) {
			out = append(out, LocalModule{Path: r.Old.Path, Dir: d})
		}
	}
	return out
}

// RepoBound is the nearest directory at or above dir holding a .git (a
// repository's top), else "" (no bound below the filesystem root).
func RepoBound(dir string) string {
	d, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// RepoRoot is where a provider's config/crd and metadata.yaml are searched
// up to: the outermost directory of the module at or above dir, the
// modules it replaces by a local directory and the modules above it that
// so replace it (transitively), never above RepoBound. A provider whose
// API types are a module of their own (api/go.mod) is one provider with
// its root module: from api/ the CRDs under the root's config/crd are its
// own. Without a go.mod it is dir.
func RepoRoot(dir string) string {
	root, _ := ProviderModules(dir)
	return root
}

// ProviderModules is RepoRoot of dir and the directories of the modules
// it joins into one provider: the module at or above dir first, then the
// modules it replaces by a local directory and those above that so replace
// it, transitively. Without a go.mod it is dir and no module.
func ProviderModules(dir string) (root string, modules []string) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir, nil
	}
	gm, ok := FindGoMod(abs)
	if !ok {
		return abs, nil
	}
	start := filepath.Dir(gm)
	bound := RepoBound(start)
	root = start
	seen := map[string]bool{start: true}
	modules = []string{start}
	queue := []string{start}
	for len(queue) > 0 {
		m := queue[0]
		queue = queue[1:]
		var next []string
		for _, lm := range LocalReplaces(filepath.Join(m, "go.mod")) {
			next = append(next, lm.Dir)
		}
		// Modules above m that replace it by their local directory.
		for d := filepath.Dir(m); within(bound, d); d = filepath.Dir(d) {
			if slices.ContainsFunc(LocalReplaces(filepath.Join(d, "go.mod")), func(lm LocalModule) bool { return lm.Dir == m }) {
				next = append(next, d)
			}
			if filepath.Dir(d) == d {
				break
			}
		}
		for _, d := range next {
			if seen[d] {
				continue
			}
			seen[d] = true
			queue = append(queue, d)
			modules = append(modules, d)
			if c := commonDir(root, d); within(bound, c) {
				root = c
			}
		}
	}
	return root, modules
}

// within reports whether d is bound or below it ("" bounds nothing).
func within(bound, d string) bool {
	if bound == "" {
		return true
	}
	rel, err := filepath.Rel(bound, d)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// commonDir is the deepest directory holding both a and b (absolute, clean).
func commonDir(a, b string) string {
	for !within(a, b) {
		parent := filepath.Dir(a)
		if parent == a {
			return a
		}
		a = parent
	}
	return a
}
