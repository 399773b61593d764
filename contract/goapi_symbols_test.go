package contract

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"golang.org/x/mod/module"
)

// goSources are the Go sources of one Cluster API release: module path →
// directory.
type goSources struct {
	release Release
	modules map[string]string
	mu      sync.Mutex
	names   map[string]map[string]bool // package dir → exported names
}

// The releases the symbol map is read against: the one go.mod pins and the
// last release before v1.11 moved the API (for the pre-v1.11 symbols).
const goSymbolsOldRelease = "v1.10.4"

func pinnedSources(t *testing.T) *goSources {
	t.Helper()
	cmd := exec.Command("go", "list", "-m", "-json", "sigs.k8s.io/cluster-api", "sigs.k8s.io/cluster-api/api", "k8s.io/apimachinery")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	src := &goSources{modules: map[string]string{}}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var m struct{ Path, Version, Dir string }
		if err := dec.Decode(&m); err != nil {
			t.Fatal(err)
		}
		if m.Dir == "" {
			t.Fatalf("module %s@%s is not downloaded (go mod download)", m.Path, m.Version)
		}
		src.modules[m.Path] = m.Dir
		if m.Path == "sigs.k8s.io/cluster-api" {
			src.release = Release(m.Version)
		}
	}
	return src
}

// oldSources are Cluster API v1.10.4 from the module cache; the test skips
// without them (make goapi-check downloads them).
func oldSources(t *testing.T, pinned *goSources) *goSources {
	t.Helper()
	cache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	esc, _ := module.EscapePath("sigs.k8s.io/cluster-api")
	dir := filepath.Join(strings.TrimSpace(string(cache)), esc+"@"+goSymbolsOldRelease)
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		t.Skipf("sigs.k8s.io/cluster-api@%s is not in the module cache; run `make goapi-check` to download it and check the pre-v1.11 symbols", goSymbolsOldRelease)
	}
	return &goSources{release: goSymbolsOldRelease, modules: map[string]string{
		"sigs.k8s.io/cluster-api": dir, "k8s.io/apimachinery": pinned.modules["k8s.io/apimachinery"]}}
}

// splitSymbol splits "path.Name" (or "path") at the first dot after the
// last slash.
func splitSymbol(s string) (path, name string) {
	slash := strings.LastIndex(s, "/")
	if dot := strings.Index(s[slash+1:], "."); dot >= 0 {
		return s[:slash+1+dot], s[slash+2+dot:]
	}
	return s, ""
}

// lookup reports whether the package at path, and its exported name (""
// for the package alone), exist in src.
func (src *goSources) lookup(path, name string) error {
	mod := ""
	for m := range src.modules {
		if (path == m || strings.HasPrefix(path, m+"/")) && len(m) > len(mod) {
			mod = m
		}
	}
	if mod == "" {
		return fmt.Errorf("no module of %s in Cluster API %s's sources", path, src.release)
	}
	dir := filepath.Join(src.modules[mod], strings.TrimPrefix(path, mod))
	names, err := src.namesIn(dir)
	if err != nil {
		return fmt.Errorf("package %s is not in Cluster API %s: %v", path, src.release, err)
	}
	if name != "" && !names[name] {
		return fmt.Errorf("%s.%s is not in Cluster API %s", path, name, src.release)
	}
	return nil
}

func (src *goSources) namesIn(dir string) (map[string]bool, error) {
	src.mu.Lock()
	defer src.mu.Unlock()
	if n, ok := src.names[dir]; ok {
		return n, nil
	}
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	if len(pkgs) == 0 {
		return nil, errors.New("no Go files")
	}
	names := map[string]bool{}
	for _, p := range pkgs {
		for _, f := range p.Files {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv == nil {
						names[d.Name.Name] = true
						continue
					}
					t := d.Recv.List[0].Type // a method is "Type.Method"
					if star, ok := t.(*ast.StarExpr); ok {
						t = star.X
					}
					if id, ok := t.(*ast.Ident); ok {
						names[id.Name+"."+d.Name.Name] = true
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.TypeSpec:
							names[s.Name.Name] = true
						case *ast.ValueSpec:
							for _, n := range s.Names {
								names[n.Name] = true
							}
						}
					}
				}
			}
		}
	}
	if src.names == nil {
		src.names = map[string]map[string]bool{}
	}
	src.names[dir] = names
	return names, nil
}

// checkGoSymbols checks each entry against the sources of the releases
// given (newest last): the old symbol in each release it claims to live
// in, and its deprecated home and successor in the newest.
func checkGoSymbols(list []GoSymbol, releases ...*goSources) []string {
	var problems []string
	newest := releases[len(releases)-1]
	for _, s := range list {
		bad := func(format string, args ...any) {
			problems = append(problems, s.Old()+fmt.Sprintf(" [%s,%s): ", s.Since, s.Until)+fmt.Sprintf(format, args...))
		}
		checked := false
		for _, src := range releases {
			if s.LivesIn(src.release) {
				checked = true
				if err := src.lookup(s.Path, s.Name); err != nil {
					bad("%v", err)
				}
			}
		}
		if !checked {
			bad("no release it lives in is checked")
		}
		for _, to := range []string{s.Keep, s.Successor} {
			if to != "" {
				if err := newest.lookup(splitSymbol(to)); err != nil {
					bad("%v", err)
				}
			}
		}
		if s.Successor == "" && s.Instead == "" {
			bad("no successor and nothing said to do instead")
		}
		if (s.Name == "") != (s.Kind == SymPackage) {
			bad("kind %s", s.Kind)
		}
	}
	return problems
}

// TestGoAPISymbolsExist proves the symbol map against Cluster API's
// sources: each old symbol in the releases it claims (v1.10.4 before v1.11,
// the pinned release from it), each deprecated home and successor in the
// pinned release.
func TestGoAPISymbolsExist(t *testing.T) {
	pinned := pinnedSources(t)
	if !pinned.release.AtLeast(ReleaseV1Beta2) {
		t.Fatalf("go.mod pins Cluster API %s; the map's successors need v1.11 or later", pinned.release)
	}
	old := oldSources(t, pinned)
	for _, p := range checkGoSymbols(GoAPISymbols(), old, pinned) {
		t.Error(p)
	}
}

// TestGoAPISymbolsCheckFailsOnWrongEntries shows that the check above
// catches a wrong entry of each part.
func TestGoAPISymbolsCheckFailsOnWrongEntries(t *testing.T) {
	pinned := pinnedSources(t)
	old := oldSources(t, pinned)
	wrong := []GoSymbol{
		// MarkTrue has no namesake in v1.11's util/conditions.
		{Path: conditionsPkg, Name: "MarkTrue", Kind: SymFunc, Until: ReleaseV1Beta2, Successor: joinSymbol(conditionsPkg, "MarkTrue")},
		// The old core package has no such condition.
		{Path: oldCoreV1Beta1, Name: "NoSuchCondition", Kind: SymConst, Until: ReleaseV1Beta2, Successor: joinSymbol(coreV1Beta2, "ReadyCondition")},
		// api/core/v1beta1 does not exist before v1.11.
		{Path: coreV1Beta1, Kind: SymPackage, Until: ReleaseV1Beta2, Successor: coreV1Beta2},
		// The deprecated home is util/deprecated/v1beta1/conditions.
		{Path: conditionsPkg, Name: "MarkFalse", Kind: SymFunc, Until: ReleaseV1Beta2, Keep: joinSymbol(conditionsDeprecated+"/nope", "MarkFalse"), Successor: joinSymbol(conditionsPkg, "Set")},
	}
	got := checkGoSymbols(wrong, old, pinned)
	if len(got) != len(wrong) {
		t.Fatalf("want one problem per wrong entry (%d), got %d: %q", len(wrong), len(got), got)
	}
	for i, p := range got {
		if !strings.HasPrefix(p, wrong[i].Old()) {
			t.Errorf("problem %d is about another entry: %s", i, p)
		}
	}
}

func TestGoAPISymbolLookupByRelease(t *testing.T) {
	for _, c := range []struct {
		path, name string
		built      Release
		successor  string
	}{
		{conditionsPkg, "", "v1.10.4", conditionsPkg},
		{conditionsPkg, "MarkTrue", "v1.10.4", joinSymbol(conditionsPkg, "Set")},
		{conditionsPkg, "MarkTrue", "v1.14.2", ""}, // no such function from v1.11
		{conditionsPkg, "", "v1.14.2", ""},         // the v1beta2 utilities
		{deprecatedConditions, "IsTrue", "v1.14.2", joinSymbol(conditionsPkg, "IsTrue")},
		{patchPkg, "WithOwnedConditions", "v1.10.4", joinSymbol(patchPkg, "WithOwnedConditions")},
		{patchPkg, "WithOwnedConditions", "v1.11.0", ""},
		{coreV1Beta1, "ReadyV1Beta2Condition", "v1.13.4", joinSymbol(coreV1Beta2, "ReadyCondition")},
		{oldCoreV1Beta1, "ReadyV1Beta2Condition", "v1.10.4", joinSymbol(coreV1Beta2, "ReadyCondition")}, // generated, with its pre-v1.11 entry
		{coreV1Beta1, "Cluster.GetConditions", "v1.14.2", joinSymbol(coreV1Beta2, "Cluster.GetV1Beta1Conditions")},
		{oldCoreV1Beta1, "Cluster.GetV1Beta2Conditions", "v1.10.4", joinSymbol(coreV1Beta2, "Cluster.GetConditions")},
		{oldExpV1Beta1, "MachinePool.GetConditions", "v1.10.4", joinSymbol(coreV1Beta2, "MachinePool.GetV1Beta1Conditions")},
		{kcpV1Beta1, "RolloutStrategy", "v1.14.2", joinSymbol(kcpV1Beta2, "KubeadmControlPlaneRolloutStrategy")},
		{oldKCPV1Beta1, "RolloutStrategy", "v1.10.4", joinSymbol(kcpV1Beta2, "KubeadmControlPlaneRolloutStrategy")},
		{cabpkV1Beta1, "KubeadmConfig", "v1.14.2", joinSymbol(cabpkV1Beta2, "KubeadmConfig")}, // a namesake
		{oldCABPKV1B1, "KubeadmConfig", "v1.10.4", ""},                                        // the import's finding covers it
	} {
		s, ok := GoAPISymbol(c.path, c.name, c.built)
		if ok != (c.successor != "") || s.Successor != c.successor {
			t.Errorf("GoAPISymbol(%s, %s, %s) = %q, %v; want %q", c.path, c.name, c.built, s.Successor, ok, c.successor)
		}
	}
}

func TestIsV1Beta1APIPackage(t *testing.T) {
	for _, c := range []struct {
		path  string
		built Release
		want  bool
	}{
		{oldCoreV1Beta1, "v1.10.4", true},
		{oldExpV1Beta1, "v1.10.4", true},
		{coreV1Beta1, "v1.14.2", true},
		{coreV1Beta1, "v1.10.4", false}, // not there before v1.11
		{coreV1Beta2, "v1.14.2", false},
		{conditionsV1Beta2Pkg, "v1.10.4", false}, // a utility
		{deprecatedConditions, "v1.14.2", false},
	} {
		if got := IsV1Beta1APIPackage(c.path, c.built); got != c.want {
			t.Errorf("IsV1Beta1APIPackage(%s, %s) = %v, want %v", c.path, c.built, got, c.want)
		}
	}
}

// releaseSources are Cluster API release r from the module cache (its api
// module beside it from v1.14); ok is false when it is not downloaded.
func releaseSources(pinned *goSources, r Release) (*goSources, bool) {
	cache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		return nil, false
	}
	dir := func(path string) string {
		esc, _ := module.EscapePath(path)
		return filepath.Join(strings.TrimSpace(string(cache)), esc+"@"+string(r))
	}
	src := &goSources{release: r, modules: map[string]string{capi: dir(capi), "k8s.io/apimachinery": pinned.modules["k8s.io/apimachinery"]}}
	if _, err := os.Stat(filepath.Join(dir(capi), "go.mod")); err != nil {
		return nil, false
	}
	if _, err := os.Stat(filepath.Join(dir(capi), "api")); err != nil {
		if _, err := os.Stat(filepath.Join(dir(capiAPI), "go.mod")); err != nil {
			return nil, false
		}
		src.modules[capiAPI] = dir(capiAPI)
	}
	return src, true
}

// checkPerRelease checks, in each release given (v1.11 or later), that
// what an entry points to exists where a provider would follow it: the
// successor of each entry whose old symbol the release has, and the
// successor and deprecated home of each entry that ends with it, unless
// goapi_v1beta2_since.go says a later release added the successor (a fix
// then does not name it, and the finding says when it comes).
func checkPerRelease(list []GoSymbol, releases ...*goSources) []string {
	var problems []string
	for _, src := range releases {
		for _, s := range list {
			lives := s.LivesIn(src.release) && src.lookup(s.Path, s.Name) == nil
			ends := s.Until != "" && src.release.AtLeast(s.Until) && !src.release.AtLeast(Release(semverNextMinor(s.Until)))
			if !lives && !ends {
				continue
			}
			for _, to := range []string{s.Successor, s.Keep} {
				switch {
				case to == "", to == s.Successor && GoAPIV1Beta2Later(to, src.release) != "":
					continue
				case to == s.Keep && !ends:
					continue // Keep is the home from Until
				}
				if err := src.lookup(splitSymbol(to)); err != nil {
					problems = append(problems, fmt.Sprintf("%s [%s,%s) in %s: %v", s.Old(), s.Since, s.Until, src.release, err))
				}
			}
		}
	}
	return problems
}

// semverNextMinor is the .0 of the minor after r's.
func semverNextMinor(r Release) string {
	var major, minor int
	fmt.Sscanf(string(r), "v%d.%d", &major, &minor)
	return fmt.Sprintf("v%d.%d.0", major, minor+1)
}

// TestGoAPISymbolsPerRelease proves the map in each minor release from
// v1.11 to the pinned one (their .0, from the module cache) and the pinned
// one: a provider built against any of them is pointed only at names its
// release has.
func TestGoAPISymbolsPerRelease(t *testing.T) {
	pinned := pinnedSources(t)
	var releases []*goSources
	for minor := 11; ; minor++ {
		r := Release(fmt.Sprintf("v1.%d.0", minor))
		if pinned.release.Less(r) {
			break
		}
		src, ok := releaseSources(pinned, r)
		if !ok {
			t.Skipf("sigs.k8s.io/cluster-api@%s is not in the module cache; run `make goapi-check` to download it", r)
		}
		releases = append(releases, src)
	}
	for _, p := range checkPerRelease(GoAPISymbols(), append(releases, pinned)...) {
		t.Error(p)
	}
	// The check catches an entry pointing at a home its release lacks (the
	// errors package stayed at its path until v1.14).
	wrong := []GoSymbol{{Path: errorsPkg, Kind: SymPackage, Until: ReleaseV1Beta2, Keep: deprecatedErrors, Instead: "x", Class: ChangeRemoved}}
	if got := checkPerRelease(wrong, releases...); len(got) == 0 {
		t.Error("an errors package entry ending in v1.11 with its home in api/deprecated/errors: want a problem, got none")
	}
}

// TestGoSymbolAdviceNamesLaterRelease: a successor Cluster API added after
// v1.11 is named with the release that adds it.
func TestGoSymbolAdviceNamesLaterRelease(t *testing.T) {
	later := GoSymbol{Path: cabpkV1Beta1, Name: "FileContentFormat", Kind: SymType, Since: ReleaseV1Beta2, Successor: joinSymbol(cabpkV1Beta2, "FileContentFormat"), Class: ChangeSame}
	if got := GoSymbolAdvice(later); !strings.Contains(got, "FileContentFormat (Cluster API v1.14.0 adds it)") {
		t.Errorf("advice: %s", got)
	}
	now := later
	now.Name, now.Successor = "Format", joinSymbol(cabpkV1Beta2, "Format")
	if got := GoSymbolAdvice(now); strings.Contains(got, "adds it") {
		t.Errorf("advice for a v1.11 successor: %s", got)
	}
}
