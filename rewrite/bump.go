package rewrite

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
	"golang.org/x/tools/go/packages"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/config"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/importgroups"
	"github.com/mpaudit/mpaudit/report"
)

// The core bump (Options.BumpCAPI): before the migration, the staged copy's
// requirement on Cluster API is raised with `go get` (the go command and
// its module proxy resolve Kubernetes and controller-runtime for it), and
// the imports of the packages Cluster API moved on the way are rewritten to
// where the same v1beta1 API lives on (contract.GoAPIMoves): the code
// stays on v1beta1, at the new paths. Moving it to v1beta2 is another
// migration. What still does not build (a utility of the new release that
// takes or returns v1beta2 types) is listed at file:line for a person and
// nothing is written: a go.mod bump cannot be withheld.

// coreBump is what the bump did, for the result and the PR body.
type coreBump struct {
	to      string
	modules []*moduleBump
	// moves are the import moves by file (relative to the root).
	moves map[string][]string
	// tidy says why go mod tidy ran ("" when it did not).
	tidy map[string]string
	// manual are the uses of utilities that moved to v1beta2 (switchedUses).
	manual []string
	// codeMoved says the Go API fixes moved files to the v1beta2 types.
	codeMoved bool
	// kept are the files the fixes left on v1beta1 (by their path from the
	// module root) with what kept them: where the raised release's
	// utilities meet them, that is the cause to name.
	kept map[string]string
}

// moduleBump is the bump of one staged module.
type moduleBump struct {
	rel, from string
	// got are the arguments of go get; versions the requirements it
	// changed that the PR body names ("path old → new").
	got, versions []string
	// replaced says which same-path replace was raised with the requirement.
	replaced []string
	staged   string           // the module's copy
	built    contract.Release // the release it built against
}

// lockstepPrefix is the path prefix of the modules Cluster API's
// repository releases with the core module (test, api).
const lockstepPrefix = contract.CoreModule + "/"

// planBump decides the raise of the staged modules' Cluster API
// requirement to version (nil: none requires an older one), refusing what
// the rewrite must not change, before anything else runs.
func planBump(st *stage, version string) (*coreBump, error) {
	if !semver.IsValid(version) || semver.Canonical(version) != version || strings.Count(version, ".") < 2 {
		return nil, fmt.Errorf("--capi-version %s: raising the go.mod requirement needs a release version such as v1.11.3; nothing was written", version)
	}
	b := &coreBump{to: version, moves: map[string][]string{}, tidy: map[string]string{}}
	// The dependents too: their go.sum must hold what the raised
	// requirement brings, and their imports move alike.
	for _, m := range st.allMods() {
		mb, err := planModuleBump(st, m, version)
		if err != nil {
			return nil, err
		}
		if mb != nil {
			b.modules = append(b.modules, mb)
		}
	}
	if len(b.modules) == 0 {
		return nil, nil
	}
	return b, nil
}

// apply raises the requirement and moves the imports; an error stops the
// run with nothing written.
func (b *coreBump) apply(st *stage, cs *changeSet) error {
	for _, mb := range b.modules {
		if err := b.get(st, cs, mb); err != nil {
			return err
		}
	}
	for _, mb := range b.modules {
		if err := b.move(st, cs, mb); err != nil {
			return err
		}
	}
	return nil
}

// raiseError is check's failure, which blames the moves (bumpBlame).
type raiseError struct{ error }

// check builds the raised modules (once the generated code follows the
// changed types) and lists the uses of utilities that switched to v1beta2.
// fixup, when set, runs on each module once its go.mod is tidy, before
// the build.
func (b *coreBump) check(st *stage, cs *changeSet, fixup func(*moduleBump) error) error {
	for _, mb := range b.modules {
		if err := b.tidyIfNeeded(st, cs, mb); err != nil {
			return err
		}
		if fixup != nil {
			if err := fixup(mb); err != nil {
				return err
			}
		}
		if err := b.verify(st, cs, mb); err != nil {
			return err
		}
		dirs, err := moduleDirs(st, mb.staged, append(slices.Clone(mb.got), contract.CoreModule))
		if err != nil {
			return err
		}
		notes, err := b.switchedUses(st, mb, dirs)
		if err != nil {
			return err
		}
		b.manual = append(b.manual, notes...)
	}
	return nil
}

// tidyIfNeeded runs go mod tidy in the raised module when loading its
// packages, tests included, needs it (the moved imports need go.sum
// entries the raise did not fetch).
func (b *coreBump) tidyIfNeeded(st *stage, cs *changeSet, mb *moduleBump) error {
	ctx := st.context()
	out, err := goCmd(ctx, mb.staged, "list", "-test", "-deps", "./...")
	if err == nil || !needsTidy.MatchString(out) {
		return nil // other errors are the build's to report
	}
	why, _, _ := strings.Cut(needsTidy.FindString(out), ", disabled by")
	b.tidy[mb.rel] = strings.TrimSpace(why)
	if tout, terr := goCmd(ctx, mb.staged, "mod", "tidy"); terr != nil {
		return fmt.Errorf("go mod tidy in %s (the build needed it: %s): %v\n%s\nnothing was written", mb.rel, b.tidy[mb.rel], terr, tout)
	}
	cs.mark(filepath.Join(mb.staged, "go.mod"), "go mod tidy")
	cs.mark(filepath.Join(mb.staged, "go.sum"), "go mod tidy")
	return nil
}

// planModuleBump decides the bump of the module whose real root is m: nil
// when it does not require Cluster API or requires version already; an
// error for what the rewrite must not change (a replace by a directory or
// another module, a downgrade).
func planModuleBump(st *stage, m, version string) (*moduleBump, error) {
	gm := filepath.Join(m, "go.mod")
	data, err := os.ReadFile(gm)
	if err != nil {
		return nil, err
	}
	f, err := modfile.Parse(gm, data, nil)
	if err != nil {
		return nil, err
	}
	rel := filepath.ToSlash(st.rel(st.path(gm)))
	if f.Module == nil || f.Module.Mod.Path == contract.CoreModule {
		return nil, nil // Cluster API itself: nothing to raise
	}
	required := map[string]string{}
	for _, r := range f.Require {
		if r.Mod.Path == contract.CoreModule || strings.HasPrefix(r.Mod.Path, lockstepPrefix) {
			required[r.Mod.Path] = r.Mod.Version
		}
	}
	if _, ok := required[contract.CoreModule]; !ok {
		return nil, nil
	}
	mb := &moduleBump{rel: filepath.ToSlash(st.rel(st.path(m))), staged: st.path(m)}
	for _, r := range f.Replace {
		if _, ok := required[r.Old.Path]; !ok {
			continue
		}
		line := fmt.Sprintf("%s:%d: replace %s => %s", rel, r.Syntax.Start.Line, r.Old.Path, strings.TrimSpace(r.New.Path+" "+r.New.Version))
		switch {
		case modfile.IsDirectoryPath(r.New.Path) && sourceTreeOf(m, r.New.Path) == contract.CoreModule:
			// CAPD, KCP, CABPK: the provider lives in Cluster API's own
			// repository and builds against the core beside it.
			return nil, fmt.Errorf("%s: the module builds against Cluster API's own source tree at %s (the same repository), so its %s is whatever that tree is: it moves to %s with that tree (check out %s there, or migrate it with the core's own changes), not by a go.mod raise; run the rewrite without --capi-version to migrate it for the core it builds against, or, to raise it as a provider outside that repository would be, require the released module instead (go mod edit -dropreplace=%s -require=%s@RELEASE with the release that tree is, then go mod tidy) and run the rewrite again; nothing was written",
				line, r.New.Path, r.Old.Path, version, version, r.Old.Path, r.Old.Path)
		case modfile.IsDirectoryPath(r.New.Path):
			return nil, fmt.Errorf("%s: the requirement on %s goes through a local directory, so rewrite cannot raise it to %s; raise it in that tree (or drop the replace) and run the rewrite again; nothing was written", line, r.Old.Path, version)
		case r.New.Path != r.Old.Path:
			return nil, fmt.Errorf("%s: the requirement on %s is replaced by another module, whose %s the rewrite cannot know; change the replace by hand and run the rewrite again; nothing was written", line, r.Old.Path, version)
		}
		required[r.Old.Path] = r.New.Version // what the build uses
		mb.replaced = append(mb.replaced, line)
	}
	mb.from = required[contract.CoreModule]
	switch c := semver.Compare(version, mb.from); {
	case c < 0:
		return nil, fmt.Errorf("%s requires %s %s, newer than --capi-version %s: rewrite does not lower a requirement (to judge the module for an older core without changing go.mod, set $%s or capiVersion in the configuration file); nothing was written",
			rel, contract.CoreModule, mb.from, version, config.EnvCAPIVersion)
	case c == 0:
		return nil, nil
	}
	if _, err := os.Stat(filepath.Join(m, "vendor", "modules.txt")); err == nil {
		return nil, fmt.Errorf("%s: the module vendors its dependencies; raising %s to %s would need go mod vendor, which the rewrite does not run; raise it by hand (go get, go mod vendor) and run the rewrite again; nothing was written", rel, contract.CoreModule, version)
	}
	mb.built = contract.Release(semver.Canonical(mb.from))
	for p := range required {
		mb.got = append(mb.got, p+"@"+version)
	}
	sort.Strings(mb.got)
	return mb, nil
}

// sourceTreeOf is the module path the go.mod of the replace directory dir
// (relative to the module root m) declares, "" when it has none.
func sourceTreeOf(m, dir string) string {
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(m, dir)
	}
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return ""
	}
	return modfile.ModulePath(data)
}

// get runs go get in the staged module, with the modules vX's own go.mod
// joins by a local replace (the api module from v1.14), and records what
// it resolved.
func (b *coreBump) get(st *stage, cs *changeSet, mb *moduleBump) error {
	ctx := st.context()
	target, err := downloadModule(st, mb.staged, contract.CoreModule+"@"+b.to)
	if err != nil {
		return err
	}
	if data, err := os.ReadFile(target.GoMod); err == nil {
		if tf, err := modfile.Parse(target.GoMod, data, nil); err == nil {
			for _, r := range tf.Replace {
				if strings.HasPrefix(r.Old.Path, lockstepPrefix) && modfile.IsDirectoryPath(r.New.Path) {
					mb.got = append(mb.got, r.Old.Path+"@"+b.to)
				}
			}
		}
	}
	slices.Sort(mb.got)
	mb.got = slices.Compact(mb.got)
	gm := filepath.Join(mb.staged, "go.mod")
	before, err := os.ReadFile(gm)
	if err != nil {
		return err
	}
	if len(mb.replaced) > 0 {
		// A replace that pins the same module's version pins the old one
		// past go get: it moves with the requirement.
		err := editGoMod(gm, func(f *modfile.File) (bool, error) {
			for _, r := range slices.Clone(f.Replace) {
				if (r.Old.Path == contract.CoreModule || strings.HasPrefix(r.Old.Path, lockstepPrefix)) && r.New.Path == r.Old.Path {
					if err := f.AddReplace(r.Old.Path, r.Old.Version, r.New.Path, b.to); err != nil {
						return false, err
					}
				}
			}
			return true, nil
		})
		if err != nil {
			return err
		}
	}
	args := append([]string{"get"}, mb.got...)
	if out, err := goCmd(ctx, mb.staged, args...); err != nil {
		return fmt.Errorf("go %s in %s: %v\n%s\nnothing was written", strings.Join(args, " "), mb.rel, err, strings.TrimSpace(out))
	}
	after, err := os.ReadFile(gm)
	if err != nil {
		return err
	}
	mb.versions = requirementChanges(before, after)
	cs.mark(gm, "raise "+contract.CoreModule+" to "+b.to)
	cs.mark(filepath.Join(mb.staged, "go.sum"), "raise "+contract.CoreModule+" to "+b.to)
	return nil
}

// downloadedModule is what go mod download -json says of one module.
type downloadedModule struct {
	Path, Version, Error, GoMod, Dir string
}

// downloadModule downloads path@version through the module proxy; a
// version the proxy does not have is a clear error.
func downloadModule(st *stage, dir, query string) (*downloadedModule, error) {
	// The JSON on standard output says why even when the command fails.
	out, err := goExec(st.context(), dir, nil, "mod", "download", "-json", query).Output()
	var m downloadedModule
	if jerr := json.Unmarshal(out, &m); jerr == nil && m.Error != "" {
		return nil, fmt.Errorf("%s: the go command cannot download it (%s); name a Cluster API release the module proxy has; nothing was written", query, m.Error)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v; nothing was written", query, err)
	}
	return &m, nil
}

// bumpNamed are the requirements the PR body names with their versions.
func bumpNamed(p string) bool {
	return strings.HasPrefix(p, "k8s.io/") || p == "sigs.k8s.io/controller-runtime" || p == contract.CoreModule || strings.HasPrefix(p, lockstepPrefix)
}

// requirementChanges lists the named requirements and the go and
// toolchain lines that changed between two go.mod contents.
func requirementChanges(before, after []byte) []string {
	bf, err1 := modfile.ParseLax("go.mod", before, nil)
	af, err2 := modfile.ParseLax("go.mod", after, nil)
	if err1 != nil || err2 != nil {
		return nil
	}
	old := map[string]string{}
	for _, r := range bf.Require {
		old[r.Mod.Path] = r.Mod.Version
	}
	var out []string
	for _, r := range af.Require {
		if bumpNamed(r.Mod.Path) && old[r.Mod.Path] != r.Mod.Version {
			from := old[r.Mod.Path]
			if from == "" {
				from = "(new)"
			}
			out = append(out, fmt.Sprintf("%s %s → %s", r.Mod.Path, from, r.Mod.Version))
		}
	}
	sort.Strings(out)
	line := func(name string, f *modfile.File) string {
		switch {
		case name == "go" && f.Go != nil:
			return f.Go.Version
		case name == "toolchain" && f.Toolchain != nil:
			return f.Toolchain.Name
		}
		return ""
	}
	for _, name := range []string{"go", "toolchain"} {
		if o, n := line(name, bf), line(name, af); o != n {
			out = append(out, fmt.Sprintf("%s directive %s → %s", name, cmp.Or(o, "(none)"), cmp.Or(n, "(none)")))
		}
	}
	return out
}

// move rewrites, in every Go file of the staged module, the imports of the
// packages the bump crosses a move of, where the new release has the new
// path.
func (b *coreBump) move(st *stage, cs *changeSet, mb *moduleBump) error {
	dirs, err := moduleDirs(st, mb.staged, append(slices.Clone(mb.got), contract.CoreModule))
	if err != nil {
		return err
	}
	moves := map[string]string{}
	for _, mv := range contract.GoAPIMoves() {
		if mv.Applies(mb.built, contract.Release(b.to)) && hasPackage(dirs, mv.To) {
			moves[mv.From] = mv.To
		}
	}
	return filepath.WalkDir(mb.staged, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != mb.staged {
				name := d.Name()
				if name == "vendor" || name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
					return filepath.SkipDir // another module
				}
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || d.Type()&fs.ModeSymlink != 0 {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out, done, err := moveImports(p, src, movesFor(src, moves))
		if err != nil {
			return err
		}
		out, renamed := renameSymbols(p, out, mb.built, contract.Release(b.to))
		out, adapted := adaptCalls(p, out, mb.built, contract.Release(b.to))
		if len(done) == 0 && len(renamed) == 0 && len(adapted) == 0 {
			return nil
		}
		staged, err := st.writeFile(p, out)
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(st.rel(staged))
		for _, d := range done {
			cs.mark(staged, "move "+d+" (Cluster API "+b.to+" keeps the v1beta1 API there)")
			b.moves[rel] = append(b.moves[rel], d)
		}
		for _, d := range renamed {
			cs.mark(staged, "rename "+d+" (Cluster API "+b.to+" renamed it)")
			b.moves[rel] = append(b.moves[rel], d)
		}
		for _, d := range adapted {
			cs.mark(staged, d)
			b.moves[rel] = append(b.moves[rel], d)
		}
		return nil
	})
}

// movesFor are the moves of a file: one the fixes moved to the v1beta2 Go
// API for the raised release keeps util/patch, which takes v1beta2
// objects there (the move blocks on the owned-conditions option whose
// types changed), and util/conditions, which the move named for the
// v1beta2 condition utilities (it blocks on the v1beta1 ones).
func movesFor(src []byte, moves map[string]string) map[string]string {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ImportsOnly)
	if err != nil {
		return moves
	}
	for _, spec := range f.Imports {
		if p, err := strconv.Unquote(spec.Path.Value); err == nil && p == contract.PkgClusterV1 {
			out := maps.Clone(moves)
			delete(out, contract.PkgPatch)
			delete(out, contract.PkgConditions)
			return out
		}
	}
	return moves
}

// moduleDirs maps the module paths of the queries (path@version) to their
// directories in the module cache, as the staged module resolves them.
func moduleDirs(st *stage, dir string, queries []string) (map[string]string, error) {
	var paths []string
	for _, q := range queries {
		p, _, _ := strings.Cut(q, "@")
		paths = append(paths, p)
	}
	slices.Sort(paths)
	paths = slices.Compact(paths)
	out, err := goOutput(st.context(), dir, nil, append([]string{"list", "-m", "-json"}, paths...)...)
	if err != nil {
		return nil, err
	}
	dirs := map[string]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var m struct{ Path, Dir string }
		if err := dec.Decode(&m); err != nil {
			return nil, err
		}
		if m.Dir != "" {
			dirs[m.Path] = m.Dir
		}
	}
	return dirs, nil
}

// hasPackage reports whether the package at importPath has Go files in the
// module of dirs that holds it (the longest path prefix).
func hasPackage(dirs map[string]string, importPath string) bool {
	dir := packageDir(dirs, importPath)
	if dir == "" {
		return false
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	return slices.ContainsFunc(entries, func(e fs.DirEntry) bool {
		return strings.HasSuffix(e.Name(), ".go") && !strings.HasSuffix(e.Name(), "_test.go")
	})
}

// moveImports rewrites the import paths of src by moves, keeping each
// import's local name. Two imports that become one path (api/v1beta1 and
// exp/api/v1beta1) merge into the first: the second's uses take its name.
// A file gofmt leaves as it is gets its import groups sorted again.
func moveImports(name string, src []byte, moves map[string]string) ([]byte, []string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.ImportsOnly)
	if err != nil {
		return nil, nil, nil // go build reports it as before
	}
	var edits []splice
	var done []string
	// The import each path keeps: one already at the path, else the moved
	// one whose old path shares most with it (api/v1beta1 over
	// exp/api/v1beta1 for api/core/v1beta1).
	keep := map[string]*ast.ImportSpec{}
	best := map[string]int{}
	for _, spec := range f.Imports {
		if l := localName(spec, ""); l == "_" || l == "." {
			continue
		}
		p, _ := strconv.Unquote(spec.Path.Value)
		to, n := p, len(p)+1
		if t, ok := moves[p]; ok {
			to, n = t, commonPrefix(p, t)
		}
		if _, ok := keep[to]; !ok || n > best[to] {
			keep[to], best[to] = spec, n
		}
	}
	renames := map[string]string{} // local name -> the name it merges into
	for _, spec := range f.Imports {
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			continue
		}
		to, ok := moves[p]
		if !ok {
			continue
		}
		local := localName(spec, p)
		done = append(done, p+" → "+to)
		if k := keep[to]; k != nil && k != spec && local != "_" && local != "." {
			if first := localName(k, to); first != local {
				renames[local] = first
			}
			continue // dropped below, once its uses are renamed
		}
		text := strconv.Quote(to)
		if spec.Name == nil && path.Base(p) != path.Base(to) {
			text = path.Base(p) + " " + text
		}
		edits = append(edits, splice{fset.Position(spec.Path.Pos()).Offset, fset.Position(spec.Path.End()).Offset, text})
	}
	if len(done) == 0 {
		return src, nil, nil
	}
	out, err := applySplices(src, edits)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(renames) > 0 || hasDuplicateImports(out) {
		if out, err = mergeImports(name, out, renames); err != nil {
			return nil, nil, err
		}
	}
	if formatted, err := format.Source(src); err == nil && bytes.Equal(formatted, src) {
		if sorted, err := sortImports(name, out); err == nil {
			out = sorted
		}
	}
	return out, done, nil
}

// localName is the name a file refers to the import by; p is the path
// to guess it from when the import names none ("" for the spec's own).
func localName(spec *ast.ImportSpec, p string) string {
	if n := importgroups.Name(spec); n != "" {
		return n
	}
	if p == "" {
		p, _ = strconv.Unquote(spec.Path.Value)
	}
	return importgroups.GuessName(p)
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// hasDuplicateImports reports whether src imports one path twice.
func hasDuplicateImports(src []byte) bool {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ImportsOnly)
	if err != nil {
		return false
	}
	seen := map[string]bool{}
	for _, s := range f.Imports {
		if seen[s.Path.Value] {
			return true
		}
		seen[s.Path.Value] = true
	}
	return false
}

// mergeImports renames the package references of renames (an identifier
// that no declaration in the file resolves) and drops the imports left
// unused.
func mergeImports(name string, src []byte, renames map[string]string) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	var edits []splice
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok && id.Obj == nil {
			if to, ok := renames[id.Name]; ok {
				off := fset.Position(id.Pos()).Offset
				edits = append(edits, splice{off, off + len(id.Name), to})
			}
		}
		return true
	})
	out, err := applySplices(src, edits)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	seen := map[string]string{}
	return importgroups.DropUnused(name, out, func(local, p string) bool {
		if _, ok := renames[local]; ok {
			return true
		}
		// The same path imported twice under one name: the second goes.
		if seen[p] == local {
			return true
		}
		seen[p] = local
		return false
	})
}

// sortImports sorts each import group as gofmt -s and goimports do.
func sortImports(name string, src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	ast.SortImports(fset, f)
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// verify builds and vets the staged module after the bump and the moves;
// go mod tidy runs first only when the build needs it (go get records
// sums for what it resolved, not for every package the module's tests
// import).
func (b *coreBump) verify(st *stage, cs *changeSet, mb *moduleBump) error {
	ctx := st.context()
	out, err := goCmd(ctx, mb.staged, "vet", "./...")
	if err == nil {
		out, err = goCmd(ctx, mb.staged, "build", "./...")
	}
	if err == nil {
		return nil
	}
	// Every error of each package, not the compiler's first ten, and of
	// the packages that import a failing one, which go build leaves.
	if full, ferr := goCmd(ctx, mb.staged, "build", "-gcflags=-e", "./..."); ferr != nil && len(compileErrors(full)) > 0 {
		out = full + "\n" + out
	}
	out += "\n" + typeErrors(st, mb.staged)
	errs := compileErrors(out)
	if len(errs) == 0 {
		return fmt.Errorf("after raising %s to %s the module %s does not build, so nothing was written:\n%s", contract.CoreModule, b.to, mb.rel, strings.TrimSpace(out))
	}
	var lines []string
	places := 0
	deps := map[string][]string{} // module@version -> its errors
	named := map[string]bool{}
	for _, e := range errs {
		if !filepath.IsAbs(e) {
			lines = append(lines, "  "+filepath.ToSlash(filepath.Join(mb.rel, e)))
			places++
			// A utility whose signature changed: what its caller must do.
			if parts := strings.SplitN(e, ":", 3); len(parts) == 3 {
				if n, err := strconv.Atoi(parts[1]); err == nil {
					for _, note := range signatureNotes(filepath.Join(mb.staged, parts[0]), n, mb.built, contract.Release(b.to)) {
						lines = append(lines, "    → "+note)
					}
				}
			}
			// Once per file: why the fixes kept it on v1beta1.
			file, _, _ := strings.Cut(filepath.ToSlash(filepath.Join(mb.rel, e)), ":")
			if blockers, ok := b.kept[file]; ok && !named[file] {
				named[file] = true
				first, more := firstBlocker(file, blockers)
				note := "    → " + path.Base(file) + " stayed on v1beta1, as its move to v1beta2 is not mechanical: " + first
				if more > 0 {
					note += fmt.Sprintf(" (and %d more)", more)
				}
				lines = append(lines, note)
			}
		} else if dep := cachedModule(e); dep != "" {
			deps[dep] = append(deps[dep], e)
		} else {
			lines = append(lines, "  "+e)
			places++
		}
	}
	where := "the module"
	if mb.rel != "." {
		where = "the module " + mb.rel
	}
	var msg strings.Builder
	fmt.Fprintf(&msg, "after raising %s %s → %s and moving the imports to where the v1beta1 API lives on (in %d file(s)), %s does not build, so nothing was written.",
		contract.CoreModule, mb.from, b.to, len(b.moves), where)
	for _, dep := range sortedKeys(deps) {
		fmt.Fprintf(&msg, "\nThe dependency %s does not build against Cluster API %s (it was built for an older one): raise it to a release built for %s (go get), then run the rewrite again:\n  %s",
			dep, b.to, b.to, strings.Join(deps[dep], "\n  "))
	}
	if len(lines) > 0 {
		fmt.Fprintf(&msg, "\n%d place(s) of the module use a utility whose Cluster API %s signature takes or returns the v1beta2 types (or an API the release removed): change them by hand (or move the code to v1beta2) and run the rewrite again "+
			"(as the type checker sees them with the failing packages' types as far as they go: fixing some may show more):\n%s", places, b.to, strings.Join(lines, "\n"))
	}
	return &bumpBuildError{msg: msg.String(), places: places, to: b.to}
}

// bumpBuildError is the build failing after the raise, with its places
// in the module.
type bumpBuildError struct {
	msg, to string
	places  int
}

func (e *bumpBuildError) Error() string { return e.msg }

// unconverged is the error of a run that failed again after withholding
// the units an earlier verification blamed. For a raise whose build failed
// with every move planned (first) and again after withholding the moves it
// blamed (last), the moves stay together, so the places of the first
// failure are those to change by hand, however many fewer the later ones
// are: they are where the withheld code meets the raised release.
// Otherwise the last error stands, followed by what was withheld and why,
// since that is where the failure started.
func unconverged(first, last error, withheld []WithheldUnit) error {
	var fb, lb *bumpBuildError
	if errors.As(first, &fb) && errors.As(last, &lb) && fb != lb && fb.places > 0 {
		var names []string
		for _, u := range withheld {
			names = append(names, shortType(u.Type))
		}
		return fmt.Errorf("%s\nWithholding the moves the builds blamed (%s) left %d place(s) failing instead, where the code kept on v1beta1 meets Cluster API %s utilities: the moves stay together, so change the places above (files that reach the moved declarations from another package, say) and run the rewrite again",
			fb.msg, strings.Join(names, ", "), lb.places, lb.to)
	}
	if len(withheld) == 0 || last == first {
		return last
	}
	var lines []string
	for _, u := range withheld {
		for l := range strings.SplitSeq(u.String(), "\n") {
			lines = append(lines, "  "+l)
		}
	}
	// The first failure's output, once: the rest mostly follow from it.
	if i := slices.IndexFunc(withheld, func(u WithheldUnit) bool { return u.Output != "" }); i >= 0 {
		lines = append(lines, "The first of them failed with:")
		for l := range strings.SplitSeq(withheld[i].Output, "\n") {
			lines = append(lines, "    "+l)
		}
	}
	return fmt.Errorf("%w\nEarlier rounds withheld, each with what failed:\n%s", last, strings.Join(lines, "\n"))
}

// cachedModule is module@version of a file in the module cache, "" for a
// file elsewhere.
func cachedModule(errLine string) string {
	cache := os.Getenv("GOMODCACHE")
	if cache == "" {
		out, err := exec.Command("go", "env", "GOMODCACHE").Output()
		if err != nil {
			return ""
		}
		cache = strings.TrimSpace(string(out))
	}
	rel, ok := within(cache, strings.SplitN(errLine, ":", 2)[0])
	if !ok {
		return ""
	}
	parts := strings.Split(filepath.ToSlash(rel), "/")
	for i, part := range parts {
		if last, version, ok := strings.Cut(part, "@"); ok {
			esc := strings.Join(append(slices.Clone(parts[:i]), last), "/")
			if p, err := module.UnescapePath(esc); err == nil {
				return p + "@" + version
			}
		}
	}
	return ""
}

var (
	needsTidy = regexp.MustCompile(`missing go\.sum entry[^\n]*|updates to go\.mod needed[^\n]*`)
)

// compileErrors are the file:line: message lines of go build and go vet
// output, the first message of each line once, by file and line.
func compileErrors(out string) []string {
	type at struct {
		file string
		line int
		msg  string
	}
	var errs []at
	seen := map[string]bool{}
	for _, m := range errorPos.FindAllStringSubmatch(out, -1) {
		line, _ := strconv.Atoi(m[2])
		key := filepath.Clean(m[1]) + ":" + m[2]
		if strings.HasPrefix(m[3], "too many errors") || seen[key] {
			continue
		}
		seen[key] = true
		errs = append(errs, at{filepath.Clean(m[1]), line, m[3]})
	}
	sort.SliceStable(errs, func(i, j int) bool {
		if errs[i].file != errs[j].file {
			return errs[i].file < errs[j].file
		}
		return errs[i].line < errs[j].line
	})
	var lines []string
	for _, e := range errs {
		lines = append(lines, fmt.Sprintf("%s:%d: %s", e.file, e.line, e.msg))
	}
	return lines
}

// writePRSection says in the PR body what raising the requirement did.
func (b *coreBump) writePRSection(w *strings.Builder) {
	if b == nil {
		return
	}
	w.WriteString("### Cluster API requirement\n\n")
	for _, mb := range b.modules {
		fmt.Fprintf(w, "- %s: %s %s → %s, with %s. The go command resolved: %s.\n", report.MarkdownCode(path.Join(mb.rel, "go.mod")), contract.CoreModule, mb.from, b.to,
			report.MarkdownCode("go get "+strings.Join(mb.got, " ")), report.MarkdownText(strings.Join(mb.versions, "; ")))
		for _, r := range mb.replaced {
			fmt.Fprintf(w, "  - %s: raised to %s with the requirement (a replace by the same module pins its version).\n", report.MarkdownCode(r), b.to)
		}
		if why := b.tidy[mb.rel]; why != "" {
			fmt.Fprintf(w, "  - `go mod tidy` ran, since the build needed it: %s.\n", report.MarkdownText(why))
		} else {
			w.WriteString("  - `go mod tidy` did not run: the build needed no more than `go get` recorded.\n")
		}
	}
	count := map[string]int{}
	for _, moves := range b.moves {
		for _, m := range moves {
			count[m]++
		}
	}
	if len(count) > 0 {
		fmt.Fprintf(w, "- Imports moved to where Cluster API %s keeps the same v1beta1 API (the local names kept), in %d file(s):\n", b.to, len(b.moves))
		for _, m := range sortedKeys(count) {
			fmt.Fprintf(w, "  - %s (%d file(s))\n", report.MarkdownText(m), count[m])
		}
	}
	if b.codeMoved {
		w.WriteString("- The files the Go API fixes moved (MPA702, listed under What changed) use the v1beta2 types; the others stay on the v1beta1 types and condition utilities at the paths above.\n\n")
	} else {
		w.WriteString("- The code stays on the v1beta1 types and condition utilities; moving it to v1beta2 is a migration of its own.\n\n")
	}
}

// switchedUses lists, one line per function, the module's uses of the
// Cluster API functions whose code worked on the v1beta1 API in the
// release the module built against and works on the v1beta2 one in the
// new release: a use that still compiles (it passes a client.Object) may
// still behave differently, as a predicate that asserts *v1beta2.Cluster
// drops the v1beta1 objects a watch delivers. Only what a function's own
// signature and body name counts, not the functions it calls.
func (b *coreBump) switchedUses(st *stage, mb *moduleBump, newDirs map[string]string) ([]string, error) {
	old, err := downloadModule(st, mb.staged, contract.CoreModule+"@"+mb.from)
	if err != nil {
		return nil, err
	}
	oldDirs := map[string]string{contract.CoreModule: old.Dir}
	isOld := func(p string) bool { return contract.IsV1Beta1APIPackage(p, mb.built) }
	isNew := func(p string) bool {
		return strings.HasPrefix(p, contract.CoreModule+"/api/") && strings.HasSuffix(p, "/v1beta2")
	}
	cache := map[string]map[string]bool{}
	funcs := func(dirs map[string]string, p string, isAPI func(string) bool) map[string]bool {
		key := fmt.Sprint(dirs[contract.CoreModule], " ", p)
		if f, ok := cache[key]; ok {
			return f
		}
		f := funcsUsing(packageDir(dirs, p), isAPI)
		cache[key] = f
		return f
	}
	uses := map[string][]string{} // "pkg.Func (path)" -> file:line
	err = filepath.WalkDir(mb.staged, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); p != mb.staged && (name == "vendor" || name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return nil
		}
		names := map[string]string{}
		for _, spec := range f.Imports {
			ip, _ := strconv.Unquote(spec.Path.Value)
			if isNew(ip) {
				// The Go API fixes moved the file to the v1beta2 types: the
				// utilities get the objects they are written for.
				b.codeMoved = true
				return nil
			}
			if strings.HasPrefix(ip, lockstepPrefix) && !strings.HasPrefix(ip, contract.CoreModule+"/api/") && !strings.Contains(ip, "/deprecated/") {
				names[localName(spec, ip)] = ip
			}
		}
		if len(names) == 0 {
			return nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			id, ok := sel.X.(*ast.Ident)
			if !ok || id.Obj != nil {
				return true
			}
			ip, ok := names[id.Name]
			if !ok || !funcs(newDirs, ip, isNew)[sel.Sel.Name] || !funcs(oldDirs, ip, isOld)[sel.Sel.Name] {
				return true
			}
			key := fmt.Sprintf("%s.%s (%s)", id.Name, sel.Sel.Name, ip)
			uses[key] = append(uses[key], fmt.Sprintf("%s:%d", filepath.ToSlash(st.rel(p)), fset.Position(sel.Pos()).Line))
			return true
		})
		return nil
	})
	if err != nil {
		return nil, err
	}
	var out []string
	for _, key := range sortedKeys(uses) {
		out = append(out, fmt.Sprintf("check %s at %s: in Cluster API %s it works on the v1beta2 types (in %s on v1beta1), so with the v1beta1 objects the code keeps it may behave differently, though it compiles (a predicate that asserts *v1beta2.Cluster skips them); move the code to v1beta2 or replace it",
			key, strings.Join(uses[key], ", "), b.to, mb.from))
	}
	return out, nil
}

// packageDir is the directory of the package at importPath in the modules
// of dirs ("" when none holds it).
func packageDir(dirs map[string]string, importPath string) string {
	mod := ""
	for m := range dirs {
		if (importPath == m || strings.HasPrefix(importPath, m+"/")) && len(m) > len(mod) {
			mod = m
		}
	}
	if mod == "" {
		return ""
	}
	return filepath.Join(dirs[mod], filepath.FromSlash(strings.TrimPrefix(importPath, mod)))
}

// funcsUsing lists the exported package-level functions in dir whose
// signature or body names a package isAPI accepts, or calls a function of
// the package that does (a predicate built of others).
func funcsUsing(dir string, isAPI func(string) bool) map[string]bool {
	out := map[string]bool{}
	if dir == "" {
		return out
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return out
	}
	direct := map[string]bool{}
	calls := map[string]map[string]bool{}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		api := map[string]bool{}
		for _, spec := range f.Imports {
			if ip, _ := strconv.Unquote(spec.Path.Value); isAPI(ip) {
				api[localName(spec, ip)] = true
			}
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil {
				continue
			}
			name := fd.Name.Name
			calls[name] = map[string]bool{}
			ast.Inspect(fd, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr:
					if id, ok := n.X.(*ast.Ident); ok && api[id.Name] {
						direct[name] = true
					}
				case *ast.CallExpr:
					if id, ok := n.Fun.(*ast.Ident); ok {
						calls[name][id.Name] = true
					}
				}
				return true
			})
		}
	}
	for changed := true; changed; {
		changed = false
		for name, callees := range calls {
			if direct[name] {
				continue
			}
			for c := range callees {
				if direct[c] {
					direct[name], changed = true, true
					break
				}
			}
		}
	}
	for name := range direct {
		if ast.IsExported(name) {
			out[name] = true
		}
	}
	return out
}

// typeErrors type-checks the staged module's packages from source, tests
// included, and returns their errors as file:line:col: message lines
// relative to dir ("" when the packages do not load).
func typeErrors(st *stage, dir string) string {
	cfg := &packages.Config{Context: st.context(), Dir: dir, Tests: true,
		Env:  append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly"),
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports | packages.NeedDeps | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedModule}
	pkgs, err := loadSource(cfg, nil, false, "./...")
	if err != nil {
		return ""
	}
	var b strings.Builder
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Module == nil || !p.Module.Main {
			return
		}
		for _, e := range p.Errors {
			file := e.Pos
			if rest, ok := within(dir, e.Pos); ok {
				file = rest
			} else if rest, ok := within(resolvedDir(dir), e.Pos); ok {
				file = rest
			}
			fmt.Fprintf(&b, "%s: %s\n", file, e.Msg)
		}
	})
	return b.String()
}

// bumpBlame are the files' moves to the v1beta2 Go API that the build
// after raising Cluster API fails in (blame narrows each error to the
// moves whose names its line uses): withheld, the file stays on v1beta1 at
// the path the release keeps it, and the rewrite runs again. A failure no
// move is blamed for stays the bump's error.
func bumpBlame(st *stage, cs *changeSet, bumpErr error) map[string]WithheldUnit {
	var lines []string
	for l := range strings.SplitSeq(bumpErr.Error(), "\n") {
		lines = append(lines, strings.TrimLeft(l, " "))
	}
	graph := &packageGraph{ctx: st.context(), dir: st.dir}
	out := map[string]WithheldUnit{}
	for t, u := range blame(graph, cs, "the build after raising Cluster API", strings.Join(lines, "\n"), "") {
		if _, ok := analyzers.GoAPIFile(t); ok {
			out[t] = u
		}
	}
	return out
}
