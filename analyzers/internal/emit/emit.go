// Package emit turns catalog violations into the shared finding model and,
// at or above the reporting threshold, into go/analysis diagnostics, so
// `mpaudit check` and `go vet -vettool` report the same findings.
package emit

import (
	"fmt"
	"go/token"
	"os"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// Findings is the result type of every reporting analyzer.
type Findings struct {
	List []report.Finding
	// Notes say how input was read (a CRD tree read without kustomize).
	Notes []string
	// Problems are inputs that could not be read.
	Problems []report.Problem
	// Used lists the //mpaudit:ignore directives that covered a finding.
	Used []Use
	// Blocked are uses a type fix would break and the use-site fixes cannot
	// rewrite (Blocks): Type and Field name the field, Position and
	// Message the use.
	Blocked []report.Finding
	// Owners name the type each diagnostic with fixes migrates, so that a
	// driver can tell the fixes of one type's migration from another's
	// (mpaudit rewrite withholds a unit whose change does not verify).
	Owners []Owner
}

// Owner is the type whose migration the fixes of the diagnostic of Rule
// at Pos belong to.
type Owner struct {
	Pos        token.Pos
	Rule, Type string
}

// ResultType is the reflect type of *Findings.
var ResultType = reflect.TypeFor[*Findings]()

// reporting is the result of a reporting analyzer: *Findings, or a type
// that embeds it to say more (kindtypes' changed fields).
type reporting interface{ findings() *Findings }

func (f *Findings) findings() *Findings { return f }

// FindingsOf returns the findings of a reporting analyzer's result.
func FindingsOf(result any) (*Findings, bool) {
	r, ok := result.(reporting)
	if !ok {
		return nil, false
	}
	fs := r.findings()
	return fs, fs != nil
}

// Emitter reports findings for one pass.
type Emitter struct {
	pass  *analysis.Pass
	env   *setup.Env
	out   *Findings
	files map[string]*token.File
	sup   *suppressions // parsed on first use (suppress.go)
}

// New returns an emitter for a pass of env's analyzer set and the result
// it fills.
func New(pass *analysis.Pass, env *setup.Env) (*Emitter, *Findings) {
	out := &Findings{}
	return &Emitter{pass: pass, env: env, out: out, files: map[string]*token.File{}}, out
}

// Note records how input was read.
func (e *Emitter) Note(format string, args ...any) {
	e.out.Notes = append(e.out.Notes, fmt.Sprintf(format, args...))
}

// Problem records input that could not be read.
func (e *Emitter) Problem(p report.Problem) { e.out.Problems = append(e.out.Problems, p) }

// At records f at pos (a position in the package's files). It reports
// whether f stays: no //mpaudit:ignore comment covers it and the
// configuration keeps it (so its fixes reach go fix and mpaudit rewrite).
// In a package analysed for its use sites only, nothing is recorded.
func (e *Emitter) At(pos token.Pos, f report.Finding, fixes ...analysis.SuggestedFix) bool {
	if f.Severity == contract.Off || e.scope() == setup.ScopeUseSites {
		return false
	}
	if pos.IsValid() {
		p := e.pass.Fset.Position(pos)
		f.Position = &report.Position{File: p.Filename, Line: p.Line, Column: p.Column}
	}
	if why, ok := e.env.Settings.WithheldUnit(f.Type); ok && len(fixes) > 0 {
		fixes = nil
		f.Message += "; its fix is withheld: " + why
	}
	f.Fixes = Fixes(e.pass.Fset, fixes)
	e.suppress(pos, &f)
	e.out.List = append(e.out.List, f)
	return e.diagnose(pos, f, fixes)
}

func (e *Emitter) scope() setup.Scope { return e.env.Settings.ScopeOf(e.pass.Pkg.Path()) }

// FixOnly offers fixes where no finding is reported (test files, use
// sites the type fixes need changed). It reaches go fix and mpaudit
// rewrite only; reports never show it. f names the rule, kind and type the
// fixes belong to: the configuration drops them as it would drop such a
// finding. It reports whether the fixes stay (whether or not this driver
// applies fixes).
func (e *Emitter) FixOnly(pos token.Pos, f report.Finding, fixes []analysis.SuggestedFix) bool {
	if len(fixes) == 0 || !pos.IsValid() || e.scope() == setup.ScopeFacts {
		return false
	}
	if _, keep := e.configure(pos, &f); !keep {
		return false
	}
	if _, ok := e.env.Settings.WithheldUnit(f.Type); ok {
		return false
	}
	if e.env.Settings.Fix {
		e.out.Owners = append(e.out.Owners, Owner{Pos: pos, Rule: f.Rule, Type: f.Type})
		e.pass.Report(analysis.Diagnostic{Pos: pos, Category: f.Rule, Message: f.Rule + ": " + fixes[0].Message, SuggestedFixes: fixes})
	}
	return true
}

// Blocks records that the type fix of f.Field of f.Type would break the
// use at pos, which no use-site fix rewrites, so mpaudit rewrite withholds
// that fix (Settings.Withhold). Only where fixes are collected: test files
// and use-site-only packages included, since they must build too.
func (e *Emitter) Blocks(pos token.Pos, f report.Finding) {
	if !e.env.Settings.Fix || !pos.IsValid() || e.scope() == setup.ScopeFacts {
		return
	}
	p := e.pass.Fset.Position(pos)
	f.Position = &report.Position{File: p.Filename, Line: p.Line, Column: p.Column}
	e.out.Blocked = append(e.out.Blocked, f)
}

// InFile records f at a line of a non-Go file (a CRD or kustomization).
// The file is added to the FileSet so vet can print the position; owner,
// the Go declaration the file is about, travels as related information for
// drivers that only show positions in Go files (golangci-lint).
func (e *Emitter) InFile(file string, line int, owner token.Pos, f report.Finding) {
	if f.Severity == contract.Off || e.scope() == setup.ScopeUseSites {
		return
	}
	f.Position = &report.Position{File: file, Line: line}
	e.suppress(token.NoPos, &f)
	e.out.List = append(e.out.List, f)
	var related []analysis.RelatedInformation
	if owner.IsValid() {
		related = []analysis.RelatedInformation{{Pos: owner, Message: "the Go type this " + f.Kind + " CRD is generated from"}}
	}
	e.diagnose(e.filePos(file, line), f, nil, related...)
}

func (e *Emitter) diagnose(pos token.Pos, f report.Finding, fixes []analysis.SuggestedFix, related ...analysis.RelatedInformation) bool {
	if f.Suppressed {
		return false // an //mpaudit:ignore comment covers it
	}
	if !pos.IsValid() {
		return true
	}
	reportAt, keep := e.configure(pos, &f)
	if !keep {
		return false
	}
	if f.Severity < reportAt && !(e.env.Settings.Fix && len(fixes) > 0) {
		return true
	}
	if len(fixes) > 0 && e.env.Settings.Fix {
		e.out.Owners = append(e.out.Owners, Owner{Pos: pos, Rule: f.Rule, Type: f.Type})
	}
	url := ""
	if r, ok := contract.Lookup(f.Rule); ok {
		url = r.DocURL
	}
	subject := f.Kind
	if f.Field != "" {
		subject = strings.TrimSpace(subject + " " + f.Field)
	}
	e.pass.Report(analysis.Diagnostic{
		Pos:            pos,
		Category:       f.Rule,
		URL:            url,
		Message:        fmt.Sprintf("%s %s: %s: %s", f.Rule, f.Severity, subject, f.Message),
		SuggestedFixes: fixes,
		Related:        related,
	})
	return true
}

// Fixes converts analysis fixes to the report's byte-offset form. Edits
// that span files or lack a file are dropped; a fix left with no edit is too.
func Fixes(fset *token.FileSet, fixes []analysis.SuggestedFix) []report.Fix {
	var out []report.Fix
	for _, sf := range fixes {
		fix := report.Fix{Message: sf.Message}
		for _, te := range sf.TextEdits {
			end := te.End
			if !end.IsValid() {
				end = te.Pos
			}
			s, e := fset.Position(te.Pos), fset.Position(end)
			if s.Filename == "" || s.Filename != e.Filename {
				continue
			}
			fix.Edits = append(fix.Edits, report.Edit{
				File: s.Filename, Start: s.Offset, End: e.Offset,
				StartLine: s.Line, StartColumn: s.Column, EndLine: e.Line, EndColumn: e.Column,
				NewText: string(te.NewText),
			})
		}
		if len(fix.Edits) > 0 {
			out = append(out, fix)
		}
	}
	return out
}

func (e *Emitter) filePos(file string, line int) token.Pos {
	tf, ok := e.files[file]
	if !ok {
		content, err := os.ReadFile(file)
		if err != nil {
			return token.NoPos
		}
		tf = e.pass.Fset.AddFile(file, -1, len(content))
		tf.SetLinesForContent(content)
		e.files[file] = tf
	}
	if tf == nil || line < 1 || line > tf.LineCount() {
		if tf != nil && tf.Size() > 0 {
			return tf.Pos(0)
		}
		return token.NoPos
	}
	return tf.LineStart(line)
}
