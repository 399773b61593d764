package emit

import (
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/report"
	"github.com/mpaudit/mpaudit/suppression"
)

// Suppressions follow staticcheck's line-based directives:
//
//	//mpaudit:ignore RULE[,RULE...] reason
//
// RULE is a rule ID (MPA203) or name (ready-write-without-provisioned). The
// comment covers findings of those rules
//   - on its own line, when it trails code;
//   - on the line after its comment group, when it stands on its own lines;
//   - inside a type declaration or struct field whose doc comment holds it;
//     a type's doc comment also covers findings whose Finding.Type is that
//     type (the CRD findings of a pool type, positioned in YAML files).
//
// A directive without a reason suppresses nothing; the suppress analyzer
// reports it (MPA901), and reports directives that cover no finding (MPA902).

// IgnoreDirective starts a suppression comment.
const IgnoreDirective = suppression.CommentDirective

// Directive is one //mpaudit:ignore comment: its entry and what it covers.
type Directive struct {
	suppression.Entry
	// Pos is the comment's position; it identifies the directive.
	Pos token.Pos

	// file and line: the line the directive covers (0: none).
	file string
	line int
	// start and end bound the type or field whose doc comment holds it.
	start, end token.Pos
	// types are the package-qualified names of the types it documents.
	types []string
}

// covers reports whether the directive's placement covers a finding at pos.
func (d *Directive) covers(pos token.Pos, f *report.Finding) bool {
	if f.Type != "" {
		if slices.Contains(d.types, f.Type) {
			return true
		}
	}
	if d.start.IsValid() && pos.IsValid() && d.start <= pos && pos < d.end {
		return true
	}
	return d.line > 0 && f.Position != nil && f.Position.File == d.file && f.Position.Line == d.line
}

// Use is a directive that covered a finding of rule Rule (an ID).
type Use struct {
	Pos  token.Pos
	Rule string
}

// suppressions are a package's directives, parsed once per Emitter.
type suppressions struct {
	dirs []*Directive
	used map[Use]bool
}

// Directives returns the package's //mpaudit:ignore comments in source order.
func (e *Emitter) Directives() []*Directive { return e.suppressions().dirs }

func (e *Emitter) suppressions() *suppressions {
	if e.sup == nil {
		e.sup = &suppressions{dirs: ParseDirectives(e.pass), used: map[Use]bool{}}
	}
	return e.sup
}

// suppress marks f suppressed when a valid directive covers it, and records
// every directive that does in the result's Used list.
func (e *Emitter) suppress(pos token.Pos, f *report.Finding) {
	if suppression.Unsuppressible(f.Rule) {
		return
	}
	s := e.suppressions()
	for _, d := range s.dirs {
		if !d.Valid() {
			continue
		}
		for _, id := range d.IDs {
			if id != f.Rule || !d.covers(pos, f) {
				continue
			}
			f.Suppressed = true
			if u := (Use{Pos: d.Pos, Rule: id}); !s.used[u] {
				s.used[u] = true
				e.out.Used = append(e.out.Used, u)
			}
		}
	}
}

// ParseDirectives reads the //mpaudit:ignore comments of the pass's files.
func ParseDirectives(pass *analysis.Pass) []*Directive {
	var out []*Directive
	for _, file := range pass.Files {
		out = append(out, parseFile(pass, file)...)
	}
	return out
}

// docScope is the declaration a doc comment belongs to.
type docScope struct {
	start, end token.Pos
	types      []string
}

func parseFile(pass *analysis.Pass, file *ast.File) []*Directive {
	type found struct {
		c  *ast.Comment
		cg *ast.CommentGroup
	}
	var comments []found
	for _, cg := range file.Comments {
		for _, c := range cg.List {
			if suppression.IsComment(c.Text) {
				comments = append(comments, found{c, cg})
			}
		}
	}
	if len(comments) == 0 {
		return nil
	}
	tf := pass.Fset.File(file.Pos())
	if tf == nil {
		return nil
	}
	// One walk finds the doc comments of types and fields, and the
	// directives that trail code on their line.
	lines := map[int]token.Pos{} // directive line -> first directive on it
	for _, x := range comments {
		l := tf.Line(x.c.Pos())
		if p, ok := lines[l]; !ok || x.c.Pos() < p {
			lines[l] = x.c.Pos()
		}
	}
	trailing := map[int]bool{}
	docs := map[*ast.CommentGroup]docScope{}
	qualify := func(name *ast.Ident) string {
		if pass.Pkg == nil {
			return name.Name
		}
		return pass.Pkg.Path() + "." + name.Name
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case nil, *ast.File, *ast.CommentGroup, *ast.Comment:
			return true
		case *ast.GenDecl:
			if n.Tok == token.TYPE && n.Doc != nil {
				sc := docScope{start: n.Pos(), end: n.End()}
				for _, s := range n.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok {
						sc.types = append(sc.types, qualify(ts.Name))
					}
				}
				docs[n.Doc] = sc
			}
		case *ast.TypeSpec:
			if n.Doc != nil {
				docs[n.Doc] = docScope{start: n.Pos(), end: n.End(), types: []string{qualify(n.Name)}}
			}
		case *ast.Field:
			if n.Doc != nil {
				docs[n.Doc] = docScope{start: n.Pos(), end: n.End()}
			}
		}
		// Code starts or ends before the directive on its line.
		if l, ok := lineOf(tf, n.Pos()); ok && n.Pos() < lines[l] {
			trailing[l] = true
		}
		if l, ok := lineOf(tf, n.End()); ok && n.End() <= lines[l] {
			trailing[l] = true
		}
		return true
	})

	var out []*Directive
	for _, x := range comments {
		d := &Directive{Entry: suppression.ParseComment(x.c.Text), Pos: x.c.Pos()}
		switch sc, isDoc := docs[x.cg]; {
		case isDoc:
			d.start, d.end, d.types = sc.start, sc.end, sc.types
		case trailing[tf.Line(x.c.Pos())]:
			d.file, d.line = tf.Name(), tf.Line(x.c.Pos())
		default:
			if next := tf.Line(x.cg.End()) + 1; next <= tf.LineCount() {
				d.file, d.line = tf.Name(), next
			}
		}
		out = append(out, d)
	}
	return out
}

// lineOf is the line of p in tf, if p is in tf.
func lineOf(tf *token.File, p token.Pos) (int, bool) {
	if !p.IsValid() || int(p) < tf.Base() || int(p) > tf.Base()+tf.Size() {
		return 0, false
	}
	return tf.Line(p), true
}
