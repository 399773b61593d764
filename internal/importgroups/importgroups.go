// Package importgroups places an added import in the group of the file's
// import declaration its kind belongs to, as the repository groups them:
// by the gci sections of a golangci-lint configuration at the module or
// repository root when one declares them, else as the file already groups
// standard, third-party and the module's own packages.
package importgroups

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/mod/modfile"
	"sigs.k8s.io/yaml"
)

// Rules classify import paths of one module.
type Rules struct {
	// Module is the module path ("" when no go.mod was found).
	Module string
	// Sections are gci's sections in the order the file keeps them; nil
	// when no configuration declares them.
	Sections []Section
	// Config is the file the sections come from.
	Config string
}

// Section is one gci section: standard, default, prefix, localmodule,
// blank, dot or alias; Prefix for prefix.
type Section struct {
	Kind   string
	Prefix string
}

var cache sync.Map // dir -> Rules

// For returns the rules of the module holding dir. A configuration that
// cannot be read is reported; the rules then infer the groups.
func For(dir string) (Rules, error) {
	if r, ok := cache.Load(dir); ok {
		return r.(Rules), nil
	}
	var r Rules
	var err error
	modRoot := ""
	for d := dir; ; d = filepath.Dir(d) {
		if data, e := os.ReadFile(filepath.Join(d, "go.mod")); e == nil {
			r.Module, modRoot = modfile.ModulePath(data), d
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	if modRoot != "" {
		for _, root := range []string{modRoot, repoRoot(modRoot)} {
			if root == "" {
				continue
			}
			var found bool
			found, err = r.load(root)
			if found || err != nil {
				break
			}
		}
	}
	if err == nil {
		cache.Store(dir, r)
	}
	return r, err
}

// repoRoot is the nearest directory above or at dir holding .git.
func repoRoot(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// load reads the first golangci configuration in dir; found is false when
// there is none.
func (r *Rules) load(dir string) (found bool, err error) {
	for _, name := range []string{".golangci.yml", ".golangci.yaml", ".golangci.toml", ".golangci.json"} {
		path := filepath.Join(dir, name)
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		var sections []string
		custom := false
		if strings.HasSuffix(name, ".toml") {
			sections, custom = tomlGCI(data)
		} else {
			var cfg struct {
				LintersSettings struct {
					GCI gciSettings `json:"gci"`
				} `json:"linters-settings"`
				Formatters struct {
					Settings struct {
						GCI gciSettings `json:"gci"`
					} `json:"settings"`
				} `json:"formatters"`
			}
			if err := yaml.Unmarshal(data, &cfg); err != nil {
				return true, fmt.Errorf("%s: %w", path, err)
			}
			g := cfg.Formatters.Settings.GCI // v2
			if len(g.Sections) == 0 {
				g = cfg.LintersSettings.GCI // v1
			}
			sections, custom = g.Sections, g.CustomOrder
		}
		if len(sections) > 0 {
			r.Config = path
			for _, s := range sections {
				sec, err := parseSection(s)
				if err != nil {
					return true, fmt.Errorf("%s: gci section %q: %w", path, s, err)
				}
				r.Sections = append(r.Sections, sec)
			}
			if !custom {
				// Without custom-order gci writes its own order.
				slices.SortStableFunc(r.Sections, func(a, b Section) int { return gciOrder[a.Kind] - gciOrder[b.Kind] })
			}
		}
		return true, nil
	}
	return false, nil
}

type gciSettings struct {
	Sections    []string `json:"sections"`
	CustomOrder bool     `json:"custom-order"`
}

// gciOrder is gci's section order when custom-order is off.
var gciOrder = map[string]int{"standard": 0, "default": 1, "prefix": 2, "blank": 3, "dot": 4, "alias": 5, "localmodule": 6}

func parseSection(s string) (Section, error) {
	s = strings.TrimSpace(s)
	lower := strings.ToLower(s)
	if p, ok := strings.CutPrefix(lower, "prefix("); ok && strings.HasSuffix(p, ")") {
		// gci's prefix section lists prefixes separated by commas; the
		// first names the section here.
		inner := s[len("prefix(") : len(s)-1]
		return Section{Kind: "prefix", Prefix: strings.TrimSpace(strings.Split(inner, ",")[0])}, nil
	}
	if _, ok := gciOrder[lower]; ok {
		return Section{Kind: lower}, nil
	}
	return Section{}, fmt.Errorf("unknown section")
}

// tomlGCI reads sections and custom-order of the [linters-settings.gci]
// or [formatters.settings.gci] table: the keys golangci-lint reads there,
// one-line arrays only.
func tomlGCI(data []byte) (sections []string, custom bool) {
	in := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(l, "[") {
			t := strings.Trim(l, "[] ")
			in = t == "linters-settings.gci" || t == "formatters.settings.gci"
			continue
		}
		k, v, ok := strings.Cut(l, "=")
		if !in || !ok {
			continue
		}
		switch strings.TrimSpace(k) {
		case "sections":
			v = strings.Trim(strings.TrimSpace(v), "[]")
			for e := range strings.SplitSeq(v, "\",") {
				if e = strings.Trim(strings.TrimSpace(e), "\"'"); e != "" {
					sections = append(sections, e)
				}
			}
		case "custom-order":
			custom = strings.TrimSpace(v) == "true"
		}
	}
	return sections, custom
}

// section is the index of the section of an import (name may be empty),
// as gci matches: a name section, then the longest prefix, then standard,
// then default; -1 when none matches.
func (r Rules) section(name, path string) int {
	best, score := -1, -1
	for i, s := range r.Sections {
		sc := -1
		switch s.Kind {
		case "blank":
			if name == "_" {
				sc = 10000
			}
		case "dot":
			if name == "." {
				sc = 10000
			}
		case "alias":
			if name != "" && name != "_" && name != "." {
				sc = 10000
			}
		case "prefix":
			if hasPathPrefix(path, s.Prefix) {
				sc = 100 + len(s.Prefix)
			}
		case "localmodule":
			if r.Module != "" && hasPathPrefix(path, r.Module) {
				sc = 100 + len(r.Module)
			}
		case "standard":
			if IsStd(path) {
				sc = 50
			}
		case "default":
			sc = 0
		}
		if sc > score {
			best, score = i, sc
		}
	}
	return best
}

// hasPathPrefix matches as gci does: a plain string prefix.
func hasPathPrefix(path, prefix string) bool { return prefix != "" && strings.HasPrefix(path, prefix) }

// kind is an import's kind without sections: 0 standard, 1 third-party, 2
// the module's own.
func (r Rules) kind(path string) int {
	switch {
	case IsStd(path):
		return 0
	case r.Module != "" && (path == r.Module || strings.HasPrefix(path, r.Module+"/")):
		return 2
	}
	return 1
}

// Edit is text to insert at Pos.
type Edit struct {
	Pos  token.Pos
	Text string
}

// Place returns where an import of path (named name when not empty) goes
// in file: into the group of its section or kind, at its sorted place, or
// as a new group between the groups of the sections or kinds around it.
// ok is false when the file has no parenthesized import declaration.
func (r Rules) Place(fset *token.FileSet, file *ast.File, name, path string) (Edit, bool) {
	var gd *ast.GenDecl
	for _, d := range file.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT && g.Lparen.IsValid() && len(g.Specs) > 0 {
			gd = g
			break
		}
	}
	if gd == nil {
		return Edit{}, false
	}
	spec := strconv.Quote(path)
	if name != "" {
		spec = name + " " + spec
	}
	line := func(p token.Pos) int { return fset.Position(p).Line }
	// Groups are the specs between blank lines.
	var groups [][]*ast.ImportSpec
	prevEnd := 0
	for _, s := range gd.Specs {
		is := s.(*ast.ImportSpec)
		start := is.Pos()
		if is.Doc != nil {
			start = is.Doc.Pos()
		}
		if len(groups) == 0 || line(start) > prevEnd+1 {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], is)
		prevEnd = line(specEnd(is))
	}
	classOf, order := r.classifier(groups)
	want := classOf(name, path)
	// The group whose members mostly share the import's class; among
	// several, the one sharing the longest path prefix with it.
	target, bestShared := -1, -1
	for i, g := range groups {
		if groupClass(g, classOf) != want {
			continue
		}
		shared := 0
		for _, s := range g {
			p, _ := strconv.Unquote(s.Path.Value)
			shared = max(shared, commonPrefix(p, path))
		}
		if shared > bestShared {
			target, bestShared = i, shared
		}
	}
	if target >= 0 {
		g := groups[target]
		for _, s := range g {
			if p, _ := strconv.Unquote(s.Path.Value); p > path {
				at := s.Pos()
				if s.Doc != nil {
					at = s.Doc.Pos()
				}
				return Edit{Pos: at, Text: spec + "\n\t"}, true
			}
		}
		return Edit{Pos: specEnd(g[len(g)-1]), Text: "\n\t" + spec}, true
	}
	// A new group after the last one that comes before it.
	after := -1
	for i, g := range groups {
		if order(groupClass(g, classOf)) < order(want) {
			after = i
		}
	}
	if after < 0 {
		first := groups[0][0]
		at := first.Pos()
		if first.Doc != nil {
			at = first.Doc.Pos()
		}
		return Edit{Pos: at, Text: spec + "\n\n\t"}, true
	}
	g := groups[after]
	return Edit{Pos: specEnd(g[len(g)-1]), Text: "\n\n\t" + spec}, true
}

// classifier returns the class of an import and the order of classes.
// With sections a class is a section. Without, it is the import's kind,
// kinds the file mixes in one group counting as one.
func (r Rules) classifier(groups [][]*ast.ImportSpec) (func(name, path string) int, func(int) int) {
	if len(r.Sections) > 0 {
		return r.section, func(c int) int { return c }
	}
	// union of kinds that share a group
	rep := []int{0, 1, 2}
	var find func(int) int
	find = func(k int) int {
		if rep[k] != k {
			rep[k] = find(rep[k])
		}
		return rep[k]
	}
	for _, g := range groups {
		first := -1
		for _, s := range g {
			p, _ := strconv.Unquote(s.Path.Value)
			k := find(r.kind(p))
			if first < 0 {
				first = k
			} else if k != first {
				lo, hi := min(k, first), max(k, first)
				rep[hi] = lo
				first = lo
			}
		}
	}
	return func(_, path string) int { return find(r.kind(path)) }, func(c int) int { return c }
}

// groupClass is the class most members of g have (the first on a tie).
func groupClass(g []*ast.ImportSpec, classOf func(name, path string) int) int {
	count := map[int]int{}
	best, n := -1, 0
	for _, s := range g {
		p, _ := strconv.Unquote(s.Path.Value)
		name := ""
		if s.Name != nil {
			name = s.Name.Name
		}
		c := classOf(name, p)
		count[c]++
		if count[c] > n {
			best, n = c, count[c]
		}
	}
	return best
}

func specEnd(s *ast.ImportSpec) token.Pos {
	if s.Comment != nil {
		return s.Comment.End()
	}
	return s.End()
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}
