package poolusage

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mpaudit/mpaudit/analyzers/internal/emit"
	"github.com/mpaudit/mpaudit/analyzers/internal/lvalue"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/analyzers/kindtypes"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// The same engine judges every pair of renamed fields of the label-driven
// kinds (MPA220, MPA221: readiness, a ControlPlane's replica counters, ...,
// renamedPairs); what follows says it of the pool readiness pair.
//
// The readiness rules (MPA203, MPA204) judge a function by pairs of writes:
// a write of status.ready and a write of status.initialization.provisioned
// of the same pool object in the same function body form a dual write,
// whatever the values (both false is as correct as both true). A side
// written alone is reported unless every value it writes is false or nil:
// provisioned is one-way, so resetting ready needs no companion.
//
// What counts as a write: an assignment to the field (through any alias of
// the object), a key in a literal of the status or initialization type
// (pointer literals included), an assignment of a whole status or
// initialization value, and a call of a function whose WritesFact says it
// writes the field through that argument or receiver. Closures, deferred
// ones included, belong to the function that declares them. The judgement
// does not follow control flow: an early return between the two writes
// still pairs them.
//
// A setter (no results, a body of assignments, calls and ifs) that writes
// one side through its receiver or parameters is judged where it is
// called, as are functions of API packages, which are never use sites.
// An unexported setter is judged in place when nothing in its package
// calls it, or something uses it other than by calling it.

// WriteKind is what a function may do to one readiness field.
type WriteKind uint8

const (
	NoWrite WriteKind = iota
	// Resets writes only false or nil.
	Resets
	// Sets may make the field true (or writes a value not known).
	Sets
)

func (k WriteKind) String() string {
	switch k {
	case Resets:
		return "resets"
	case Sets:
		return "sets"
	}
	return "none"
}

// WritesFact summarises the readiness writes a function makes through its
// receiver or parameters, so that a call of it counts as those writes.
type WritesFact struct {
	Writes []ParamWrite
}

func (*WritesFact) AFact() {}

func (f *WritesFact) String() string {
	var parts []string
	for _, w := range f.Writes {
		parts = append(parts, w.String())
	}
	return "writes " + strings.Join(parts, ", ")
}

// ParamWrite is what a function writes on the pool object reached from one
// parameter.
type ParamWrite struct {
	// Param is the parameter's index, -1 for the receiver.
	Param int
	// Fields are the Go field names from the parameter to the pool object.
	Fields []string
	Pool   kindfinder.TypeRef
	// Pair is the index of the renamed field pair in the kind's
	// renamedPairs: 0 is readiness, others a ControlPlane's counters, ...
	Pair int
	// Ready and Provisioned are the writes of the pair's v1beta1 and
	// v1beta2 sides (named after the readiness pair, the first).
	Ready, Provisioned WriteKind
	// Deferred marks a side written alone that the function leaves to its
	// callers to judge.
	Deferred bool
}

func (w ParamWrite) String() string {
	root := fmt.Sprintf("param%d", w.Param)
	if w.Param < 0 {
		root = "recv"
	}
	s := fmt.Sprintf("%s ready=%s provisioned=%s", strings.Join(append([]string{root}, w.Fields...), "."), w.Ready, w.Provisioned)
	if w.Pair != 0 {
		p := pairPaths(w.Pool.ContractKind, w.Pair)
		s = fmt.Sprintf("%s %s=%s %s=%s", strings.Join(append([]string{root}, w.Fields...), "."), p[ready], w.Ready, p[provisioned], w.Provisioned)
	}
	if w.Deferred {
		s += " (callers judge)"
	}
	return s
}

// readiness is one side of a renamed field pair: the v1beta1 name (ready,
// for the readiness pair) or the v1beta2 one (provisioned).
type readiness int

const (
	ready readiness = iota
	provisioned
)

var readinessFields = [...]readiness{ready, provisioned}

// path is the JSON path of side r of pair on a type of ref's kind.
func (r readiness) path(ref kindfinder.TypeRef, pair int) string {
	return pairPaths(ref.ContractKind, pair)[r]
}

// renamedPairs are a kind's v1beta1 and v1beta2 paths of each field the
// v1beta2 contract renamed, from the catalog: the readiness pair first
// (none for kinds without both, such as templates), then, for the
// label-driven kinds, every other pair whose both names core reads by the
// label (a ControlPlane's replica counters, machine template fields).
func renamedPairs(kind string) [][2]string { return pairsByKind()[kind] }

// pairsByKind is renamedPairs of every catalogued kind: the catalog is fixed,
// and the walker asks for every field write.
var pairsByKind = sync.OnceValue(func() map[string][][2]string {
	out := map[string][][2]string{}
	for _, k := range contract.Kinds {
		out[k.Name] = kindPairs(k)
	}
	return out
})

func kindPairs(k *contract.Kind) [][2]string {
	v1, v2, ok := k.ReadinessPair()
	if !ok {
		return nil
	}
	out := [][2]string{{v1.Path, v2.Path}}
	for _, r := range k.RenamedPairs() {
		if r.Old.Aspect != contract.AspectReadiness {
			out = append(out, [2]string{r.Old.Path, r.New.Path})
		}
	}
	return out
}

// pairPaths are the paths of a kind's pair; empty when it has none.
func pairPaths(kind string, pair int) [2]string {
	ps := renamedPairs(kind)
	if pair < 0 || pair >= len(ps) {
		return [2]string{}
	}
	return ps[pair]
}

// readinessPaths are a kind's v1beta1 and v1beta2 readiness paths.
func readinessPaths(kind string) [2]string { return pairPaths(kind, 0) }

func (r readiness) partner() readiness { return 1 - r }

func (r readiness) on(ref kindfinder.TypeRef, pair int) bool {
	p := r.path(ref, pair)
	return p != "" && ref.Has(p)
}

// objKey names a pool object: a root variable (or, for anything else, the
// root expression's text) and the Go fields from it to the object. The same
// expression text names the same object.
type objKey struct {
	obj  types.Object
	text string
	path string
}

func (k objKey) with(fields ...string) objKey {
	for _, f := range fields {
		if k.path != "" {
			k.path += "."
		}
		k.path += f
	}
	return k
}

// event is one write of a readiness field.
type event struct {
	pos   token.Pos
	key   objKey
	pair  int
	field readiness
	kind  WriteKind
	pool  kindfinder.TypeRef
	text  string
	// field is a write of the field itself in this function's code, the
	// place a fix can go (not a call or a whole status value).
	fieldWrite bool
	// judged: the callee that made the write judged it already.
	judged bool
	// mirror: the value is derived from the other field of the same object.
	mirror bool
}

// callSite is a static call. Its argument keys are computed when the
// callee turns out to write through them: most callees do not.
type callSite struct {
	call *ast.CallExpr
	fn   *types.Func
	w    *walker
	// args are the keys of the receiver (-1) and arguments.
	args map[int]objKey
}

func (c *callSite) arg(param int) (objKey, bool) {
	if c.args == nil {
		c.args = c.w.callArgs(c.call, c.fn)
	}
	k, ok := c.args[param]
	return k, ok
}

// funcWrites is what one function declaration writes itself and calls.
type funcWrites struct {
	fn     *types.Func
	direct []event
	calls  []callSite
	params map[types.Object]int
	setter bool
}

// newWrites returns the analyzer that exports the WritesFacts. It is apart
// from poolusage so that stand-ins for poolusage (the golangci-lint plugin
// wraps it) share one producer of the facts.
func newWrites(pf *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "poolwrites",
		Doc:              "summarises what each function writes to the renamed fields (readiness, ControlPlane counters) of every kind through its receiver and parameters (reports nothing)",
		URL:              "https://github.com/mpaudit/mpaudit/tree/main/analyzers/poolusage",
		Run:              runWrites,
		Requires:         []*analysis.Analyzer{pf},
		RunDespiteErrors: true,
		ResultType:       reflect.TypeFor[*behaviour](),
		FactTypes:        []analysis.Fact{(*WritesFact)(nil)},
	}
}

func runWrites(pass *analysis.Pass) (any, error) {
	res := kindfinder.MustResultOf(pass)
	if res.Skipped {
		return &behaviour{pass: pass, res: res, funcs: map[*ast.FuncDecl]*funcWrites{}, summaries: map[*types.Func]*WritesFact{}}, nil
	}
	return newBehaviour(pass, res, len(res.Types) == 0), nil
}

type behaviour struct {
	pass *analysis.Pass
	res  *kindfinder.Result
	// judged is false in API packages: nothing is reported there.
	judged    bool
	funcs     map[*ast.FuncDecl]*funcWrites
	summaries map[*types.Func]*WritesFact
}

// newBehaviour reads every function of the package (tests and generated
// files aside), computes what each writes through its parameters and
// exports it as a WritesFact.
func newBehaviour(pass *analysis.Pass, res *kindfinder.Result, judged bool) *behaviour {
	b := &behaviour{pass: pass, res: res, judged: judged, funcs: map[*ast.FuncDecl]*funcWrites{}, summaries: map[*types.Func]*WritesFact{}}
	var order []*funcWrites
	for _, f := range pass.Files {
		if ast.IsGenerated(f) || strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fw := b.analyse(fd)
			b.funcs[fd] = fw
			order = append(order, fw)
		}
	}
	var calls, uses map[*types.Func]int
	for _, fw := range order {
		if fw.fn == nil {
			fw.setter = false
		}
		if !fw.setter || fw.fn.Exported() {
			continue
		}
		if calls == nil {
			calls, uses = b.references(order)
		}
		fw.setter = calls[fw.fn] > 0 && calls[fw.fn] == uses[fw.fn]
	}
	// Summaries of this package's functions depend on each other's; each
	// round can only add what a callee's summary gained, and the bound
	// keeps a pathological package finite.
	for round := 0; round <= len(order); round++ {
		changed := false
		for _, fw := range order {
			s := b.summarise(fw)
			if old := b.summaries[fw.fn]; !sameSummary(old, s) {
				b.summaries[fw.fn] = s
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	// Only exported functions can be called from other packages.
	for _, fw := range order {
		if s := b.summaries[fw.fn]; s != nil && fw.fn != nil && fw.fn.Exported() {
			pass.ExportObjectFact(fw.fn, s)
		}
	}
	return b
}

// references counts, for this package's functions, the static calls in
// the functions read and all uses outside test files. An unexported setter
// used other than by calls (a method value, say) has callers we cannot see.
func (b *behaviour) references(funcs []*funcWrites) (calls, uses map[*types.Func]int) {
	calls, uses = map[*types.Func]int{}, map[*types.Func]int{}
	for _, fw := range funcs {
		for _, c := range fw.calls {
			calls[c.fn]++
		}
	}
	for id, obj := range b.pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() != b.pass.Pkg {
			continue
		}
		if f := b.pass.Fset.File(id.Pos()); f != nil && !strings.HasSuffix(f.Name(), "_test.go") {
			uses[fn.Origin()]++
		}
	}
	return calls, uses
}

func sameSummary(a, b *WritesFact) bool {
	if a == nil || b == nil {
		return a == b
	}
	return slices.EqualFunc(a.Writes, b.Writes, func(x, y ParamWrite) bool {
		return x.Param == y.Param && slices.Equal(x.Fields, y.Fields) && x.Pool.Type == y.Pool.Type && x.Pair == y.Pair &&
			x.Ready == y.Ready && x.Provisioned == y.Provisioned && x.Deferred == y.Deferred
	})
}

// summary is the WritesFact of a callee, from this package or imported.
func (b *behaviour) summary(fn *types.Func) *WritesFact {
	if fn.Pkg() == b.pass.Pkg {
		return b.summaries[fn]
	}
	var f WritesFact
	if b.pass.ImportObjectFact(fn, &f) {
		return &f
	}
	return nil
}

// events are a function's own writes and those its calls make, by position.
func (b *behaviour) events(fw *funcWrites) []event {
	out := slices.Clone(fw.direct)
	for i := range fw.calls {
		c := &fw.calls[i]
		s := b.summary(c.fn)
		if s == nil {
			continue
		}
		text := types.ExprString(c.call)
		for _, w := range s.Writes {
			key, ok := c.arg(w.Param)
			if !ok {
				continue
			}
			key = key.with(w.Fields...)
			for _, f := range readinessFields {
				kind := w.Ready
				if f == provisioned {
					kind = w.Provisioned
				}
				if kind != NoWrite {
					out = append(out, event{pos: c.call.Pos(), key: key, pair: w.Pair, field: f, kind: kind, pool: w.Pool, text: text, judged: !w.Deferred})
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].pos < out[j].pos })
	return out
}

// pairs are the writes of one pair of fields of one object.
type pairs struct {
	key    objKey
	pair   int
	pool   kindfinder.TypeRef
	writes [2][]event
}

func group(events []event) []*pairs {
	type objPair struct {
		key  objKey
		pair int
	}
	var out []*pairs
	byKey := map[objPair]*pairs{}
	for _, e := range events {
		p, ok := byKey[objPair{e.key, e.pair}]
		if !ok {
			p = &pairs{key: e.key, pair: e.pair, pool: e.pool}
			byKey[objPair{e.key, e.pair}] = p
			out = append(out, p)
		}
		p.writes[e.field] = append(p.writes[e.field], e)
	}
	return out
}

// alone returns the side written without the other and its writes that
// still need judging (judged by no callee, possibly setting true); ok is
// false when the object has both sides or a write mirrors the other field.
func (p *pairs) alone() (side readiness, open []event, ok bool) {
	if len(p.writes[ready]) > 0 && len(p.writes[provisioned]) > 0 {
		return 0, nil, false
	}
	side = ready
	if len(p.writes[ready]) == 0 {
		side = provisioned
	}
	for _, e := range p.writes[side] {
		if e.mirror {
			return 0, nil, false
		}
		if e.kind == Sets && !e.judged {
			open = append(open, e)
		}
	}
	return side, open, len(open) > 0
}

func maxKind(events []event) WriteKind {
	k := NoWrite
	for _, e := range events {
		k = max(k, e.kind)
	}
	return k
}

// summarise is the WritesFact of one function: its writes through the
// receiver and parameters.
func (b *behaviour) summarise(fw *funcWrites) *WritesFact {
	var ws []ParamWrite
	for _, p := range group(b.events(fw)) {
		param, ok := fw.params[p.key.obj]
		if !ok || p.key.obj == nil {
			continue
		}
		w := ParamWrite{Param: param, Pool: p.pool, Pair: p.pair, Ready: maxKind(p.writes[ready]), Provisioned: maxKind(p.writes[provisioned])}
		if p.key.path != "" {
			w.Fields = strings.Split(p.key.path, ".")
		}
		if _, _, open := p.alone(); open {
			w.Deferred = !b.judged || fw.setter
		}
		ws = append(ws, w)
	}
	if len(ws) == 0 {
		return nil
	}
	sort.SliceStable(ws, func(i, j int) bool {
		if ws[i].Param != ws[j].Param {
			return ws[i].Param < ws[j].Param
		}
		if ws[i].Pair != ws[j].Pair {
			return ws[i].Pair < ws[j].Pair
		}
		return strings.Join(ws[i].Fields, ".") < strings.Join(ws[j].Fields, ".")
	})
	return &WritesFact{Writes: ws}
}

// check reports the readiness writes of one function that have no pair. It
// returns the status.ready writes of ready-only storage types, whose
// companion provisioned write the migration fix adds.
func (b *behaviour) check(pass *analysis.Pass, em *emit.Emitter, fd *ast.FuncDecl, accesses []access) map[token.Pos]bool {
	fw := b.funcs[fd]
	if fw == nil {
		return nil
	}
	byPos := map[token.Pos]access{}
	for _, a := range accesses {
		if a.write {
			byPos[a.pos] = a
		}
	}
	needs := map[token.Pos]bool{}
	for _, p := range group(b.events(fw)) {
		for _, e := range p.writes[ready] {
			// A storage type without the v1beta2 field gets it from the type
			// fix (MPA101, MPA120); its writes get the companion with it.
			if e.fieldWrite && e.kind == Sets && !provisioned.on(p.pool, p.pair) && p.pool.Storage && companionFor(p.pool, p.pair) {
				needs[e.pos] = true
			}
		}
		side, open, ok := p.alone()
		if !ok || !side.partner().on(p.pool, p.pair) {
			continue
		}
		if _, isParam := fw.params[p.key.obj]; isParam && p.key.obj != nil && fw.setter {
			continue // judged where the setter is called
		}
		ref, first := p.pool, open[0]
		f := report.Finding{Kind: ref.Kind, Type: ref.Type, APIVersion: ref.APIVersion(), Field: side.path(ref, p.pair), Access: "write"}
		// The readiness pair's v1beta1 side alone gets the one-way companion
		// write. All or nothing: a write the fix cannot reach (a setter
		// call) leaves the whole function to a person.
		var fixes []analysis.SuggestedFix
		note := ""
		if side == ready && companionFor(p.pool, p.pair) {
			var writes []access
			for _, e := range open {
				if a, ok := byPos[e.pos]; ok && e.fieldWrite {
					writes = append(writes, a)
				}
			}
			note = manualSuffix
			if len(writes) == len(open) {
				fixes, note = companionFix(pass, writes)
			}
		}
		b.reportAlone(em, fd, f, side, p.pair, first, note, fixes)
	}
	return needs
}

// companionFor reports whether a write of the v1beta1 side of ref's pair
// gets the v1beta2 write beside it: readiness (one-way), and renamed
// fields the catalog marks as copies.
func companionFor(ref kindfinder.TypeRef, pair int) bool {
	if pair == 0 {
		return readinessPaths(ref.ContractKind)[ready] != ""
	}
	_, ok := kindtypes.CopiedBy(ref.Catalog(), pairPaths(ref.ContractKind, pair)[ready])
	return ok
}

// reportAlone reports a kind's renamed field (readiness, a counter, ...)
// written alone on an object whose type has both names, by the kind's rule
// (contract.UseRuleOf): a pool's as released cores read it, a
// label-driven kind's under the label core reads the type's API version by
// (kindfinder's judgement) for the target core.
func (b *behaviour) reportAlone(em *emit.Emitter, fd *ast.FuncDecl, f report.Finding, side readiness, pair int, first event, note string, fixes []analysis.SuggestedFix) {
	ref := first.pool
	check := contract.UseV1Beta1WriteAlone
	if side == provisioned {
		check = contract.UseV1Beta2WriteAlone
	}
	r := ref.Catalog().UseRuleOf(check)
	args := []any{fd.Name.Name, first.text, side.partner().path(ref, pair), ref.Version, ref.Kind, ref.Judgement.Why}
	f.Rule = r.Rule
	f.Severity = contract.MustRule(f.Rule).Severity(ref.Context(b.res.Target.Behaviour, b.res.Release))
	f.Message = fmt.Sprintf(r.Format, args...) + note
	if r.Short != "" {
		f.Short = fmt.Sprintf(r.Short, args...)
	}
	em.At(first.pos, f, fixes...)
}

// analyse collects a function's own readiness writes and its calls.
func (b *behaviour) analyse(fd *ast.FuncDecl) *funcWrites {
	info := b.pass.TypesInfo
	fw := &funcWrites{params: map[types.Object]int{}, setter: isSetter(fd)}
	fw.fn, _ = info.Defs[fd.Name].(*types.Func)
	if fd.Recv != nil {
		for _, n := range fd.Recv.List[0].Names {
			if obj := info.Defs[n]; obj != nil {
				fw.params[obj] = -1
			}
		}
	}
	i := 0
	for _, field := range fd.Type.Params.List {
		for _, n := range field.Names {
			if obj := info.Defs[n]; obj != nil {
				fw.params[obj] = i
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	w := &walker{b: b, fw: fw, aliases: aliases(info, fd.Body)}
	ast.PreorderStack(fd.Body, nil, func(n ast.Node, ancestors []ast.Node) bool {
		stack := append(ancestors, n) // n and the nodes above it
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				var rhs ast.Expr
				if len(n.Lhs) == len(n.Rhs) && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
					rhs = n.Rhs[i]
				}
				w.assign(lhs, rhs, n.Tok, stack)
			}
		case *ast.UnaryExpr:
			if sel, ok := lvalue.Target(n.X).(*ast.SelectorExpr); ok && n.Op == token.AND {
				w.fieldWrite(sel, nil, stack) // the address escapes: a write of a value not known
			}
		case *ast.CompositeLit:
			w.literal(n, stack)
		case *ast.CallExpr:
			w.call(n)
		}
		return true
	})
	return fw
}

type walker struct {
	b       *behaviour
	fw      *funcWrites
	aliases map[types.Object]ast.Expr
}

// readinessOf names the pair and side path is on a type of ref's kind.
func readinessOf(ref kindfinder.TypeRef, path string) (pair int, side readiness, ok bool) {
	for pair, paths := range renamedPairs(ref.ContractKind) {
		for _, f := range readinessFields {
			if paths[f] == path {
				return pair, f, true
			}
		}
	}
	return 0, 0, false
}

// covers reports whether writing the value at node path p writes side f of pair.
func covers(p string, f readiness, pair int, ref kindfinder.TypeRef) bool {
	return p == "" || strings.HasPrefix(f.path(ref, pair), p+".")
}

func (w *walker) assign(lhs, rhs ast.Expr, tok token.Token, stack []ast.Node) {
	t := lvalue.Target(lhs)
	if sel, ok := t.(*ast.SelectorExpr); ok && w.fieldWrite(sel, rhs, stack) {
		return
	}
	// A whole status or initialization value; a literal's keys are
	// writes of their own, and a new variable is not a write.
	if tok != token.ASSIGN || rhs == nil || isLiteral(rhs) {
		return
	}
	node := w.b.nodeOf(w.b.pass.TypesInfo.TypeOf(t))
	if node == nil {
		return
	}
	key := w.keyOf(t)
	for pair := range renamedPairs(node.Ref.ContractKind) {
		for _, f := range readinessFields {
			if covers(node.Path, f, pair, node.Ref) && f.on(node.Ref, pair) {
				w.fw.direct = append(w.fw.direct, event{pos: t.Pos(), key: key, pair: pair, field: f, kind: w.valueKind(rhs), pool: node.Ref, text: types.ExprString(t)})
			}
		}
	}
}

// fieldWrite records a write of sel when it is a readiness field.
func (w *walker) fieldWrite(sel *ast.SelectorExpr, rhs ast.Expr, stack []ast.Node) bool {
	node, path, ok := selectorPath(w.b.pass, w.b.node, sel)
	if !ok {
		return false
	}
	pair, f, ok := readinessOf(node.Ref, path)
	if !ok {
		return false
	}
	key := w.keyOf(sel.X)
	w.fw.direct = append(w.fw.direct, event{pos: sel.Pos(), key: key, pair: pair, field: f, kind: w.valueKind(rhs), pool: node.Ref,
		text: types.ExprString(sel), fieldWrite: true, mirror: w.mirrors(rhs, stack, key, pair, f)})
	return true
}

func (w *walker) literal(lit *ast.CompositeLit, stack []ast.Node) {
	tv, ok := w.b.pass.TypesInfo.Types[lit]
	if !ok {
		return
	}
	named, ok := kindfinder.Deref(tv.Type).(*types.Named)
	if !ok {
		return
	}
	node, ok := w.b.node(named.Obj())
	st := kindfinder.StructOf(named)
	if !ok || st == nil {
		return
	}
	var key *objKey
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		v, ok := w.b.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok {
			continue
		}
		name, ok := kindfinder.JSONNameOf(st, v)
		if !ok {
			continue
		}
		path := join(node.Path, name)
		pair, field, isField := readinessOf(node.Ref, path)
		if !isField && isLiteral(kv.Value) {
			continue
		}
		if key == nil {
			k := w.destination(lit, stack)
			key = &k
		}
		if isField {
			w.fw.direct = append(w.fw.direct, event{pos: kv.Pos(), key: *key, pair: pair, field: field, kind: w.valueKind(kv.Value), pool: node.Ref,
				text: named.Obj().Name() + "{" + id.Name + ": …}", fieldWrite: true, mirror: w.mirrors(kv.Value, stack, *key, pair, field)})
			continue
		}
		for pair := range renamedPairs(node.Ref.ContractKind) {
			for _, f := range readinessFields {
				if covers(path, f, pair, node.Ref) && f.on(node.Ref, pair) {
					w.fw.direct = append(w.fw.direct, event{pos: kv.Pos(), key: *key, pair: pair, field: f, kind: w.valueKind(kv.Value), pool: node.Ref,
						text: named.Obj().Name() + "{" + id.Name + ": …}"})
				}
			}
		}
	}
}

// destination is the object a literal (the last node of stack) is
// written to: through enclosing literals to an assignment or declaration,
// else the outermost literal itself.
func (w *walker) destination(lit *ast.CompositeLit, stack []ast.Node) objKey {
	var cur ast.Node = lit
climb:
	for i := len(stack) - 2; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.ParenExpr:
			cur = p
			continue
		case *ast.UnaryExpr:
			if p.Op == token.AND {
				cur = p
				continue
			}
		case *ast.KeyValueExpr:
			if outer, ok := stack[max(i-1, 0)].(*ast.CompositeLit); ok && i > 0 && p.Value == cur {
				cur, i = outer, i-1
				continue
			}
		case *ast.AssignStmt:
			for j, r := range p.Rhs {
				if r == cur && len(p.Lhs) == len(p.Rhs) {
					return w.keyOf(p.Lhs[j])
				}
			}
		case *ast.ValueSpec:
			for j, v := range p.Values {
				if v == cur && j < len(p.Names) {
					return w.keyOf(p.Names[j])
				}
			}
		}
		break climb
	}
	return objKey{text: fmt.Sprintf("literal@%d", cur.Pos())}
}

func (w *walker) call(call *ast.CallExpr) {
	fn := typeutil.StaticCallee(w.b.pass.TypesInfo, call)
	if fn == nil {
		return
	}
	if fn.Pkg() != w.b.pass.Pkg && w.b.summary(fn) == nil {
		return // imported facts are final; this package's are not yet
	}
	w.fw.calls = append(w.fw.calls, callSite{call: call, fn: fn, w: w})
}

// callArgs are the keys of a call's receiver (-1) and arguments.
func (w *walker) callArgs(call *ast.CallExpr, fn *types.Func) map[int]objKey {
	args := call.Args
	keys := map[int]objKey{}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := w.b.pass.TypesInfo.Selections[sel]; s != nil {
			switch s.Kind() {
			case types.MethodVal:
				keys[-1] = w.keyOf(sel.X)
			case types.MethodExpr:
				if len(args) == 0 {
					return keys
				}
				keys[-1] = w.keyOf(args[0])
				args = args[1:]
			}
		}
	}
	sig, _ := fn.Type().(*types.Signature)
	for i, a := range args {
		if sig != nil && sig.Variadic() && i >= sig.Params().Len()-1 {
			break
		}
		keys[i] = w.keyOf(a)
	}
	return keys
}

// keyOf names the pool object e denotes. Fields inside a pool type name the
// pool itself, so p, p.Status and &p.Status are one object.
func (w *walker) keyOf(e ast.Expr) objKey {
	return w.keyAt(e, 0)
}

func (w *walker) keyAt(e ast.Expr, depth int) objKey {
	info := w.b.pass.TypesInfo
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
			continue
		case *ast.StarExpr:
			e = x.X
			continue
		case *ast.UnaryExpr:
			if x.Op == token.AND {
				e = x.X
				continue
			}
		}
		break
	}
	switch x := e.(type) {
	case *ast.Ident:
		obj := info.ObjectOf(x)
		if obj == nil {
			break
		}
		if init, ok := w.aliases[obj]; ok && depth < 8 {
			return w.keyAt(init, depth+1)
		}
		return objKey{obj: obj}
	case *ast.SelectorExpr:
		s := info.Selections[x]
		if s == nil {
			if obj := info.Uses[x.Sel]; obj != nil {
				return objKey{obj: obj} // a package-level variable
			}
			break
		}
		if s.Kind() != types.FieldVal {
			break
		}
		if w.b.nodeOf(info.TypeOf(x.X)) != nil {
			return w.keyAt(x.X, depth)
		}
		return w.keyAt(x.X, depth).with(x.Sel.Name)
	}
	return objKey{text: types.ExprString(e)}
}

// node is the fact of a type of a kind with a pair of readiness fields
// (pools and the label-driven kinds), or of a struct type under one.
func (b *behaviour) node(obj types.Object) (*kindfinder.NodeFact, bool) {
	nf, ok := b.res.Node(obj)
	if !ok || readinessPaths(nf.Ref.ContractKind)[ready] == "" {
		return nil, false
	}
	return nf, true
}

// nodeOf is the fact of a type, as node.
func (b *behaviour) nodeOf(t types.Type) *kindfinder.NodeFact {
	if t == nil {
		return nil
	}
	named, ok := kindfinder.Deref(t).(*types.Named)
	if !ok {
		return nil
	}
	nf, ok := b.node(named.Obj())
	if !ok {
		return nil
	}
	return nf
}

// mirrors reports whether a write of f on key derives its value from the
// other field of the same object: in the value, or in the condition of an
// if around it (`if p.Status.Ready { …Provisioned = ptr.To(true) }`).
func (w *walker) mirrors(value ast.Expr, stack []ast.Node, key objKey, pair int, f readiness) bool {
	var exprs []ast.Node
	if value != nil {
		exprs = append(exprs, value)
	}
	for _, n := range stack {
		if is, ok := n.(*ast.IfStmt); ok {
			exprs = append(exprs, is.Cond)
		}
	}
	found := false
	for _, x := range exprs {
		ast.Inspect(x, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if found || !ok {
				return !found
			}
			if n, path, ok := selectorPath(w.b.pass, w.b.node, sel); ok && path == f.partner().path(n.Ref, pair) && w.keyOf(sel.X) == key {
				found = true
			}
			return !found
		})
	}
	return found
}

func (w *walker) valueKind(e ast.Expr) WriteKind {
	if e == nil {
		return Sets
	}
	info := w.b.pass.TypesInfo
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok {
		if tv.IsNil() {
			return Resets
		}
		if tv.Value != nil && tv.Value.Kind() == constant.Bool && !constant.BoolVal(tv.Value) {
			return Resets
		}
	}
	if arg, ok := pointerHelperArg(info, e); ok {
		return w.valueKind(arg)
	}
	return Sets
}

func isLiteral(e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	_, ok := e.(*ast.CompositeLit)
	return ok
}

// aliases are local pointer variables defined once and never reassigned
// (st := &p.Status, pool := scope.Pool): writes through them are writes of
// what they point to.
func aliases(info *types.Info, body *ast.BlockStmt) map[types.Object]ast.Expr {
	defs := map[types.Object]ast.Expr{}
	reassigned := map[types.Object]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				id, ok := ast.Unparen(lhs).(*ast.Ident)
				if !ok {
					continue
				}
				if obj := info.Defs[id]; obj != nil {
					if len(n.Lhs) == len(n.Rhs) {
						defs[obj] = n.Rhs[i]
					}
					continue
				}
				if obj := info.Uses[id]; obj != nil {
					reassigned[obj] = true
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if obj := info.Defs[name]; obj != nil && i < len(n.Values) {
					defs[obj] = n.Values[i]
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND {
				reassigned[info.Uses[id]] = true
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if id, ok := e.(*ast.Ident); ok && n.Tok == token.ASSIGN {
					reassigned[info.Uses[id]] = true
				}
			}
		}
		return true
	})
	for obj, init := range defs {
		_, isPtr := obj.Type().Underlying().(*types.Pointer)
		if reassigned[obj] || !isPtr || isLiteral(init) {
			delete(defs, obj)
			continue
		}
		if _, ok := ast.Unparen(init).(*ast.FuncLit); ok {
			delete(defs, obj)
		}
	}
	return defs
}

// isSetter reports whether fd only sets things: no results, and a body of
// assignments, calls and ifs.
func isSetter(fd *ast.FuncDecl) bool {
	return fd.Type.Results.NumFields() == 0 && setterStmts(fd.Body.List)
}

func setterStmts(list []ast.Stmt) bool {
	for _, s := range list {
		switch s := s.(type) {
		case *ast.AssignStmt, *ast.ExprStmt, *ast.IncDecStmt, *ast.EmptyStmt, *ast.DeclStmt, *ast.ReturnStmt:
		case *ast.BlockStmt:
			if !setterStmts(s.List) {
				return false
			}
		case *ast.IfStmt:
			if !setterStmts(s.Body.List) || (s.Else != nil && !setterStmts([]ast.Stmt{s.Else})) {
				return false
			}
		default:
			return false
		}
	}
	return true
}
