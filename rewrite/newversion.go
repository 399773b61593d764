package rewrite

import (
	"bytes"
	"cmp"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"
	"golang.org/x/tools/go/packages"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/crdconfig"
	"github.com/mpaudit/mpaudit/internal/convgen"
	"github.com/mpaudit/mpaudit/internal/importgroups"
)

// A new API version (--new-api-version): the fields of a provider's own
// types that carry Cluster API's core v1beta1 Go types keep them while
// their version is served, since changing them changes stored objects'
// schema. A version not yet served can take the v1beta2 types. The
// rewrite, before its other phases, copies the served version OLD to
// VERSION, makes VERSION the hub and storage version and OLD a
// conversion spoke (generated conversions, ConvertTo/ConvertFrom), and
// moves the module's code to VERSION; the fix rounds then migrate VERSION
// like any hub, and the conversion follow-ups complete OLD's conversions.

// newVersion is one API package given a new version.
type newVersion struct {
	group             string
	old, version      string // the versions (and package names)
	oldDir, newDir    string // staged
	oldPath, newPath  string // import paths
	oldName, newName  string // package names
	kinds             []string
	storageMarkerMove bool // OLD carried the storage-version marker
	// webhooks are OLD's files that declare admission webhooks (markers),
	// which VERSION's copies declare again.
	webhooks []string
	// moving are the core v1beta1 types (package path → names) whose
	// fields in VERSION take the v1beta2 successor of the same JSON.
	moving map[string][]string
	// hubTypes are OLD's types that were the conversion hub (Hub()), and
	// spokes the group's older versions beside OLD, which convert to
	// VERSION through OLD (chainSpokes).
	hubTypes []string
	spokes   []*apiPackage
	// webhookPkgs are the module's packages that keep OLD because their
	// admission webhooks serve it (markers naming OLD).
	webhookPkgs []string
	// oldDirs and spokeDirs are every new version's OLD and older
	// versions: the served API, whose code keeps the versions it has
	// (another group's old hub included). Another group's VERSION moves
	// with the module's code: the new versions embed each other.
	oldDirs, spokeDirs map[string]bool
}

var versionName = regexp.MustCompile(`^v[1-9][0-9]*((alpha|beta)[1-9][0-9]*)?$`)

// ValidAPIVersion reports whether v is a Kubernetes API version name.
func ValidAPIVersion(v string) bool { return versionName.MatchString(v) }

var (
	groupNameMarker = regexp.MustCompile(`(?m)^//\s*\+groupName=(\S+)\s*$`)
	rootMarker      = regexp.MustCompile(`(?m)^//\s*\+kubebuilder:object:root=true\s*$`)
	storageMarker   = regexp.MustCompile(`(?m)^//\s*\+kubebuilder:storageversion\s*\n`)
)

// apiPackage is what planNewVersions reads of one API package.
type apiPackage struct {
	dir, path, name, group, version string
	roots                           []string
	hubTypes                        []string // types declaring Hub()
	goFiles                         []string // names in dir
}

// planNewVersions finds the module's API packages that hold contract
// kinds: the only version of their group in their directory, or the
// conversion hub among several; those get version. A set of versions
// without a single hub is named in the error, as is one that has version.
func planNewVersions(st *stage, version string, overrides contract.Overrides) ([]*newVersion, error) {
	if !ValidAPIVersion(version) {
		return nil, fmt.Errorf("--new-api-version %q is no API version name (v1, v1alpha2, v2beta1, ...)", version)
	}
	pkgs, err := listPackages(st.context(), st.dir, nil, "./...")
	if err != nil {
		return nil, err
	}
	byGroup := map[string][]*apiPackage{}
	for _, p := range pkgs {
		if p.Dir == "" || !mainModule(pkgs, p.ImportPath) {
			continue
		}
		ap, err := readAPIPackage(p.Dir, p.ImportPath, p.GoFiles)
		if err != nil {
			return nil, err
		}
		if ap != nil {
			// A group's versions sit side by side; one group can span
			// directories (a kind under exp/api).
			key := ap.group + "\x00" + filepath.Dir(ap.dir)
			byGroup[key] = append(byGroup[key], ap)
		}
	}
	var out []*newVersion
	for _, key := range slices.Sorted(maps.Keys(byGroup)) {
		aps := byGroup[key]
		group := aps[0].group
		contractKinds := false
		for _, ap := range aps {
			for _, r := range ap.roots {
				if c := contract.Classify(contract.TypeSummary{Group: group, Name: r}, overrides); c.Kind != nil {
					contractKinds = true
				}
			}
		}
		if !contractKinds {
			continue
		}
		var vs []string
		for _, ap := range aps {
			vs = append(vs, ap.version)
			if ap.version == version {
				return nil, fmt.Errorf("--new-api-version: API group %s already is at %s", group, version)
			}
		}
		ap := aps[0]
		var spokes []*apiPackage
		if len(aps) > 1 {
			hubs := slices.DeleteFunc(slices.Clone(aps), func(ap *apiPackage) bool { return len(ap.hubTypes) == 0 })
			if len(hubs) != 1 {
				return nil, fmt.Errorf("--new-api-version: API group %s has versions %s in %s and %d of them declare conversion hubs (Hub()); a new version is made for a group with one hub, which the others convert to",
					group, strings.Join(vs, ", "), st.rel(filepath.Dir(ap.dir)), len(hubs))
			}
			ap = hubs[0]
			spokes = slices.DeleteFunc(slices.Clone(aps), func(s *apiPackage) bool { return s == ap })
		}
		if filepath.Base(ap.dir) != ap.version || ap.name != ap.version {
			return nil, fmt.Errorf("--new-api-version: %s is package %s in directory %s for version %s; a new version is made only where the three are one name", ap.path, ap.name, filepath.Base(ap.dir), ap.version)
		}
		newDir := filepath.Join(filepath.Dir(ap.dir), version)
		if _, err := os.Stat(newDir); err == nil {
			return nil, fmt.Errorf("--new-api-version: %s exists already", st.rel(newDir))
		}
		nv := &newVersion{group: group, old: ap.version, version: version, oldDir: ap.dir, newDir: newDir,
			oldPath: ap.path, newPath: strings.TrimSuffix(ap.path, ap.version) + version, oldName: ap.name, newName: version,
			hubTypes: ap.hubTypes, spokes: spokes}
		for _, r := range ap.roots {
			if !strings.HasSuffix(r, "List") {
				nv.kinds = append(nv.kinds, r)
			}
		}
		out = append(out, nv)
	}
	if len(out) == 0 {
		if nested := nestedAPIModules(st.real(st.dir)); len(nested) > 0 {
			return nil, fmt.Errorf("--new-api-version: the module has no API package of contract kinds; the API packages are in the nested module(s) %s, where a new version is not made yet (its code and the module's would have to move together)", strings.Join(nested, ", "))
		}
		return nil, fmt.Errorf("--new-api-version: the module has no API package of contract kinds")
	}
	return out, nil
}

// nestedAPIModules are the directories below root holding their own
// go.mod and a +groupName marker in their Go files (Metal3's api/).
func nestedAPIModules(root string) []string {
	var out []string
	_ = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() || path == root {
			return nil
		}
		if n := d.Name(); n == "vendor" || n == "testdata" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") {
			return filepath.SkipDir
		}
		if !fileExists(filepath.Join(path, "go.mod")) {
			return nil
		}
		found := false
		_ = filepath.WalkDir(path, func(p string, e os.DirEntry, err error) error {
			if err != nil || found || e.IsDir() || !strings.HasSuffix(p, ".go") {
				return nil
			}
			if data, err := os.ReadFile(p); err == nil && groupNameMarker.Match(data) {
				found = true
			}
			return nil
		})
		if found {
			rel, _ := filepath.Rel(root, path)
			out = append(out, filepath.ToSlash(rel))
		}
		return filepath.SkipDir
	})
	return out
}

// readAPIPackage reads the group, version and root types of an API
// package (a +groupName marker and a GroupVersion literal); nil when dir
// holds none.
func readAPIPackage(dir, path string, files []string) (*apiPackage, error) {
	ap := &apiPackage{dir: dir, path: path, goFiles: files}
	gvGroup := ""                 // the GroupVersion literal's, when no marker names it
	consts := map[string]string{} // the package's string constants
	fset := token.NewFileSet()
	for _, name := range files {
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		ap.name = f.Name.Name
		// The marker is a package comment, or one between the package
		// clause and the first declaration (controller-gen reads both).
		for _, cg := range f.Comments {
			if len(f.Decls) > 0 && cg.Pos() > f.Decls[0].Pos() {
				break
			}
			if m := groupNameMarker.FindStringSubmatch(commentText(cg)); m != nil {
				ap.group = m[1]
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			cl, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			if sel, ok := cl.Type.(*ast.SelectorExpr); !ok || sel.Sel.Name != "GroupVersion" {
				return true
			}
			for _, e := range cl.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					k, ok := kv.Key.(*ast.Ident)
					if !ok {
						continue
					}
					// A literal, or a constant of the package (Metal3's).
					value := ""
					switch v := kv.Value.(type) {
					case *ast.BasicLit:
						value, _ = strconv.Unquote(v.Value)
					case *ast.Ident:
						value = "\x00" + v.Name
					}
					switch k.Name {
					case "Version":
						ap.version = value
					case "Group":
						gvGroup = value
					}
				}
			}
			return false
		})
		for _, d := range f.Decls {
			if t := hubMethodType(d); t != "" {
				ap.hubTypes = append(ap.hubTypes, t)
			}
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.CONST {
				for _, spec := range gd.Specs {
					vs := spec.(*ast.ValueSpec)
					for i, n := range vs.Names {
						if i < len(vs.Values) {
							if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
								consts[n.Name], _ = strconv.Unquote(lit.Value)
							}
						}
					}
				}
			}
		}
		// kubebuilder's markers sit above the type's doc comment, apart
		// from it: the text since the previous declaration holds them.
		prev := f.Name.End()
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if ok && gd.Tok == token.TYPE && len(gd.Specs) == 1 {
				ts := gd.Specs[0].(*ast.TypeSpec)
				between := src[fset.Position(prev).Offset:fset.Position(gd.Pos()).Offset]
				if _, isStruct := ts.Type.(*ast.StructType); isStruct && rootMarker.Match(between) {
					ap.roots = append(ap.roots, ts.Name.Name)
				}
			}
			prev = d.End()
		}
	}
	resolve := func(v string) string {
		if name, ok := strings.CutPrefix(v, "\x00"); ok {
			return consts[name]
		}
		return v
	}
	ap.version = resolve(ap.version)
	ap.group = cmp.Or(ap.group, resolve(gvGroup))
	if ap.group == "" || ap.version == "" || len(ap.roots) == 0 {
		return nil, nil
	}
	sort.Strings(ap.roots)
	sort.Strings(ap.hubTypes)
	return ap, nil
}

// hubMethodType is the receiver type's name when d declares Hub(), the
// conversion hub's marker method, and "" otherwise.
func hubMethodType(d ast.Decl) string {
	fd, ok := d.(*ast.FuncDecl)
	if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 || fd.Name.Name != "Hub" || fd.Type.Params.NumFields() != 0 || fd.Type.Results.NumFields() != 0 {
		return ""
	}
	return recvTypeName(fd)
}

func commentText(cg *ast.CommentGroup) string {
	var b strings.Builder
	for _, c := range cg.List {
		b.WriteString(c.Text + "\n")
	}
	return b.String()
}

// apply makes OLD the spoke of VERSION (copied, and the module's code
// moved, by addNewVersions): generated conversions, and the older
// versions chained through OLD, each file through write.
func (nv *newVersion) apply(st *stage, write func(string, []byte) error) error {
	if err := nv.makeSpoke(st, write); err != nil {
		return err
	}
	return nv.chainSpokes(st, write)
}

// copyPackage writes VERSION as a copy of OLD: package clause, Version,
// the comments naming the version, and the storage-version marker on
// VERSION's root types (off OLD's).
func (nv *newVersion) copyPackage(write func(string, []byte) error) error {
	entries, err := os.ReadDir(nv.oldDir)
	if err != nil {
		return err
	}
	word := regexp.MustCompile(`\b` + regexp.QuoteMeta(nv.old) + `\b`)
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || name == convgen.File {
			continue
		}
		src, err := os.ReadFile(filepath.Join(nv.oldDir, name))
		if err != nil {
			return err
		}
		if bytes.Contains(src, []byte("+kubebuilder:webhook:")) {
			nv.webhooks = append(nv.webhooks, name)
		}
		out, moved, err := nv.copyFile(name, src, word)
		if err != nil {
			return err
		}
		nv.storageMarkerMove = nv.storageMarkerMove || moved
		if err := write(filepath.Join(nv.newDir, name), out); err != nil {
			return err
		}
		if moved {
			if err := write(filepath.Join(nv.oldDir, name), storageMarker.ReplaceAll(src, nil)); err != nil {
				return err
			}
		}
	}
	return nil
}

// copyFile is one file of the copy; moved reports that OLD's file had the
// storage-version marker.
func (nv *newVersion) copyFile(name string, src []byte, word *regexp.Regexp) ([]byte, bool, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, false, err
	}
	var edits []splice
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	edits = append(edits, splice{off(f.Name.Pos()), off(f.Name.End()), nv.newName})
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if t := word.ReplaceAllString(c.Text, nv.version); t != c.Text {
				edits = append(edits, splice{off(c.Pos()), off(c.End()), t})
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			if k, ok := n.Key.(*ast.Ident); ok && k.Name == "Version" {
				if lit, ok := n.Value.(*ast.BasicLit); ok && lit.Value == strconv.Quote(nv.old) {
					edits = append(edits, splice{off(lit.Pos()), off(lit.End()), strconv.Quote(nv.version)})
				}
			}
		case *ast.ValueSpec:
			// const Version = "v1beta1", which GroupVersion names.
			for i, name := range n.Names {
				if i < len(n.Values) && strings.Contains(strings.ToLower(name.Name), "version") {
					if lit, ok := n.Values[i].(*ast.BasicLit); ok && lit.Value == strconv.Quote(nv.old) {
						edits = append(edits, splice{off(lit.Pos()), off(lit.End()), strconv.Quote(nv.version)})
					}
				}
			}
		}
		return true
	})
	moved := storageMarker.Match(src)
	if !moved {
		// The root kinds become the storage version: the marker goes
		// under each +kubebuilder:object:root=true of a non-List type.
		for _, m := range rootMarker.FindAllIndex(src, -1) {
			if _, decl, ok := bytes.Cut(src[m[1]:], []byte("\ntype ")); ok {
				if j := bytes.IndexAny(decl, " \t["); j > 0 && strings.HasSuffix(string(decl[:j]), "List") {
					continue
				}
			}
			edits = append(edits, splice{m[1], m[1], "\n// +kubebuilder:storageversion"})
		}
	}
	out, err := applySplices(src, edits)
	if err != nil {
		return nil, false, err
	}
	out, err = format.Source(out)
	return out, moved, err
}

// makeSpoke gives OLD the conversion-gen tag, the scheme builder the
// generated code registers with, generated conversions to VERSION and the
// ConvertTo/ConvertFrom methods of its root kinds; VERSION's root kinds
// get Hub().
func (nv *newVersion) makeSpoke(st *stage, write func(string, []byte) error) error {
	tag := "// +k8s:conversion-gen=" + nv.newPath + "\n"
	doc := filepath.Join(nv.oldDir, "doc.go")
	if src, err := os.ReadFile(doc); err == nil {
		f, err := parser.ParseFile(token.NewFileSet(), doc, src, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		at := bytes.Index(src, []byte("\npackage "+f.Name.Name)) + 1
		if err := write(doc, slices.Concat(src[:at:at], []byte(tag+"\n"), src[at:])); err != nil {
			return err
		}
	} else if err := write(doc, []byte(tag+"\npackage "+nv.oldName+"\n")); err != nil {
		return err
	}
	if err := nv.localSchemeBuilder(write); err != nil {
		return err
	}
	if err := nv.generateConversions(st, write); err != nil {
		return err
	}
	var spoke, hub strings.Builder
	for _, k := range nv.convertedTypes() {
		to := fmt.Sprintf("Convert_%s_%s_To_%s_%s", nv.oldName, k, nv.newName, k)
		from := fmt.Sprintf("Convert_%s_%s_To_%s_%s", nv.newName, k, nv.oldName, k)
		fmt.Fprintf(&spoke, "\n// ConvertTo converts this %s to the Hub version (%s).\nfunc (src *%s) ConvertTo(dstRaw conversion.Hub) error {\n\tdst := dstRaw.(*%s.%s)\n\treturn %s(src, dst, nil)\n}\n",
			k, nv.version, k, nv.newName, k, to)
		fmt.Fprintf(&spoke, "\n// ConvertFrom converts from the Hub version (%s) to this version.\nfunc (dst *%s) ConvertFrom(srcRaw conversion.Hub) error {\n\tsrc := srcRaw.(*%s.%s)\n\treturn %s(src, dst, nil)\n}\n",
			nv.version, k, nv.newName, k, from)
		if !slices.Contains(nv.hubTypes, k) { // VERSION's copy declares those
			fmt.Fprintf(&hub, "\n// Hub marks %s as the conversion hub.\nfunc (*%s) Hub() {}\n", k, k)
		}
	}
	if err := nv.dropHubMethods(write); err != nil {
		return err
	}
	imports := map[string]string{"sigs.k8s.io/controller-runtime/pkg/conversion": "conversion", nv.newPath: nv.newName}
	if err := appendDecls(filepath.Join(nv.oldDir, "conversion.go"), nv.oldName, spoke.String(), imports, write); err != nil {
		return err
	}
	if hub.Len() == 0 {
		return nil
	}
	return appendDecls(filepath.Join(nv.newDir, "conversion.go"), nv.newName, hub.String(), nil, write)
}

// convertedTypes are the types of OLD that convert to VERSION's: the root
// kinds and, for a former hub, every type that was one (lists too, which
// its spokes convert).
func (nv *newVersion) convertedTypes() []string {
	out := slices.Clone(nv.kinds)
	for _, t := range nv.hubTypes {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// dropHubMethods removes OLD's Hub() declarations (a former hub), with
// their comments.
func (nv *newVersion) dropHubMethods(write func(string, []byte) error) error {
	if len(nv.hubTypes) == 0 {
		return nil
	}
	entries, err := os.ReadDir(nv.oldDir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		path := filepath.Join(nv.oldDir, name)
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		var edits []splice
		for _, d := range f.Decls {
			if hubMethodType(d) == "" {
				continue
			}
			start := d.Pos()
			if doc := d.(*ast.FuncDecl).Doc; doc != nil {
				start = doc.Pos()
			}
			from, to := fset.Position(start).Offset, fset.Position(d.End()).Offset
			for to < len(src) && src[to] != '\n' {
				to++
			}
			edits = append(edits, splice{from, min(to+1, len(src)), ""})
		}
		if len(edits) == 0 {
			continue
		}
		out, err := applySplices(src, edits)
		if err == nil {
			out, err = format.Source(out)
		}
		if err != nil {
			return fmt.Errorf("--new-api-version: dropping %s's Hub() methods: %w", name, err)
		}
		if err := write(path, out); err != nil {
			return err
		}
	}
	return nil
}

// appendDecls adds the Go declarations decls (and the imports they use,
// path → name) to the file at path of package pkg, made when missing.
func appendDecls(path, pkg, decls string, imports map[string]string, write func(string, []byte) error) error {
	src, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		src, err = []byte("package "+pkg+"\n"), nil
	}
	if err != nil {
		return err
	}
	out := slices.Concat(src, []byte(decls))
	out, err = importgroups.Add(path, out, imports)
	if err == nil {
		out, err = format.Source(out)
	}
	if err != nil {
		return fmt.Errorf("--new-api-version: %s: %w", filepath.Base(path), err)
	}
	return write(path, out)
}

// localSchemeBuilder declares the variable conversion-gen's code registers
// its conversions with, where OLD lacks it.
func (nv *newVersion) localSchemeBuilder(write func(string, []byte) error) error {
	entries, err := os.ReadDir(nv.oldDir)
	if err != nil {
		return err
	}
	var builderFile, builderName string
	var builderSrc []byte
	builderDecl := regexp.MustCompile(`\b([sS]chemeBuilder)\s*=\s*(\S+)`)
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		src, err := os.ReadFile(filepath.Join(nv.oldDir, e.Name()))
		if err != nil {
			return err
		}
		if bytes.Contains(src, []byte("localSchemeBuilder")) {
			return nil
		}
		if m := builderDecl.FindSubmatch(src); builderFile == "" && m != nil {
			builderFile, builderName, builderSrc = filepath.Join(nv.oldDir, e.Name()), string(m[1]), m[2]
		}
	}
	if builderFile == "" {
		return fmt.Errorf("--new-api-version: %s declares no SchemeBuilder for the generated conversions to register with", nv.oldPath)
	}
	value := "&" + builderName + ".SchemeBuilder" // controller-runtime's scheme.Builder
	if bytes.Contains(builderSrc, []byte("NewSchemeBuilder(")) {
		value = "&" + builderName // a runtime.SchemeBuilder
	}
	builderSrc, err = os.ReadFile(builderFile)
	if err != nil {
		return err
	}
	out := append(slices.Clip(builderSrc), []byte("\n// localSchemeBuilder is what the generated conversions register with.\nvar localSchemeBuilder = "+value+"\n")...)
	return write(builderFile, out)
}

// generateConversions runs conversion-gen on OLD, as the provider's own
// settings say, with the header of its deepcopy file.
func (nv *newVersion) generateConversions(st *stage, write func(string, []byte) error) error {
	gens, err := st.generators()
	if err != nil {
		return err
	}
	rel, _ := filepath.Rel(st.dir, nv.oldDir)
	flags := gens.cfg.Conversion(filepath.ToSlash(rel))
	header, err := existingHeader(filepath.Join(nv.oldDir, deepcopyFile))
	if err != nil {
		return err
	}
	pkg := convgen.Package{ImportPath: nv.oldPath, Dir: nv.oldDir, Header: header, BuildTag: flags.BuildTag.Value, ExtraPeerDirs: flags.ExtraPeerDirs}
	if h := flags.HeaderFile.Value; h != "" {
		if p := filepath.Join(st.dir, filepath.FromSlash(h)); fileExists(p) {
			pkg.HeaderFile = p
		}
	}
	files, _, err := convgen.RenderContext(st.context(), st.dir, goEnv, []convgen.Package{pkg}, []string{nv.newPath})
	if err != nil {
		return fmt.Errorf("--new-api-version: generating the conversions of %s: %w", nv.oldPath, err)
	}
	for _, path := range slices.Sorted(maps.Keys(files)) {
		if err := write(path, files[path]); err != nil {
			return err
		}
	}
	return nil
}

// schemeRuntime is the package of utilruntime.Must.
const schemeRuntime = "k8s.io/apimachinery/pkg/util/runtime"

// moveImports moves every import of OLD outside OLD and VERSION to
// VERSION, and registers OLD beside VERSION where a scheme gets VERSION's
// types (AddToScheme). The older versions' code keeps OLD, which it
// converts through; their tests take VERSION, the hub they now reach.
func (nv *newVersion) moveImports(st *stage, write func(string, []byte) error) error {
	pkgs, err := listPackages(st.context(), st.dir, nil, "./...")
	if err != nil {
		return err
	}
	for _, p := range pkgs {
		if p.Dir == "" || nv.oldDirs[p.Dir] || p.Dir == nv.newDir || !mainModule(pkgs, p.ImportPath) {
			continue
		}
		files := slices.Concat(p.GoFiles, p.TestGoFiles, p.XTestGoFiles)
		if nv.spokeDirs[p.Dir] {
			files = slices.Concat(p.TestGoFiles, p.XTestGoFiles)
		}
		serves, err := nv.servesOldWebhook(p.Dir, p.GoFiles)
		if err != nil {
			return err
		}
		if serves {
			// Moved, the webhook would serve VERSION's path while the
			// configuration generated from its markers calls OLD's.
			nv.webhookPkgs = append(nv.webhookPkgs, st.rel(p.Dir))
			continue
		}
		for _, name := range files {
			path := filepath.Join(p.Dir, name)
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if !bytes.Contains(src, []byte(strconv.Quote(nv.oldPath))) {
				continue
			}
			out, err := nv.moveFile(path, src)
			if err != nil {
				return fmt.Errorf("--new-api-version: moving %s to %s: %w", st.rel(path), nv.version, err)
			}
			if err := write(path, out); err != nil {
				return err
			}
		}
	}
	return nil
}

// webhookVersions are the versions= of a kubebuilder webhook marker.
var webhookVersions = regexp.MustCompile(`(?m)^//\s*\+kubebuilder:webhook:.*\bversions=([^,\s]+)`)

// servesOldWebhook reports whether a file of the package declares an
// admission webhook of OLD's group for OLD.
func (nv *newVersion) servesOldWebhook(dir string, files []string) (bool, error) {
	for _, name := range files {
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return false, err
		}
		for _, m := range webhookVersions.FindAllSubmatchIndex(src, -1) {
			line := string(src[m[0]:m[1]])
			if slices.Contains(strings.Split(string(src[m[2]:m[3]]), ";"), nv.old) && regexp.MustCompile(`\bgroups=[^,\s]*\b`+regexp.QuoteMeta(nv.group)+`\b`).MatchString(line) {
				return true, nil
			}
		}
	}
	return false, nil
}

// moveFile is moveImports on one file.
func (nv *newVersion) moveFile(path string, src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	var edits []splice
	var specs []*ast.ImportSpec
	taken := map[string]bool{}
	for _, s := range f.Imports {
		p, _ := strconv.Unquote(s.Path.Value)
		taken[cmp.Or(importgroups.Name(s), importgroups.GuessName(p))] = true
		if p == nv.oldPath && (s.Name == nil || (s.Name.Name != "_" && s.Name.Name != ".")) {
			specs = append(specs, s)
		}
	}
	if len(specs) == 0 {
		return src, nil
	}
	// locals maps each name the file imports OLD by to its name for VERSION.
	locals := map[string]string{}
	var local string
	for _, spec := range specs {
		edits = append(edits, splice{off(spec.Path.Pos()), off(spec.Path.End()), strconv.Quote(nv.newPath)})
		if spec.Name != nil {
			locals[spec.Name.Name] = spec.Name.Name
			local = spec.Name.Name
			continue
		}
		if taken[nv.newName] || f.Scope.Lookup(nv.newName) != nil {
			// The package's own name is taken: keep the old one as the
			// import's name.
			edits = append(edits, splice{off(spec.Path.Pos()), off(spec.Path.Pos()), nv.oldName + " "})
			locals[nv.oldName] = nv.oldName
		} else {
			locals[nv.oldName] = nv.newName
		}
		if local == "" {
			local = nv.oldName
		}
	}
	oldLocal := importgroups.FreshName(func(n string) bool { return taken[n] || f.Scope.Lookup(n) != nil }, 1, nv.oldName, local+nv.old)
	needOld, needRuntime := false, false
	runtimeName := "utilruntime"
	for _, s := range f.Imports {
		if p, _ := strconv.Unquote(s.Path.Value); p == schemeRuntime {
			runtimeName = importgroups.Name(s)
		}
	}
	// The stack of nodes from the file down, to find a selector's parent
	// and enclosing statement.
	ast.PreorderStack(f, nil, func(n ast.Node, ancestors []ast.Node) bool {
		stack := append(ancestors, n) // n and the nodes above it
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		x, ok := sel.X.(*ast.Ident)
		if !ok || x.Obj != nil {
			return true
		}
		newLocal, ok := locals[x.Name]
		if !ok {
			return true
		}
		if newLocal != x.Name {
			edits = append(edits, splice{off(x.Pos()), off(x.End()), newLocal})
		}
		if sel.Sel.Name != "AddToScheme" {
			return true
		}
		parent := stack[len(stack)-2]
		if call, ok := parent.(*ast.CallExpr); ok && call.Fun == sel {
			// A call: register OLD before the statement that registers VERSION.
			for i := len(stack) - 3; i >= 1; i-- {
				if _, ok := stack[i-1].(*ast.BlockStmt); !ok {
					continue
				}
				if _, ok := stack[i].(ast.Stmt); !ok {
					break
				}
				args := string(src[off(call.Lparen)+1 : off(call.Rparen)])
				indent := lineIndent(src, off(stack[i].Pos()))
				edits = append(edits, splice{off(stack[i].Pos()), off(stack[i].Pos()),
					fmt.Sprintf("%s.Must(%s.AddToScheme(%s))\n%s", runtimeName, oldLocal, args, indent)})
				needOld, needRuntime = true, true
				break
			}
			return true
		}
		// A value in a list of scheme functions: OLD's goes beside it.
		switch parent.(type) {
		case *ast.CompositeLit, *ast.CallExpr:
			edits = append(edits, splice{off(sel.End()), off(sel.End()), ", " + oldLocal + ".AddToScheme"})
			needOld = true
		}
		return true
	})
	add := map[string]string{}
	if needOld {
		add[nv.oldPath] = oldLocal
	}
	if needRuntime {
		add[schemeRuntime] = runtimeName
	}
	out, err := applySplices(src, edits)
	if err == nil {
		out, err = importgroups.Add(path, out, add)
	}
	if err != nil {
		return nil, err
	}
	return format.Source(out)
}

// lineIndent is the white space that starts the line holding offset.
func lineIndent(src []byte, offset int) string {
	start := bytes.LastIndexByte(src[:offset], '\n') + 1
	end := start
	for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return string(src[start:end])
}

// addCRDVersions adds VERSION to the committed CRDs of OLD's kinds: a
// copy of OLD's version entry, which becomes served but not stored. The
// CRD regeneration then edits VERSION's schema as the types change, from
// this file (crdBase) and OLD's original generation.
func (nv *newVersion) addCRDVersions(st *stage, write func(string, []byte) error) ([]ConversionCRD, error) {
	cd := crdconfig.FindConfigDir(nv.oldDir, st.stagedTop())
	if cd == "" {
		return nil, nil
	}
	cfg, err := crdconfig.Load(cd)
	if err != nil {
		return nil, err
	}
	var out []ConversionCRD
	for _, c := range cfg.CRDs {
		if c.Group != nv.group || !slices.Contains(nv.kinds, c.Kind) || c.File == "" {
			continue
		}
		src, err := os.ReadFile(c.File)
		if err != nil {
			return nil, err
		}
		edited, err := addVersionEntry(src, c.Name, nv.old, nv.version)
		if err != nil {
			return nil, fmt.Errorf("--new-api-version: %s: %w", st.rel(c.File), err)
		}
		if err := write(c.File, edited); err != nil {
			return nil, err
		}
		if st.crdBase == nil {
			st.crdBase = map[string][]byte{}
		}
		canon, err := st.canonical(c.File)
		if err != nil {
			return nil, err
		}
		st.crdBase[canon] = edited
		plural, _, _ := strings.Cut(c.Name, ".")
		out = append(out, ConversionCRD{Group: c.Group, Plural: plural, Kind: c.Kind, CRDFile: filepath.ToSlash(st.rel(c.File))})
	}
	return out, nil
}

// addVersionEntry copies the spec.versions entry old of the CRD document
// named name in a YAML stream as entry version, right after it, stored
// instead of old.
func addVersionEntry(src []byte, name, old, version string) ([]byte, error) {
	lines := strings.SplitAfter(string(src), "\n")
	// The document's lines: from the one holding its name back to the
	// nearest "---" and on to the next.
	nameLine := slices.IndexFunc(lines, func(l string) bool { return strings.TrimSpace(l) == "name: "+name })
	if nameLine < 0 {
		return nil, fmt.Errorf("no CRD document named %s", name)
	}
	docStart, docEnd := 0, len(lines)
	for i := nameLine; i >= 0; i-- {
		if strings.TrimRight(lines[i], "\r\n") == "---" {
			docStart = i + 1
			break
		}
	}
	for i := nameLine + 1; i < len(lines); i++ {
		if strings.TrimRight(lines[i], "\r\n") == "---" {
			docEnd = i
			break
		}
	}
	// The entry: a "- " line at the sequence's column, up to the next
	// line at that column or left of it.
	start, col := -1, 0
	for i := docStart; i < docEnd; i++ {
		t := strings.TrimLeft(lines[i], " ")
		c := len(lines[i]) - len(t)
		if start < 0 {
			if strings.HasPrefix(t, "- ") && entryNames(lines, i, docEnd, c) == old {
				start, col = i, c
				break
			}
		}
	}
	if start < 0 {
		return nil, fmt.Errorf("CRD %s has no version %s", name, old)
	}
	end := entryEnd(lines, start, docEnd, col)
	entry := slices.Clone(lines[start:end])
	storage := -1
	for i, l := range entry {
		t := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "- "))
		c := len(l) - len(strings.TrimLeft(l, " "))
		if i > 0 && c != col+2 {
			continue
		}
		switch t {
		case "name: " + old:
			entry[i] = strings.Replace(l, "name: "+old, "name: "+version, 1)
		case "storage: true":
			storage = i
		}
	}
	if storage < 0 {
		return nil, fmt.Errorf("version %s of CRD %s is not the stored one", old, name)
	}
	out := slices.Concat(lines[:start], lines[start:end], entry, lines[end:])
	out[start+storage] = strings.Replace(out[start+storage], "storage: true", "storage: false", 1)
	return []byte(strings.Join(out, "")), nil
}

// entryNames is the name key of the sequence entry starting at line i
// (column c of its dash), "" when it has none.
func entryNames(lines []string, i, docEnd, c int) string {
	end := entryEnd(lines, i, docEnd, c)
	for j := i; j < end; j++ {
		l := lines[j]
		t := strings.TrimSpace(l)
		if j == i {
			t = strings.TrimSpace(strings.TrimPrefix(t, "- "))
		} else if len(l)-len(strings.TrimLeft(l, " ")) != c+2 {
			continue
		}
		if v, ok := strings.CutPrefix(t, "name: "); ok {
			return strings.Trim(v, `"'`)
		}
	}
	return ""
}

// entryEnd is the line after the sequence entry that starts at line i.
func entryEnd(lines []string, i, docEnd, c int) int {
	for j := i + 1; j < docEnd; j++ {
		t := strings.TrimLeft(lines[j], " ")
		if strings.TrimSpace(t) == "" {
			continue
		}
		if len(lines[j])-len(t) <= c {
			return j
		}
	}
	return docEnd
}

// addNewVersions is the new-version phase of an attempt (Options.NewAPIVersion).
func (a *attempt) addNewVersions() error {
	st, cs := a.st, a.cs
	const why = "new API version (--new-api-version)"
	write := func(path string, data []byte) error {
		written, err := st.writeFile(path, data)
		if err == nil {
			cs.mark(written, why)
		}
		return err
	}
	nvs, err := planNewVersions(st, a.opts.NewAPIVersion, a.opts.KindOverrides)
	if err != nil {
		return err
	}
	if err := requireConversionUtil(st, cs); err != nil {
		return err
	}
	var crds []ConversionCRD
	st.newVersions = map[string][2]string{}
	oldDirs, spokeDirs := map[string]bool{}, map[string]bool{}
	for _, nv := range nvs {
		oldDirs[nv.oldDir] = true
		for _, sp := range nv.spokes {
			spokeDirs[sp.dir] = true
		}
	}
	for _, nv := range nvs {
		nv.oldDirs, nv.spokeDirs = oldDirs, spokeDirs
	}
	// Every copy first, so each group's move reaches the others' copies;
	// then the conversions, between types that no longer change.
	for _, nv := range nvs {
		if err := nv.copyPackage(write); err != nil {
			return err
		}
	}
	for _, nv := range nvs {
		if err := nv.moveImports(st, write); err != nil {
			return err
		}
	}
	ordered, cross, err := conversionOrder(nvs)
	if err != nil {
		return err
	}
	for _, nv := range ordered {
		if err := nv.crossGroupConversions(nvs, cross[nv], write); err != nil {
			return err
		}
		if err := nv.apply(st, write); err != nil {
			return err
		}
	}
	for _, nv := range nvs {
		c, err := nv.addCRDVersions(st, write)
		if err != nil {
			return err
		}
		crds = append(crds, c...)
		st.newVersions[nv.group] = [2]string{nv.old, nv.version}
		for _, pkg := range nv.webhookPkgs {
			a.res.Manual = append(a.res.Manual, fmt.Sprintf("%s keeps %s: its admission webhooks serve %s (markers), and the webhook configuration generated from them calls %s's paths; requests for %s reach them converted. Move it to %s with its markers and regenerate the webhook configuration when it should serve %s",
				pkg, nv.oldPath, nv.old, nv.old, nv.version, nv.version, nv.version))
		}
		if len(nv.webhooks) > 0 {
			a.res.Manual = append(a.res.Manual, fmt.Sprintf("%s declares admission webhooks (%s), which %s's copies declare again for %s: keep the ones the module registers and drop the other version's from the webhook configuration",
				st.rel(nv.oldDir), strings.Join(nv.webhooks, ", "), nv.version, nv.version))
		}
		a.trace.step(fmt.Sprintf("new API version %s of %s beside %s", nv.version, nv.group, nv.old))
	}
	if len(crds) > 0 && !servesConversion(st) {
		changes, notes, err := conversionWebhookConfig(st.dir, crds)
		if err != nil {
			return err
		}
		for _, c := range changes {
			if err := write(filepath.Join(st.dir, filepath.FromSlash(c.Rel)), c.New); err != nil {
				return err
			}
		}
		a.res.Manual = append(a.res.Manual, notes...)
		if err := registerConversionWebhook(st, nvs, write); err != nil {
			return err
		}
	}
	a.newVersions = nvs
	return a.planMoving()
}

// servesConversion reports whether a CRD of the module's config already
// names a conversion webhook (strategy Webhook, or kubebuilder's
// webhook_in_ patches).
func servesConversion(st *stage) bool {
	found := false
	_ = filepath.WalkDir(filepath.Join(st.dir, "config"), func(path string, d os.DirEntry, err error) error {
		if err != nil || found || d.IsDir() || !(strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml")) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err == nil && (regexp.MustCompile(`(?m)^\s*strategy:\s*Webhook\s*$`).Match(data) || strings.HasPrefix(d.Name(), "webhook_in_")) {
			found = true
		}
		return nil
	})
	return found
}

// registerConversionWebhook registers the conversion webhook of VERSION's
// kinds with the manager in the module's main package, where the module
// registers no webhook (a registered one serves conversion too).
func registerConversionWebhook(st *stage, nvs []*newVersion, write func(string, []byte) error) error {
	pkgs, err := listPackages(st.context(), st.dir, nil, "./...")
	if err != nil {
		return err
	}
	var mainFile string
	for _, p := range pkgs {
		if p.Dir == "" || !mainModule(pkgs, p.ImportPath) {
			continue
		}
		for _, name := range p.GoFiles {
			data, err := os.ReadFile(filepath.Join(p.Dir, name))
			if err != nil {
				return err
			}
			if bytes.Contains(data, []byte("SetupWebhookWithManager(")) || bytes.Contains(data, []byte("NewWebhookManagedBy(")) || bytes.Contains(data, []byte("WebhookManagedBy(")) {
				return nil
			}
			if mainFile == "" && bytes.HasPrefix(bytes.TrimSpace(packageClause(data)), []byte("package main")) && bytes.Contains(data, []byte(".NewManager(")) {
				mainFile = filepath.Join(p.Dir, name)
			}
		}
	}
	if mainFile == "" {
		return nil
	}
	src, err := os.ReadFile(mainFile)
	if err != nil {
		return err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, mainFile, src, parser.ParseComments)
	if err != nil {
		return err
	}
	names := map[string]string{}
	for _, s := range f.Imports {
		p, _ := strconv.Unquote(s.Path.Value)
		names[p] = importgroups.Name(s)
	}
	ctrl, ok := names["sigs.k8s.io/controller-runtime"]
	if !ok {
		return nil
	}
	// After the manager is made and its error checked.
	var at int
	var mgr string
	ast.Inspect(f, func(n ast.Node) bool {
		block, ok := n.(*ast.BlockStmt)
		if !ok || at > 0 {
			return at == 0
		}
		for i, s := range block.List {
			as, ok := s.(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 || len(as.Lhs) == 0 {
				continue
			}
			call, ok := as.Rhs[0].(*ast.CallExpr)
			if !ok {
				continue
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "NewManager" {
				continue
			}
			id, ok := as.Lhs[0].(*ast.Ident)
			if !ok {
				continue
			}
			mgr = id.Name
			after := s.End()
			if i+1 < len(block.List) {
				if is, ok := block.List[i+1].(*ast.IfStmt); ok && is.Init == nil {
					after = is.End()
				}
			}
			at = fset.Position(after).Offset
			return false
		}
		return true
	})
	if at == 0 {
		return nil
	}
	generic := semverAtLeast(requiredVersion(st, "sigs.k8s.io/controller-runtime"), "v0.23.0")
	runtimeName := names[schemeRuntime]
	if runtimeName == "" {
		runtimeName = "utilruntime"
	}
	add := map[string]string{schemeRuntime: runtimeName}
	var b strings.Builder
	indent := lineIndent(src, at-1)
	for _, nv := range nvs {
		local := names[nv.newPath]
		if local == "" {
			local = nv.newName
			add[nv.newPath] = local
		}
		olds := []string{nv.old}
		for _, sp := range nv.spokes {
			olds = append(olds, sp.version)
		}
		slices.Sort(olds)
		fmt.Fprintf(&b, "\n%s// The conversion webhook serves %s of %s from the %s hub.\n", indent, strings.Join(olds, ", "), nv.group, nv.version)
		for _, k := range nv.kinds {
			if generic {
				fmt.Fprintf(&b, "%s%s.Must(%s.NewWebhookManagedBy(%s, &%s.%s{}).Complete())\n", indent, runtimeName, ctrl, mgr, local, k)
			} else {
				fmt.Fprintf(&b, "%s%s.Must(%s.NewWebhookManagedBy(%s).For(&%s.%s{}).Complete())\n", indent, runtimeName, ctrl, mgr, local, k)
			}
		}
	}
	nl := bytes.IndexByte(src[at:], '\n')
	if nl < 0 {
		return nil
	}
	at += nl + 1
	out := slices.Concat(src[:at:at], []byte(strings.TrimPrefix(b.String(), "\n")), src[at:])
	out, err = importgroups.Add(mainFile, out, add)
	if err != nil {
		return err
	}
	return write(mainFile, out)
}

// packageClause is src from its package clause on (past the comments).
func packageClause(src []byte) []byte {
	if i := bytes.Index(src, []byte("\npackage ")); i >= 0 {
		return src[i+1:]
	}
	return src
}

// requiredVersion is the version go.mod requires of module, "" if none.
func requiredVersion(st *stage, module string) string {
	data, err := os.ReadFile(filepath.Join(st.dir, "go.mod"))
	if err != nil {
		return ""
	}
	f, err := modfile.ParseLax("go.mod", data, nil)
	if err != nil {
		return ""
	}
	for _, r := range f.Require {
		if r.Mod.Path == module {
			return r.Mod.Version
		}
	}
	return ""
}

func semverAtLeast(v, min string) bool { return semver.IsValid(v) && semver.Compare(v, min) >= 0 }

// requireConversionUtil makes go.mod and go.sum resolve utilConversionPath and
// what it imports, at the Cluster API release the module requires: a
// module that served one version never needed them.
func requireConversionUtil(st *stage, cs *changeSet) error {
	version := cmp.Or(requiredVersion(st, contract.CoreModule), requiredVersion(st, contract.CoreModule+"/api"))
	if version == "" {
		return fmt.Errorf("--new-api-version: go.mod requires no %s to take %s from", contract.CoreModule, utilConversionPath)
	}
	before := map[string][]byte{}
	for _, f := range []string{"go.mod", "go.sum"} {
		before[f], _ = os.ReadFile(filepath.Join(st.dir, f))
	}
	if out, err := goCommand(st.context(), st.dir, []string{"GOFLAGS=-mod=mod"}, "get", utilConversionPath+"@"+version); err != nil {
		return fmt.Errorf("--new-api-version: go get %s@%s: %v\n%s", utilConversionPath, version, err, out)
	}
	for _, f := range []string{"go.mod", "go.sum"} {
		if now, _ := os.ReadFile(filepath.Join(st.dir, f)); !bytes.Equal(now, before[f]) {
			cs.mark(filepath.Join(st.dir, f), "go get "+utilConversionPath+" for the spoke's conversions")
		}
	}
	return nil
}

// sameJSONSuccessor reports whether the v1beta1 type name of the package
// at path (built against release built) has a v1beta2 successor whose
// JSON is the same: a namesake of the same class whose fields, as
// contract's Go API map has them, all keep their path and class, or a
// slice, pointer or map of such. It returns the successor's package.
func sameJSONSuccessor(t types.Type, built contract.Release) (string, bool) {
	switch t := types.Unalias(t).(type) {
	case *types.Pointer:
		return sameJSONSuccessor(t.Elem(), built)
	case *types.Slice:
		return sameJSONSuccessor(t.Elem(), built)
	case *types.Named:
		if t.Obj().Pkg() == nil {
			return "", false
		}
		path, name := t.Obj().Pkg().Path(), t.Obj().Name()
		pkg, ok := contract.GoAPIPackage(path, built)
		if !ok || pkg.Class != contract.ChangeSame || !contract.IsV1Beta1APIPackage(path, built) {
			return "", false
		}
		if pkg.Keep != "" {
			path = pkg.Keep // where v1.11 keeps the package
		}
		sym, ok := contract.GoAPISymbol(path, name, contract.ReleaseV1Beta2)
		if !ok || sym.Class != contract.ChangeSame || sym.Successor != pkg.Successor+"."+name {
			return "", false
		}
		switch u := t.Underlying().(type) {
		case *types.Struct:
			for f := range u.Fields() {
				changes, _, ok := contract.GoAPIFieldsAt(path+"."+name, f.Name())
				if !ok {
					return "", false
				}
				for _, c := range changes {
					if c.Class != contract.ChangeSame || c.Moved || len(c.New) != 1 || c.New[0] != c.Old {
						return "", false
					}
				}
			}
		case *types.Slice:
			if _, ok := sameJSONSuccessor(u.Elem(), built); !ok {
				return "", false
			}
		default:
			return "", false
		}
		return pkg.Successor, true
	}
	return "", false
}

// planMoving lists, for each new version, the v1beta1 types its fields
// carry that have a same-JSON v1beta2 successor (sameJSONSuccessor): the
// fields that take it once the fixes apply (moveFieldTypes).
func (a *attempt) planMoving() error {
	var patterns []string
	for _, nv := range a.newVersions {
		patterns = append(patterns, nv.newPath)
	}
	if len(patterns) == 0 {
		return nil
	}
	built := builtRelease(a.st)
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: a.st.dir, Env: append(os.Environ(), goEnv...), Context: a.st.context()}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return fmt.Errorf("--new-api-version: loading %s: %w", strings.Join(patterns, ", "), err)
	}
	for _, p := range pkgs {
		i := slices.IndexFunc(a.newVersions, func(nv *newVersion) bool { return nv.newPath == p.PkgPath })
		if i < 0 || p.Types == nil {
			continue
		}
		nv := a.newVersions[i]
		nv.moving = map[string][]string{}
		for _, name := range p.Types.Scope().Names() {
			tn, ok := p.Types.Scope().Lookup(name).(*types.TypeName)
			if !ok {
				continue
			}
			st, ok := tn.Type().Underlying().(*types.Struct)
			if !ok {
				continue
			}
			for f := range st.Fields() {
				for _, named := range namedTypesOf(f.Type()) {
					if named.Obj().Pkg() == nil || named.Obj().Pkg() == p.Types {
						continue
					}
					if _, ok := sameJSONSuccessor(named, built); ok {
						path := named.Obj().Pkg().Path()
						if !slices.Contains(nv.moving[path], named.Obj().Name()) {
							nv.moving[path] = append(nv.moving[path], named.Obj().Name())
						}
					}
				}
			}
		}
	}
	return nil
}

// namedTypesOf are the named types t is built of (through pointers, slices,
// arrays and maps).
func namedTypesOf(t types.Type) []*types.Named {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		return []*types.Named{t}
	case *types.Pointer:
		return namedTypesOf(t.Elem())
	case *types.Slice:
		return namedTypesOf(t.Elem())
	case *types.Array:
		return namedTypesOf(t.Elem())
	case *types.Map:
		return append(namedTypesOf(t.Key()), namedTypesOf(t.Elem())...)
	}
	return nil
}

// movingFields is driver.Options.MovingFields of the new versions.
func (a *attempt) movingFields() map[string][]string {
	out := map[string][]string{}
	for _, nv := range a.newVersions {
		for _, names := range nv.moving {
			out[nv.newPath] = append(out[nv.newPath], names...)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// moveFieldTypes gives the new versions' fields the v1beta2 successors of
// the types planMoving found, after the fixes moved the values built for
// them (and after a raise of go.mod, whose release has the successors).
func (a *attempt) moveFieldTypes() (err error) {
	built := builtRelease(a.st)
	for _, nv := range a.newVersions {
		if len(nv.moving) == 0 {
			continue
		}
		if built.Less(contract.ReleaseV1Beta2) {
			// The successors do not exist in the release the module builds against.
			a.res.Manual = append(a.res.Manual, fmt.Sprintf("%s keeps Cluster API's v1beta1 types in its fields: the module builds against Cluster API %s, which has no v1beta2 types; raise it (--capi-version %s or later) to move them",
				a.st.rel(nv.newDir), built, contract.ReleaseV1Beta2))
			continue
		}
		// The names by the package as built now (a raise moved the path).
		names := map[string]bool{}
		for _, ns := range nv.moving {
			for _, n := range ns {
				names[n] = true
			}
		}
		entries, err := os.ReadDir(nv.newDir)
		if err != nil {
			return err
		}
		moved := map[[2]string]string{} // v1beta1 path and name → successor path
		defer func() {
			if err == nil {
				err = a.coreConversions(nv, moved)
			}
		}()
		for _, e := range entries {
			name := e.Name()
			if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || strings.HasPrefix(name, "zz_generated.") {
				continue
			}
			path := filepath.Join(nv.newDir, name)
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			out, changed, err := moveTypesInFile(path, src, names, built, moved)
			if err != nil {
				return err
			}
			if changed {
				written, err := a.st.writeFile(path, out)
				if err != nil {
					return err
				}
				a.cs.mark(written, "the new version's fields take the v1beta2 types of the same JSON (--new-api-version)")
			}
		}
	}
	return nil
}

// moveTypesInFile respells, in the struct fields of src, the selectors
// pkg.Name of a v1beta1 API package whose Name is in names by the
// package's v1beta2 successor.
func moveTypesInFile(path string, src []byte, names map[string]bool, built contract.Release, moved map[[2]string]string) ([]byte, bool, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
	if err != nil {
		return nil, false, err
	}
	byName := map[string]string{} // local name of a v1beta1 import → successor path
	pathOf := map[string]string{}
	taken := map[string]bool{}
	local := map[string]string{} // import path → its name here
	for _, s := range f.Imports {
		p, _ := strconv.Unquote(s.Path.Value)
		name := cmp.Or(importgroups.Name(s), importgroups.GuessName(p))
		taken[name] = true
		local[p] = name
		if pkg, ok := contract.GoAPIPackage(p, built); ok && contract.IsV1Beta1APIPackage(p, built) {
			byName[name] = pkg.Successor
			pathOf[name] = p
		}
	}
	var edits []splice
	add := map[string]string{}
	fieldTypeSelectors(f, func(x *ast.Ident, sel *ast.SelectorExpr) {
		if byName[x.Name] == "" || !names[sel.Sel.Name] {
			return
		}
		succ := byName[x.Name]
		if local[succ] == "" {
			local[succ] = importgroups.FreshName(func(n string) bool { return taken[n] }, 1, "clusterv1", importgroups.GuessName(succ))
			taken[local[succ]] = true
			add[succ] = local[succ]
		}
		edits = append(edits, splice{fset.Position(x.Pos()).Offset, fset.Position(x.End()).Offset, local[succ]})
		moved[[2]string{pathOf[x.Name], sel.Sel.Name}] = succ
	})
	if len(edits) == 0 {
		return src, false, nil
	}
	out, err := applySplices(src, edits)
	if err == nil {
		out, err = importgroups.Add(path, out, add)
	}
	if err != nil {
		return nil, false, err
	}
	out, err = importgroups.DropUnused(path, out, func(local, p string) bool { _, ok := byName[local]; return ok })
	if err != nil {
		return nil, false, err
	}
	return out, true, nil
}

// builtRelease is the Cluster API release the staged go.mod requires.
func builtRelease(st *stage) contract.Release {
	return contract.Release(cmp.Or(requiredVersion(st, contract.CoreModule), requiredVersion(st, contract.CoreModule+"/api")))
}

// coreConversions declares in OLD, for each moved type that Cluster API
// converts itself (api/core/v1beta1 exports Convert_v1beta1_X_To_v1beta2_X
// and back), the conversion functions conversion-gen looks for in the
// package, calling Cluster API's: the truth of where each field goes.
func (a *attempt) coreConversions(nv *newVersion, moved map[[2]string]string) error {
	paths := map[string]bool{}
	for k := range moved {
		paths[k[0]] = true
	}
	if len(paths) == 0 {
		return nil
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: a.st.dir, Env: append(os.Environ(), goEnv...), Context: a.st.context()}
	pkgs, err := packages.Load(cfg, slices.Sorted(maps.Keys(paths))...)
	if err != nil {
		return err
	}
	scopes := map[string]*types.Scope{}
	for _, p := range pkgs {
		if p.Types != nil {
			scopes[p.PkgPath] = p.Types.Scope()
		}
	}
	path := filepath.Join(nv.oldDir, "conversion.go")
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	add := map[string]string{"k8s.io/apimachinery/pkg/conversion": "apimachineryconversion"}
	var b strings.Builder
	keys := slices.SortedFunc(func(yield func([2]string) bool) {
		for k := range moved {
			if !yield(k) {
				return
			}
		}
	}, func(x, y [2]string) int { return strings.Compare(x[0]+"."+x[1], y[0]+"."+y[1]) })
	for _, k := range keys {
		oldPath, name, succ := k[0], k[1], moved[k]
		from, to := filepath.Base(oldPath), filepath.Base(succ)
		scope := scopes[oldPath]
		for _, fn := range []string{"Convert_" + from + "_" + name + "_To_" + to + "_" + name, "Convert_" + to + "_" + name + "_To_" + from + "_" + name} {
			if scope == nil || scope.Lookup(fn) == nil || bytes.Contains(src, []byte("func "+fn+"(")) {
				continue
			}
			in, out := "clusterv1beta1."+name, "clusterv1."+name
			if strings.HasPrefix(fn, "Convert_"+to+"_") {
				in, out = out, in
			}
			add[oldPath], add[succ] = "clusterv1beta1", "clusterv1"
			fmt.Fprintf(&b, "\n// %s converts with Cluster API's own conversion.\nfunc %s(in *%s, out *%s, s apimachineryconversion.Scope) error {\n\treturn clusterv1beta1.%s(in, out, s)\n}\n", fn, fn, in, out, fn)
		}
	}
	if b.Len() == 0 {
		return nil
	}
	out, err := importgroups.Add(path, append(slices.Clip(src), b.String()...), add)
	if err != nil {
		return err
	}
	written, err := a.st.writeFile(path, out)
	if err != nil {
		return err
	}
	a.cs.mark(written, "conversions of the types the new version's fields moved to, by Cluster API's own (--new-api-version)")
	return nil
}
