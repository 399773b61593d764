// Package imports spells references to other packages from inside one file
// that a suggested fix edits: through the file's own import of the package
// (its alias, a dot import) when that import is visible at the edit, else
// through one added import whose name collides with nothing in the file.
// Every fix that names another package goes through it, so no fix spells a
// full import path or captures a local variable.
//
// It follows x/tools' internal refactor.AddImport, with one difference: the
// name of an added import depends only on the file (not on the position),
// so the import edits of several fixes in one file are identical and merge.
package imports

import (
	"go/ast"
	"go/token"
	"go/types"
	pathpkg "path"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/internal/importgroups"
)

// File spells references from one file of the package under analysis.
type File struct {
	fset *token.FileSet
	info *types.Info
	pkg  *types.Package
	file *ast.File
	// declared holds every name the file declares or refers to (fields,
	// methods and labels aside), in any scope; nil until needed.
	declared map[string]bool
	// added are the imports this File's edits add, by path, so one fix
	// adds each import once.
	added map[string]string
}

// New returns the speller for file, a file of pkg type-checked into info.
func New(fset *token.FileSet, info *types.Info, pkg *types.Package, file *ast.File) *File {
	return &File{fset: fset, info: info, pkg: pkg, file: file, added: map[string]string{}}
}

// names fills declared.
func (f *File) names() map[string]bool {
	if f.declared != nil {
		return f.declared
	}
	f.declared = map[string]bool{}
	info := f.info
	ast.Inspect(f.file, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		switch obj := info.ObjectOf(id).(type) {
		case *types.Var:
			if obj.IsField() {
				return true
			}
		case *types.Func:
			if sig, ok := obj.Type().(*types.Signature); ok && sig.Recv() != nil {
				return true
			}
		case *types.Label:
			return true
		}
		f.declared[id.Name] = true
		return true
	})
	return f.declared
}

// Qualify returns the prefix ("name." or "") under which member of the
// package at path is referred to at pos, and the edits importing the
// package when the file has no import of it usable there. ok is false when
// no spelling works (the member is shadowed at pos in its own package or
// through a dot import). member may be a name a fix is about to declare.
func (f *File) Qualify(pos token.Pos, path, member string) (prefix string, edits []analysis.TextEdit, ok bool) {
	return f.QualifyAs(pos, path, member, "")
}

// QualifyAs is Qualify, naming an added import preferred (when free)
// instead of the package's own name.
func (f *File) QualifyAs(pos token.Pos, path, member, preferred string) (prefix string, edits []analysis.TextEdit, ok bool) {
	scope := f.scopeAt(pos)
	// resolvesTo reports whether member at pos is pkg's own object, or is
	// unbound (a name a fix is about to declare in pkg).
	resolvesTo := func(pkg *types.Package) bool {
		_, obj := scope.LookupParent(member, pos)
		if obj == nil {
			return pkg.Scope().Lookup(member) == nil
		}
		return obj.Pkg() == pkg && obj.Parent() == pkg.Scope()
	}
	if path == f.pkg.Path() {
		return "", nil, resolvesTo(f.pkg)
	}
	for _, spec := range f.file.Imports {
		pkgName := f.info.PkgNameOf(spec)
		if pkgName == nil || pkgName.Imported().Path() != path {
			continue
		}
		switch name := pkgName.Name(); name {
		case "_":
		case ".":
			if resolvesTo(pkgName.Imported()) {
				return "", nil, true
			}
		default:
			if _, obj := scope.LookupParent(name, pos); obj == pkgName {
				return name + ".", nil, true
			}
		}
	}
	if name, ok := f.added[path]; ok {
		return name + ".", nil, true
	}
	if preferred == "" {
		preferred = f.preferredName(path)
	}
	name := f.freshImportName(preferred)
	f.added[path] = name
	local := name
	if name == pathpkg.Base(path) {
		local = ""
	}
	return name + ".", f.addImportEdits(local, path), true
}

// Ref is the expression path.member at pos, with the edits importing path.
func (f *File) Ref(pos token.Pos, path, member string) (ast.Expr, []analysis.TextEdit, bool) {
	prefix, edits, ok := f.Qualify(pos, path, member)
	if !ok {
		return nil, nil, false
	}
	if prefix == "" {
		return ast.NewIdent(member), edits, true
	}
	return &ast.SelectorExpr{X: ast.NewIdent(strings.TrimSuffix(prefix, ".")), Sel: ast.NewIdent(member)}, edits, true
}

// TypeExpr spells t at pos. It handles named types (not instantiated
// generics), pointers, slices, arrays, maps and predeclared types; ok is
// false for anything else.
func (f *File) TypeExpr(pos token.Pos, t types.Type) (ast.Expr, []analysis.TextEdit, bool) {
	switch t := t.(type) {
	case *types.Alias, *types.Named:
		obj := t.(interface{ Obj() *types.TypeName }).Obj()
		if targs, ok := t.(interface{ TypeArgs() *types.TypeList }); ok && targs.TypeArgs().Len() > 0 {
			return nil, nil, false
		}
		if obj.Pkg() == nil { // error
			return f.predeclared(pos, obj.Name())
		}
		return f.Ref(pos, obj.Pkg().Path(), obj.Name())
	case *types.Basic:
		return f.predeclared(pos, t.Name())
	case *types.Pointer:
		x, edits, ok := f.TypeExpr(pos, t.Elem())
		return &ast.StarExpr{X: x}, edits, ok
	case *types.Slice:
		x, edits, ok := f.TypeExpr(pos, t.Elem())
		return &ast.ArrayType{Elt: x}, edits, ok
	case *types.Array:
		x, edits, ok := f.TypeExpr(pos, t.Elem())
		n := &ast.BasicLit{Kind: token.INT, Value: strconv.FormatInt(t.Len(), 10)}
		return &ast.ArrayType{Len: n, Elt: x}, edits, ok
	case *types.Map:
		k, kEdits, kOK := f.TypeExpr(pos, t.Key())
		v, vEdits, vOK := f.TypeExpr(pos, t.Elem())
		return &ast.MapType{Key: k, Value: v}, append(kEdits, vEdits...), kOK && vOK
	}
	return nil, nil, false
}

// predeclared spells a universe name when nothing shadows it at pos.
func (f *File) predeclared(pos token.Pos, name string) (ast.Expr, []analysis.TextEdit, bool) {
	if !f.Predeclared(pos, name) {
		return nil, nil, false
	}
	return ast.NewIdent(name), nil, true
}

// Predeclared reports whether name at pos means the universe's name (true,
// false, bool), not a declaration that shadows it.
func (f *File) Predeclared(pos token.Pos, name string) bool {
	_, obj := f.scopeAt(pos).LookupParent(name, pos)
	return obj != nil && obj == types.Universe.Lookup(name)
}

// FreshName returns preferred, or preferred with a number, such that the
// name is neither visible at pos nor in avoid: a variable of that name
// declared at pos shadows nothing the code after it refers to.
func (f *File) FreshName(pos token.Pos, preferred string, avoid map[string]bool) string {
	scope := f.scopeAt(pos)
	name := preferred
	for i := 0; ; i++ {
		if _, obj := scope.LookupParent(name, pos); obj == nil && !avoid[name] {
			return name
		}
		name = preferred + strconv.Itoa(i)
	}
}

// freshImportName is preferred, or preferred with a number from 0 (as
// x/tools numbers), unused as a name anywhere in the file and in the
// package and universe scopes.
func (f *File) freshImportName(preferred string) string {
	return importgroups.FreshName(func(name string) bool {
		for _, added := range f.added {
			if added == name {
				return true // another import this File added
			}
		}
		return f.names()[name] || f.pkg.Scope().Lookup(name) != nil || types.Universe.Lookup(name) != nil
	}, 0, preferred)
}

// preferredName is the package's own name when the package is loaded,
// else the last element of its path that is not a major version.
func (f *File) preferredName(path string) string {
	for _, imp := range f.pkg.Imports() {
		if imp.Path() == path {
			return imp.Name()
		}
	}
	base := pathpkg.Base(path)
	if len(base) > 1 && base[0] == 'v' && strings.Trim(base[1:], "0123456789") == "" {
		if dir := pathpkg.Dir(path); dir != "." {
			base = pathpkg.Base(dir)
		}
	}
	return strings.NewReplacer(".", "_", "-", "_").Replace(base)
}

func (f *File) scopeAt(pos token.Pos) *types.Scope {
	fileScope := f.info.Scopes[f.file]
	if fileScope == nil {
		return f.pkg.Scope()
	}
	if s := fileScope.Innermost(pos); s != nil {
		return s
	}
	return fileScope
}

// addImportEdits adds an import of path (named name when not empty): in
// the group of the file's import declaration that its kind or gci section
// belongs to (importgroups); a new declaration before the first one when
// the file has no group. Failing that, as the first spec of the first
// grouped import for a standard library package, else as the last. gofmt
// sorts nothing across blank lines, so a standard package is followed by a
// blank line before other imports.
func (f *File) addImportEdits(name, path string) []analysis.TextEdit {
	file := f.file
	if f.fset != nil {
		// A configuration that does not read leaves the groups inferred.
		rules, _ := importgroups.For(filepath.Dir(f.fset.Position(file.Pos()).Filename))
		if e, ok := rules.Place(f.fset, file, name, path); ok {
			return []analysis.TextEdit{{Pos: e.Pos, End: e.Pos, NewText: []byte(e.Text)}}
		}
	}
	spec := strconv.Quote(path)
	if name != "" {
		spec = name + " " + spec
	}
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT || !gd.Rparen.IsValid() {
			continue
		}
		if importgroups.IsStd(path) && len(gd.Specs) > 0 {
			first := gd.Specs[0].(*ast.ImportSpec)
			text := spec + "\n\t"
			if p, _ := strconv.Unquote(first.Path.Value); !importgroups.IsStd(p) {
				text = spec + "\n\n\t"
			}
			at := first.Pos()
			if first.Doc != nil {
				at = first.Doc.Pos()
			}
			return []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(text)}}
		}
		return []analysis.TextEdit{{Pos: gd.Rparen, End: gd.Rparen, NewText: []byte("\t" + spec + "\n")}}
	}
	if len(file.Decls) == 0 {
		at := file.Name.End()
		return []analysis.TextEdit{{Pos: at, End: at, NewText: []byte("\n\nimport " + spec)}}
	}
	at := file.Decls[0].Pos()
	if gd, ok := file.Decls[0].(*ast.GenDecl); ok && gd.Doc != nil {
		at = gd.Doc.Pos()
	} else if fd, ok := file.Decls[0].(*ast.FuncDecl); ok && fd.Doc != nil {
		at = fd.Doc.Pos()
	}
	return []analysis.TextEdit{{Pos: at, End: at, NewText: []byte("import " + spec + "\n\n")}}
}

// Beside imports path a second time, under a fresh name (preferred when
// free): a fix that swaps the path of the file's own import keeps the old
// package for some uses under that name. The edits come with the first
// call only.
func (f *File) Beside(path, preferred string) (string, []analysis.TextEdit) {
	key := "beside:" + path
	if name, ok := f.added[key]; ok {
		return name, nil
	}
	name := f.freshImportName(preferred)
	f.added[key] = name
	return name, f.addImportEdits(name, path)
}
