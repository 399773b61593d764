package rewrite

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/mpaudit/mpaudit/analyzers/driver"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// stage is a scratch copy of the provider where the rewrite is built and
// checked before anything real is touched: the module, and the modules of
// the same repository it joins into one provider (an api/go.mod it
// replaces by ./api, contract.ProviderModules), in their relative layout.
type stage struct {
	root string // the real module root
	dir  string // the copy of the module root
	// top is the real directory the copy mirrors (contract.RepoRoot),
	// topDir its copy; modules are the real roots of the staged modules,
	// root first.
	top, topDir string
	modules     []string
	// deps are the modules of the repository that use the provider's
	// through a local replace (dependents.go), staged beside them; graph
	// lists the provider's packages for them.
	deps  []*dependent
	graph *packageGraph
	// outside maps a path relative to the root to the file or directory outside the
	// module that the real tree links to there. The copy builds with the
	// same content, but the rewrite never edits it.
	outside map[string]string
	// ctx ends the run (Options.Context); nil is never.
	ctx context.Context
	// gen is how the provider's generators run (its pinned versions).
	gen *generators
	// crdBase holds the CRD files (canonical staged paths) a new API
	// version was added to, as added: the CRD regeneration proves and
	// edits their schemas from these, not from the real files, which
	// lack the version; newVersions maps such a version to the one it
	// was copied from, by group.
	crdBase     map[string][]byte
	newVersions map[string][2]string
}

// context is what ends the run's commands and loads.
func (s *stage) context() context.Context {
	if s.ctx == nil {
		return context.Background()
	}
	return s.ctx
}

// interrupted is ErrInterrupted once the run's context has ended, for the
// steps between commands to stop at.
func (s *stage) interrupted() error {
	if s.context().Err() != nil {
		return ErrInterrupted
	}
	return nil
}

// wait waits until each channel is closed, or is ErrInterrupted as soon as
// the run's context ends: a generator run in process cannot stop midway
// (controller-tools type-checks on its own), and what it computes in
// memory is dropped then (mpaudit rewrite gives it a private TMPDIR).
func (s *stage) wait(done ...<-chan struct{}) error {
	for _, d := range done {
		select {
		case <-d:
		case <-s.context().Done():
			return ErrInterrupted
		}
	}
	return s.interrupted()
}

// async runs f in a goroutine of its own and closes the channel it
// returns when f returns.
func async(f func()) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	return done
}

// newStage copies the provider's modules (minus .git, other modules and
// build output) and makes their go.mod's relative replace directives
// absolute, except those between staged modules, so the copy resolves the
// same dependencies from elsewhere on disk.
func newStage(root string) (*stage, error) {
	dir, err := os.MkdirTemp("", "mpaudit-rewrite-")
	if err != nil {
		return nil, err
	}
	top, modules := contract.ProviderModules(root)
	if len(modules) == 0 {
		top, modules = root, []string{root}
	}
	rel, _ := filepath.Rel(top, root)
	s := &stage{root: root, dir: filepath.Join(dir, rel), top: top, topDir: dir, modules: modules, outside: map[string]string{}}
	s.deps = findDependents(top, root, modules)
	staged := s.allMods()
	// Outside a repository the modules may be checkouts side by side in a
	// larger directory: only the modules and the directories leading to
	// them are copied then, not everything beside them.
	unbounded := contract.RepoBound(root) == ""
	var links []string
	err = filepath.WalkDir(top, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(top, path)
		if d.IsDir() {
			if rel != "." {
				switch d.Name() {
				case ".git", "node_modules", "_out", "bin":
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && !slices.Contains(staged, path) {
					return filepath.SkipDir // another module
				}
				if unbounded && !slices.ContainsFunc(staged, func(m string) bool {
					_, inside := within(m, path)
					_, leads := within(path, m)
					return inside || leads
				}) {
					return filepath.SkipDir
				}
			}
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		if d.Type()&fs.ModeSymlink != 0 {
			links = append(links, rel)
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		return copyFile(path, filepath.Join(dir, rel))
	})
	// Links are made once every file they may point to is staged.
	for _, rel := range links {
		if err != nil {
			break
		}
		err = s.stageLink(rel)
	}
	for _, m := range staged {
		if err != nil {
			break
		}
		err = s.absolutizeReplaces(m)
	}
	if err != nil {
		s.remove()
		return nil, fmt.Errorf("staging a copy of %s: %w", root, err)
	}
	return s, nil
}

// remove deletes the copy; with MPAUDIT_TRACE=keep it stays for a look
// at what the run left, and stderr names it.
func (s *stage) remove() {
	if os.Getenv("MPAUDIT_TRACE") == "keep" {
		// Out of the process's temporary directory, which goes at exit.
		kept := filepath.Join(cmp.Or(outerTemp, os.TempDir()), "mpaudit-kept-"+filepath.Base(s.stagedTop()))
		if err := os.Rename(s.stagedTop(), kept); err == nil {
			fmt.Fprintf(os.Stderr, "mpaudit: the staged copy stays at %s\n", kept)
			return
		}
	}
	os.RemoveAll(s.stagedTop())
}

// stagedTop and realTop are the copy's top directory and the real one it
// mirrors; mods the real roots of the staged modules. A stage made without
// newStage (tests) holds the module alone.
func (s *stage) stagedTop() string {
	if s.topDir == "" {
		return s.dir
	}
	return s.topDir
}

func (s *stage) realTop() string {
	if s.top == "" {
		return s.root
	}
	return s.top
}

func (s *stage) mods() []string {
	if len(s.modules) == 0 {
		return []string{s.root}
	}
	return s.modules
}

// allMods are mods and the dependents' real roots: every staged module.
func (s *stage) allMods() []string {
	out := slices.Clone(s.mods())
	for _, d := range s.deps {
		out = append(out, d.real)
	}
	return out
}

// stageLink reproduces the symbolic link at rel so that the copy compiles
// what the real tree compiles: a link into the module points at the staged
// target, so edits land on the file the link names; a link out of the
// module keeps its content (a copy of a file, a link to a directory) and is
// recorded in outside.
func (s *stage) stageLink(rel string) error {
	real, staged := filepath.Join(s.realTop(), rel), filepath.Join(s.stagedTop(), rel)
	target, err := filepath.EvalSymlinks(real)
	if err != nil {
		// A dangling link breaks the real build too; keep it as it is.
		text, rerr := os.Readlink(real)
		if rerr != nil {
			return rerr
		}
		return os.Symlink(text, staged)
	}
	realRoot, err := filepath.EvalSymlinks(s.realTop())
	if err != nil {
		return err
	}
	if inRel, ok := within(realRoot, target); ok {
		// Inside the module, unless the target was not staged (.git, a
		// nested module, build output).
		if _, err := os.Lstat(filepath.Join(s.stagedTop(), inRel)); err == nil {
			return os.Symlink(filepath.Join(s.stagedTop(), inRel), staged)
		}
	}
	s.outside[rel] = target
	fi, err := os.Stat(target)
	if err != nil {
		return err
	}
	if fi.Mode().IsRegular() {
		return copyFile(target, staged)
	}
	return os.Symlink(target, staged)
}

// within reports path relative to dir when it lies inside dir.
func within(dir, path string) (string, bool) {
	rel, err := filepath.Rel(dir, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return rel, true
}

// canonical maps a staged path to the staged file that holds its content,
// following links, so that a file reached through a link is edited once,
// under its own name. A path whose content lies outside the module is an
// error naming the link: mpaudit does not edit files outside the module.
func (s *stage) canonical(path string) (string, error) {
	stageReal, err := filepath.EvalSymlinks(s.stagedTop())
	if err != nil {
		return "", err
	}
	// The path as given, relative to the copy (go list may name it through
	// the copy's resolved directory).
	given, ok := within(s.stagedTop(), path)
	if !ok {
		given, ok = within(stageReal, path)
	}
	if ok {
		for link, target := range s.outside {
			if given == link || strings.HasPrefix(given, link+string(filepath.Separator)) {
				return "", s.refuse(link, target)
			}
		}
	}
	// The nearest existing ancestor decides where a new file would land.
	existing, rest := path, ""
	for {
		if _, err := os.Lstat(existing); err == nil {
			break
		}
		parent := filepath.Dir(existing)
		if parent == existing {
			return path, nil
		}
		rest = filepath.Join(filepath.Base(existing), rest)
		existing = parent
	}
	resolved, err := filepath.EvalSymlinks(existing)
	if err != nil {
		return "", err
	}
	rel, ok := within(stageReal, filepath.Join(resolved, rest))
	if !ok {
		return "", fmt.Errorf("%s resolves to %s, outside the module; mpaudit does not edit it, so nothing was written", filepath.ToSlash(given), resolved)
	}
	if target, ok := s.outside[rel]; ok {
		return "", s.refuse(rel, target)
	}
	return filepath.Join(s.stagedTop(), rel), nil
}

func (s *stage) refuse(link, target string) error {
	return fmt.Errorf("%s is a symbolic link to %s, outside the module; mpaudit does not edit files outside the module, so nothing was written", filepath.ToSlash(link), target)
}

// canonicalFixes names every edit's file by its canonical staged path.
func (s *stage) canonicalFixes(fixes []driver.Fix) ([]driver.Fix, error) {
	out := make([]driver.Fix, 0, len(fixes))
	for _, fx := range fixes {
		edits := make([]report.Edit, len(fx.Edits))
		for i, e := range fx.Edits {
			file, err := s.canonical(e.File)
			if err != nil {
				return nil, err
			}
			e.File = file
			edits[i] = e
		}
		fx.Edits = edits
		out = append(out, fx)
	}
	return out, nil
}

// writeFile writes a staged file through canonical, so that no write
// follows a link out of the copy, and returns the path it wrote.
func (s *stage) writeFile(path string, content []byte) (string, error) {
	path, err := s.canonical(path)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", err
	}
	return path, os.WriteFile(path, content, 0o644)
}

// path maps a real file path into the copy.
func (s *stage) path(real string) string {
	rel, err := filepath.Rel(s.root, real)
	if err != nil {
		return real
	}
	return filepath.Join(s.dir, rel)
}

// rel names a staged path relative to the module root, whether or not
// the tool that gave it resolved the copy's symbolic links (../ for a
// staged module beside or above it).
func (s *stage) rel(staged string) string {
	for _, dir := range []string{s.dir, resolvedDir(s.dir)} {
		if rel, ok := within(dir, staged); ok {
			return rel
		}
	}
	for _, top := range []string{s.stagedTop(), resolvedDir(s.stagedTop())} {
		if _, ok := within(top, staged); ok {
			if rel, err := filepath.Rel(resolvedDir(s.dir), resolvedDir(staged)); err == nil {
				return rel
			}
		}
	}
	return staged
}

// real maps a staged path back.
func (s *stage) real(staged string) string {
	rel, err := filepath.Rel(s.dir, staged)
	if err != nil {
		return staged
	}
	return filepath.Join(s.root, rel)
}

// absolutizeReplaces makes the relative directory replaces of the staged
// module whose real root is module absolute, except those naming another
// staged module, which resolve in the copy as in the real tree.
func (s *stage) absolutizeReplaces(module string) error {
	return editGoMod(filepath.Join(s.path(module), "go.mod"), func(f *modfile.File) (bool, error) {
		changed := false
		for _, r := range f.Replace {
			if !modfile.IsDirectoryPath(r.New.Path) || filepath.IsAbs(r.New.Path) {
				continue
			}
			target := filepath.Join(module, r.New.Path)
			if slices.Contains(s.allMods(), target) {
				continue
			}
			if err := f.AddReplace(r.Old.Path, r.Old.Version, target, ""); err != nil {
				return false, err
			}
			changed = true
		}
		return changed, nil
	})
}

// editGoMod parses a go.mod, lets edit change it, and writes it back
// formatted when edit reports a change.
func editGoMod(path string, edit func(*modfile.File) (bool, error)) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	f, err := modfile.Parse(path, data, nil)
	if err != nil {
		return err
	}
	changed, err := edit(f)
	if err != nil || !changed {
		return err
	}
	f.Cleanup()
	out, err := f.Format()
	if err != nil {
		return err
	}
	return os.WriteFile(path, out, 0o644)
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
