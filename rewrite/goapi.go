package rewrite

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/analyzers/driver"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// goAPIKeptNotes are the lines for a person about the files that keep
// Cluster API's v1beta1 Go API because their move is not mechanical: the
// import findings of the audit rep name each blocker at file:line with
// the migration guide's instruction. Files whose move was tried and
// withheld are in Result.Withheld instead.
//
// The API packages keep theirs by design while their version is served:
// without a new version (newVersion ""), one line names them and the
// flag that adds a version taking the v1beta2 types.
func goAPIKeptNotes(rep *report.Report, st *stage, newVersion string) []string {
	kept, apiDirs := goAPIKeptFiles(rep, st)
	var out []string
	for file, blockers := range kept {
		out = append(out, file+" keeps Cluster API's v1beta1 Go API, as its move to v1beta2 is not mechanical; change by hand, then run the rewrite again: "+blockers)
	}
	slices.Sort(out)
	if len(apiDirs) > 0 && newVersion == "" {
		slices.Sort(apiDirs)
		out = append(out, strings.Join(apiDirs, ", ")+" keep Cluster API's v1beta1 Go types in their fields, as their served version's schema must not change, and so does the code that fills them: "+
			"`mpaudit rewrite --new-api-version VERSION` adds a version that takes the v1beta2 types, keeps serving the current one beside it and moves the code to it")
	}
	return out
}

// goAPIKeptFiles are the files of rep's import findings that keep the
// v1beta1 Go API, by their path from the module root, with the blockers
// the finding names; and apart, the directories of API packages of one
// version that keep the v1beta1 types in their fields.
func goAPIKeptFiles(rep *report.Report, st *stage) (kept map[string]string, apiDirs []string) {
	kept = map[string]string{}
	if rep == nil {
		return kept, nil
	}
	for _, f := range rep.Findings {
		if f.Rule != contract.RuleGoAPIImport || f.Position == nil {
			continue
		}
		_, blockers, ok := strings.Cut(f.Message, analyzers.GoAPIKept)
		if ok && strings.Contains(blockers, analyzers.GoAPITypesKept) {
			// The flag serves a group of one version only.
			if dir := filepath.ToSlash(filepath.Dir(st.rel(f.Position.File))); !slices.Contains(apiDirs, dir) && onlyVersion(st.path(filepath.Join(st.root, dir))) {
				apiDirs = append(apiDirs, dir)
			}
			continue
		}
		if !ok {
			continue
		}
		file := filepath.ToSlash(st.rel(f.Position.File))
		if _, seen := kept[file]; !seen {
			kept[file] = blockers
		}
	}
	return kept, apiDirs
}

// firstBlocker is the first of the blockers a kept file's finding names
// (file.go:N: what: instead; file.go:M: ...), and how many more follow.
func firstBlocker(file, blockers string) (first string, more int) {
	sep := "; " + path.Base(file) + ":"
	more = strings.Count(blockers, sep)
	first, _, _ = strings.Cut(blockers, sep)
	return first, more
}

// goAPIFilesNamed are the units of units that move a file the output
// names at a line ("render_test.go:15: "): a failing test names its own
// file, and the code it calls is blamed by name once that file stays.
func goAPIFilesNamed(units map[string]bool, output string) map[string]bool {
	out := map[string]bool{}
	for u := range units {
		if _, names, ok := analyzers.GoAPIFileNames(u); ok {
			for _, name := range names {
				if strings.Contains(output, name+":") || strings.Contains(output, testOf(name)+":") {
					out[u] = true
				}
			}
		}
	}
	return out
}

// addGoAPIFile records the names a file's move to the v1beta2 Go API
// touches: the functions and types the file declares, which a failure
// in another file that calls them names.
func (u unitNames) addGoAPIFile(fx driver.Fix, read func(string) ([]byte, error)) {
	_, names, _ := analyzers.GoAPIFileNames(fx.Type)
	for _, e := range fx.Edits {
		if base := filepath.Base(e.File); !slices.Contains(names, base) && !slices.ContainsFunc(names, func(n string) bool { return testOf(n) == base }) {
			continue
		}
		src, err := read(e.File)
		if err != nil {
			return
		}
		f, err := parser.ParseFile(token.NewFileSet(), e.File, src, parser.SkipObjectResolution)
		if err != nil {
			return
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.Name != "init" && d.Name.Name != "main" {
					add(u.fields, fx.Type, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok {
						add(u.fields, fx.Type, ts.Name.Name)
					}
				}
			}
		}
		return
	}
}

// testOf is the name of the test file of the code file name (a unit's
// files move with their tests).
func testOf(name string) string {
	if strings.HasSuffix(name, "_test.go") {
		return name
	}
	return strings.TrimSuffix(name, ".go") + "_test.go"
}

// onlyVersion reports whether the API package directory dir is the only
// directory named as an API version beside it.
func onlyVersion(dir string) bool {
	entries, err := os.ReadDir(filepath.Dir(dir))
	if err != nil {
		return false
	}
	n := 0
	for _, e := range entries {
		if e.IsDir() && ValidAPIVersion(e.Name()) {
			n++
		}
	}
	return n == 1 && ValidAPIVersion(filepath.Base(dir))
}
