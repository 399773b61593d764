package kindtypes

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/emit"
	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/analyzers/markers"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/crdconfig"
	"github.com/mpaudit/mpaudit/report"
)

// New returns the kindtypes analyzer of env's analyzer set; kf and mk are
// that set's kindfinder and markers analyzers.
func New(env *setup.Env, kf, mk *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "kindtypes",
		Doc:              "checks the API types of every contract kind (InfraCluster, InfraMachine, InfraMachinePool, ControlPlane, BootstrapConfig) against the catalog's field points for the target core and the CRD's contract label",
		URL:              "https://github.com/mpaudit/mpaudit/tree/main/analyzers/kindtypes",
		Run:              func(pass *analysis.Pass) (any, error) { return run(pass, env) },
		Requires:         []*analysis.Analyzer{kf, mk},
		RunDespiteErrors: true,
		ResultType:       ResultType,
		FactTypes:        []analysis.Fact{new(Changed)},
	}
}

func run(pass *analysis.Pass, env *setup.Env) (any, error) {
	res := kindfinder.MustResultOf(pass)
	mk := markers.ResultOf(pass)
	em, findings := emit.New(pass, env)
	out := &Result{Findings: findings, pass: pass}
	if env.Settings.ScopeOf(pass.Pkg.Path()) == setup.ScopeUseSites {
		return out, nil // its types are not rewritten in this run
	}
	checkResources(pass, em, res)
	var judged []*kindfinder.Type
	for _, t := range res.Types {
		if t.Catalog.TypeJudged() {
			judged = append(judged, t)
		}
	}
	if len(judged) == 0 {
		return out, nil
	}
	// A kind read whatever the label (a pool) comes first: where another
	// kind's type has the same struct, its fixes are the ones offered.
	slices.SortStableFunc(judged, func(a, b *kindfinder.Type) int {
		switch {
		case byLabel(a) == byLabel(b):
			return 0
		case byLabel(a):
			return 1
		}
		return -1
	})
	if slices.ContainsFunc(judged, byLabel) {
		reportCRDProblems(em, env, res)
	}
	shared := sharedStructs(res)
	for _, t := range judged {
		fix := fixer{pass: pass, mk: mk, t: t}
		if byLabel(t) && (shared[kindfinder.Deref(t.Spec)] || shared[kindfinder.Deref(t.Status)]) {
			// Another kind's type (a pool's) has the same struct: its
			// fixes would collide with that kind's, which come first.
			fix.t = nil
		}
		c := &checker{env: env, em: em, t: t, mk: mk, res: res, release: res.Release, fix: fix}
		c.judge(res.Target.Behaviour)
		// Every check asks the kind's rule (contract.TypeRuleOf) and skips
		// a kind that has none.
		c.readiness()
		c.readInPlace()
		c.initializationShape()
		c.failureFields()
		c.v1beta1Shapes()
		c.stringShapes()
		c.required()
		c.conditions()
		c.requiredWith()
		c.renamedFixes(c.labelDriven())
	}
	return out, nil
}

// byLabel reports whether core reads t's kind by the CRD's contract label.
func byLabel(t *kindfinder.Type) bool { return t.Catalog.LabelExclusiveSince != "" }

// sharedStructs are the spec and status types of more than one classified
// root type of the package.
func sharedStructs(res *kindfinder.Result) map[types.Type]bool {
	seen, shared := map[types.Type]bool{}, map[types.Type]bool{}
	for _, t := range res.Types {
		for _, s := range []types.Type{t.Spec, t.Status} {
			if s == nil {
				continue
			}
			s = kindfinder.Deref(s)
			shared[s] = seen[s]
			seen[s] = true
		}
	}
	return shared
}

// reportCRDProblems reports what kept config/crd, where kindfinder read the
// labels, from being read, unless poolcrd does (the package has pool types).
func reportCRDProblems(em *emit.Emitter, env *setup.Env, res *kindfinder.Result) {
	dir := crdconfig.FindConfigDir(res.Dir, res.RepoRoot)
	if dir == "" {
		return
	}
	cfg, err := env.LoadCRDs(dir)
	reported := slices.ContainsFunc(res.Pools, func(p *kindfinder.Pool) bool { return p.Storage })
	if err != nil {
		if !reported {
			em.Problem(report.Problem{Subject: dir, Message: err.Error()})
		}
		return
	}
	if !reported {
		if cfg.RenderError != nil {
			em.Note("%v", cfg.RenderError)
		}
		for _, p := range cfg.Problems {
			em.Problem(report.Problem{Subject: cfg.Dir, Message: p})
		}
	}
}

type checker struct {
	env     *setup.Env
	em      *emit.Emitter
	t       *kindfinder.Type
	res     *kindfinder.Result
	mk      *markers.Markers
	fix     fixer
	release contract.Release
	ctx     contract.Context
	// against is the contract the type is judged against: the label's for
	// the API version core reads, else v1beta2 (v1beta1 before v1.11).
	against contract.Contract
	// why says, in every message, what the judgement rests on; pools,
	// judged by what released cores read whatever the label, have none.
	why string
}

func (c *checker) because() string {
	if c.why == "" {
		return ""
	}
	return " (" + c.why + ")"
}

// judge takes the context kindfinder resolved from the CRD labels; a kind
// core reads whatever the label (a pool on released cores) is judged by
// what released cores read, with no judgement to state.
func (c *checker) judge(core contract.CoreBehaviour) {
	if !byLabel(c.t) {
		c.ctx = c.res.Context(c.t.Storage)
		return
	}
	c.ctx = c.t.Context(core, c.release)
	c.against = c.t.Judgement.Against
	c.why = c.t.Judgement.Why
}

func (c *checker) report(pos token.Pos, rule, field, format string, args ...any) {
	c.reportFix(pos, nil, rule, field, format, args...)
}

// reportFix reports a finding with suggested fixes; it reports whether the
// finding stays (see emit.Emitter.At).
func (c *checker) reportFix(pos token.Pos, fixes []analysis.SuggestedFix, rule, field, format string, args ...any) bool {
	return c.reportAt(pos, contract.MustRule(rule).Severity(c.ctx), fixes, rule, field, format, args...)
}

// reportAt is reportFix at a severity other than the rule's for this type.
func (c *checker) reportAt(pos token.Pos, sev contract.Severity, fixes []analysis.SuggestedFix, rule, field, format string, args ...any) bool {
	return c.reportShort(pos, sev, fixes, rule, field, "", format, args...)
}

// reportShort is reportAt with the sentence the text report prints
// (report.Finding.Short); "" means the message without how the kind was
// judged, which the full message ends with.
func (c *checker) reportShort(pos token.Pos, sev contract.Severity, fixes []analysis.SuggestedFix, rule, field, short, format string, args ...any) bool {
	if !pos.IsValid() {
		pos = c.t.Obj.Pos()
	}
	msg := fmt.Sprintf(format, args...)
	if short == "" && c.because() != "" {
		short = msg
	}
	return c.em.At(pos, report.Finding{
		Rule:       rule,
		Severity:   sev,
		Kind:       c.t.Kind,
		Type:       c.t.Type,
		APIVersion: c.t.APIVersion(),
		Field:      field,
		Message:    msg + c.because(),
		Short:      short,
		Spoke:      c.ctx.Spoke,
	}, fixes...)
}

// withheldShort is the text report's form of a withheld note: its reason
// stays in the full message.
func withheldShort(withheld string) string {
	if withheld == "" {
		return ""
	}
	return "; its fix is withheld (-o json says why)"
}

// withhold drops fixes that change the fields at paths when the settings
// withhold one of them (a use would not compile after it); withheld then
// ends the finding's message with why.
func (c *checker) withhold(fixes []analysis.SuggestedFix, paths ...string) (kept []analysis.SuggestedFix, withheld string) {
	for _, p := range paths {
		if why, ok := c.env.Settings.Withhold[setup.FieldKey{Type: c.t.Type, Field: p}]; ok && len(fixes) > 0 {
			return nil, "; its fix is withheld: " + why
		}
	}
	return fixes, ""
}

// field finds the Go field at a point's JSON path.
func (c *checker) field(path string) (kindfinder.JSONField, bool) {
	return kindfinder.FieldByPath(c.t.Obj.Type(), path)
}

// point returns the kind's point of an aspect under a contract.
func (c *checker) point(ct contract.Contract, a contract.Aspect) (contract.Point, bool) {
	return c.t.Catalog.PointOf(ct, a)
}

// containerPos is where a missing point is reported: the declaration of the
// type holding it (the status struct), else the root type.
func (c *checker) containerPos(p contract.Point) token.Pos {
	if f, ok := kindfinder.FieldByJSON(c.t.Obj.Type(), p.Segments()[0]); ok {
		if n, ok := kindfinder.Deref(f.Var.Type()).(*types.Named); ok {
			return n.Obj().Pos()
		}
		return f.Var.Pos()
	}
	return c.t.Obj.Pos()
}

// readiness reports how the type declares its kind's readiness pair; the
// rule, the point named, the position and the message are the kind's
// (contract.TypeRuleOf).
func (c *checker) readiness() {
	v1, v2, ok := c.t.Catalog.ReadinessPair()
	if !ok {
		return
	}
	check, v1Field, _ := contract.ReadinessCheck(c.t.Catalog, c.release, c.against, c.has)
	var f1 kindfinder.JSONField
	has1 := v1Field != ""
	if has1 {
		f1, _ = c.field(v1Field)
	}
	f2, has2 := c.field(v2.Path)
	v1Name := v1.Path
	// stands says when a field the target reads in place of v1's is taken for it.
	stands := ""
	if has1 && v1Field != v1.Path {
		v1Name = v1Field
		stands = fmt.Sprintf(" (core %s reads %s in place of %s under the %s contract; later cores read only %s)",
			c.release, v1Field, v1.Path, c.against, v1.Path)
	}
	r := c.t.Catalog.TypeRuleOf(check, "")
	format := r.Format
	if c.holds(r.When) {
		format = r.Alt
	}
	field := v2.Segments()[0]
	switch r.Field {
	case contract.V1Beta1:
		field = v1Name
	case contract.V1Beta2:
		field = v2.Path
	}
	var pos token.Pos
	switch r.At {
	case contract.AtPoint:
		if has1 {
			pos = f1.Var.Pos()
		} else if has2 {
			pos = f2.Var.Pos()
		}
	case contract.AtParent:
		segs := v2.Segments()
		if f, ok := c.field(strings.Join(segs[:len(segs)-1], ".")); ok {
			pos = f.Var.Pos()
		}
	case contract.AtContainer:
		pos = c.containerPos(v2)
	case contract.AtRoot:
		pos = c.t.Obj.Pos()
	}
	msg := fmt.Sprintf(format, c.t.Kind, v1Name, v2.Path, contract.ReleaseV1Beta2, strings.Join(c.ctx.Core.PoolReadinessFields, ", then "), c.versionNote()) + stands
	if check == contract.TypeV1Beta1ReadinessOnly {
		fixes := c.fix.initialization(f1)
		if stands != "" {
			fixes = nil // the fix adds the successor of v1's field, which the type lacks
		}
		c.reportChange(pos, fixes, []*types.Var{f1.Var}, r.Rule, field, "%s", msg)
		return
	}
	c.report(pos, r.Rule, field, "%s", msg)
}

// holds reports whether a type rule's condition for its Alt message holds.
func (c *checker) holds(w contract.TypeWhen) bool {
	switch w {
	case contract.WhenLabelV1Beta2:
		return c.ctx.Label == contract.V1Beta2
	case contract.WhenJudgedV1Beta1:
		return c.against == contract.V1Beta1
	case contract.WhenReadyUnread:
		return !c.ctx.Core.ReadsReady()
	}
	return false
}

// has reports whether the type declares a field at the JSON path.
func (c *checker) has(path string) bool {
	_, ok := c.field(path)
	return ok
}

// readInPlace reports a readiness point the target reads in place of
// another (a v1beta1 ControlPlane's status.ready on v1.11.0–v1.11.4) when
// the type lacks it.
func (c *checker) readInPlace() {
	r := c.t.Catalog.TypeRuleOf(contract.TypeReadInPlace, "")
	if r.Rule == "" {
		return
	}
	missing, err := contract.UnreadInPlace(c.t.Catalog, c.release, c.against, c.has)
	if err != nil {
		return
	}
	for _, rp := range missing {
		pos := c.containerPos(rp.Point)
		if f, ok := c.field(rp.Read.InPlaceOf); ok {
			pos = f.Var.Pos()
		}
		c.report(pos, r.Rule, rp.Point.Path,
			"core %s reads %s in place of %s under the %s contract (%s), and %s has no %s: it is never seen initialized",
			c.release, rp.Point.Path, rp.Read.InPlaceOf, c.against, rp.Read.Basis, c.t.Kind, rp.Point.Path)
	}
}

// initializationShape reports status.initialization not of the contract's
// shape, in the kind's words (contract.TypeRuleOf's ShapeWords).
func (c *checker) initializationShape() {
	r := c.t.Catalog.TypeRuleOf(contract.TypeInitializationShape, "")
	init, ok := c.point(contract.V1Beta2, contract.AspectInitialization)
	inner, okInner := c.t.Catalog.Readiness(contract.V1Beta2)
	if r.Rule == "" || !ok || !okInner {
		return
	}
	f, has := c.field(init.Path)
	if !has {
		return
	}
	w := r.Shape
	var problems []string
	short := "" // the text report's sentence when w.Summary
	t := f.Var.Type()
	if _, isPtr := types.Unalias(t).(*types.Pointer); isPtr && !init.Type.Pointer {
		problems = append(problems, "it is a pointer; the contract uses a value struct"+w.PointerWhy)
	}
	if !tagConforms(f.Tag, init.Tag, w.TagOptions) {
		problems = append(problems, fmt.Sprintf("its json tag is %q, want %q", f.Tag, init.Tag.String()))
	}
	unread := kindfinder.StructOf(t) == nil // no readiness field core can read, not only its Go style
	if unread {
		problems = append(problems, fmt.Sprintf("its type %s is not a struct", types.TypeString(t, qualifier)))
	} else if named, ok := kindfinder.Deref(t).(*types.Named); ok && named.Obj().Pkg() == c.t.Obj.Pkg() {
		for _, m := range init.Markers {
			if !m.OnType {
				continue
			}
			if got, ok := c.mk.Type(named.Obj()).Get(m.Name); !ok || got.Value != m.Value {
				problems = append(problems, fmt.Sprintf("%s lacks %s", named.Obj().Name(), m))
			}
		}
	}
	name := contract.Leaf(inner.Path)
	if g, ok := c.field(inner.Path); ok {
		if !matches(g.Var.Type(), inner.Type) {
			problems = append(problems, fmt.Sprintf("%s is %s, want %s%s", name, types.TypeString(g.Var.Type(), qualifier), inner.Type, w.TypeWhy))
		}
		if !tagConforms(g.Tag, inner.Tag, w.TagOptions) {
			problems = append(problems, fmt.Sprintf("%s's json tag is %q, want %q", name, g.Tag, inner.Tag.String()))
		}
	} else if kindfinder.StructOf(t) != nil {
		var names []string
		for _, g := range kindfinder.JSONFields(t) {
			names = append(names, g.Name)
		}
		hint := ""
		short = fmt.Sprintf("it has no %s field (-o json lists its fields)", name)
		if core, kind, ok := c.coreName(names); ok && w.CoreName {
			hint = fmt.Sprintf(" (%s is the core %s's name)", core, kind)
			short = fmt.Sprintf("rename %s to %s", core, name)
		}
		problems = append(problems, fmt.Sprintf("it has no %s field (fields: %s)%s", name, strings.Join(names, ", "), hint))
		unread = true
	}
	if len(problems) == 0 {
		return
	}
	ctx := c.ctx
	ctx.Style = !unread
	if len(problems) > 1 {
		short = fmt.Sprintf("%d problems (-o json lists them)", len(problems))
	}
	if short != "" && w.Summary {
		short = fmt.Sprintf(r.Format, init.Path, short, c.versionNote())
	} else {
		short = ""
	}
	c.reportShort(f.Var.Pos(), contract.MustRule(r.Rule).Severity(ctx), nil, r.Rule, init.Path, short,
		r.Format, init.Path, strings.Join(problems, "; "), c.versionNote())
}

// tagConforms reports whether a json tag is the point's: the same name and
// options, or with options, at least the point's.
func tagConforms(tag string, want contract.JSONTag, options bool) bool {
	got := contract.ParseJSONTag(tag)
	if !options {
		return got == want
	}
	return got.Name == want.Name && (got.OmitEmpty || !want.OmitEmpty) && (got.OmitZero || !want.OmitZero)
}

// coreName finds, among a struct's JSON field names, the name the core
// object referencing the kind gives its readiness field under the v1beta2
// contract (infrastructureProvisioned), and that core kind.
func (c *checker) coreName(names []string) (name, coreKind string, ok bool) {
	for _, l := range c.t.Catalog.Links {
		if l.APIVersion != contract.V1Beta2 {
			continue
		}
		for _, m := range l.Reports {
			if m.Aspect != contract.AspectReadiness {
				continue
			}
			leaf := contract.Leaf(m.Path)
			if slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, leaf) }) {
				return leaf, l.CoreKind, true
			}
		}
	}
	return "", "", false
}

func (c *checker) failureFields() {
	type present struct {
		p contract.Point
		f kindfinder.JSONField
	}
	var found []present
	var paths []string
	for _, p := range c.t.Catalog.Points(contract.V1Beta1) {
		if p.Aspect != contract.AspectFailureReason && p.Aspect != contract.AspectFailureMessage {
			continue
		}
		if f, ok := c.field(p.Path); ok {
			found = append(found, present{p, f})
			paths = append(paths, p.Path)
		}
	}
	if len(found) == 0 {
		return
	}
	fixes, withheld := c.withhold(c.failureFixes(paths...), paths...)
	withheld += c.failuresKept(paths...) // the finding stays and says why
	var fields []*types.Var
	kept := false
	for _, x := range found {
		moved := x.p.Path
		if q, ok := c.t.Catalog.PairOf(x.p); ok {
			moved = q.Path
		}
		fields = append(fields, x.f.Var)
		r := c.t.Catalog.TypeRuleOf(contract.TypeFailureField, x.p.Aspect)
		kept = c.reportShort(x.f.Var.Pos(), contract.MustRule(r.Rule).Severity(c.ctx), fixes, r.Rule, x.p.Path,
			"no v1beta2 field: move it to "+moved+withheldShort(withheld),
			r.Format, x.p.Path, moved, c.versionNote(), withheld) || kept
	}
	// One fix moves every failure field: a finding that stays offers it.
	if kept && len(fixes) > 0 {
		c.changed(c.t.Catalog.TypeRuleOf(contract.TypeFailureField, contract.AspectFailureReason).Rule, fields...)
	}
}

// failureFixes is the failure move, unless a supported core reads one of
// the fields by the v1beta1 contract (see failuresKept).
func (c *checker) failureFixes(paths ...string) []analysis.SuggestedFix {
	if c.failuresKept(paths...) != "" {
		return nil
	}
	return c.fix.failures()
}

// failuresKept says why the failure fields stay top-level: a supported
// core reads one by the v1beta1 contract (a core before v1.11 reads so the
// version its label names and takes it as a terminal failure), so moving
// it would change what that core reads. "" when none does. The same
// answer gates the poolusage use-site fixes, which follow kindtypes.Changed.
func (c *checker) failuresKept(paths ...string) string {
	if c.res == nil {
		return ""
	}
	// read are the paths a supported core reads with the labels the fix
	// lands with; stay those it reads even once the version is labelled
	// v1beta2, which no label change resolves.
	var read, stay []string
	var readBy, stayBy contract.CoreWindow
	for _, path := range paths {
		w, ok := c.res.V1Beta1Reader(c.t, path, c.res.Relabel)
		if !ok {
			continue
		}
		if len(read) == 0 {
			readBy = w
		}
		read = append(read, path)
		if w, ok := c.res.V1Beta1Reader(c.t, path, true); ok {
			if len(stay) == 0 {
				stayBy = w
			}
			stay = append(stay, path)
		}
	}
	// The basis of the window is in rules --explain MPA125.
	switch {
	case len(stay) > 0:
		return fmt.Sprintf("; not moved: cores %s read %s by the v1beta1 contract", stayBy, strings.Join(stay, " and "))
	case len(read) > 0:
		// Only the labels as they are keep them read: a driver that changes
		// no label (go fix) must not move them alone.
		return fmt.Sprintf("; not moved: cores %s read %s by the v1beta1 contract while the CRD's labels stay as they are; mpaudit rewrite moves them with the %s label",
			readBy, strings.Join(read, " and "), contract.LabelKey(string(contract.V1Beta2)))
	}
	return ""
}

// v1beta1Shapes reports fields that keep the v1beta1 shape where the
// v1beta2 point prescribes another that core decodes alike (*string → string).
func (c *checker) v1beta1Shapes() {
	r := c.t.Catalog.TypeRuleOf(contract.TypeV1Beta1Shape, "")
	if r.Rule == "" {
		return
	}
	for _, p := range c.t.Catalog.Points(contract.V1Beta2) {
		if len(p.Compatible) == 0 {
			continue
		}
		old, ok := c.t.Catalog.PairOf(p)
		if !ok || old.Path != p.Path {
			continue
		}
		f, ok := c.field(p.Path)
		if !ok || matches(f.Var.Type(), p.Type) || !matches(f.Var.Type(), old.Type) {
			continue
		}
		// The class of change picks the migration.
		var fixes []analysis.SuggestedFix
		switch class, _ := c.t.Catalog.Change(p); class {
		case contract.ChangeStringPointer:
			fixes = c.fix.stringShape(f, p)
		case contract.ChangeValueToPointer:
			if _, ok := PointerShape(c.t.Catalog, p.Path); ok {
				fixes = c.fix.pointerShape(f, p)
			}
		}
		fixes, withheld := c.withhold(fixes, p.Path)
		c.reportChange(f.Var.Pos(), fixes, []*types.Var{f.Var}, r.Rule, p.Path,
			"%s is %s, the v1beta1 shape; the v1beta2 contract prescribes %s%s", p.Path, types.TypeString(f.Var.Type(), qualifier), p.Type, withheld)
	}
}

// conditions reports status.conditions not of the v1beta2 shape, by the
// kind's rule (contract.TypeRuleOf).
func (c *checker) conditions() {
	p, ok := c.point(contract.V1Beta2, contract.AspectConditions)
	if !ok {
		return
	}
	f, ok := c.field(p.Path)
	if !ok || matches(f.Var.Type(), p.Type) {
		return
	}
	moved := p.Path
	if q, ok := c.point(contract.V1Beta2, contract.AspectV1Beta1Conditions); ok {
		moved = q.Path
	}
	r := c.t.Catalog.TypeRuleOf(contract.TypeConditions, "")
	args := []any{p.Path, types.TypeString(f.Var.Type(), qualifier), p.Type, moved, c.versionNote(), p.ReadFirst}
	if g, ok := c.field(p.ReadFirst); r.When == contract.WhenReadFirst && p.ReadFirst != "" && ok && matches(g.Var.Type(), p.Type) {
		// Core reads the stage-1 field first, so nothing is lost yet.
		advisory := c.ctx
		advisory.Advisory = true
		c.reportAt(f.Var.Pos(), contract.MustRule(r.Rule).Severity(advisory), nil, r.Rule, p.Path, r.Alt, args...)
		return
	}
	c.report(f.Var.Pos(), r.Rule, p.Path, r.Format, args...)
}

// labelDriven checks the points core reads by label, other than readiness:
// a field of the other contract's shape at the same path (failureDomains),
// and a renamed field present only under the other contract's name (it
// returns the paths of those it reported).
func (c *checker) labelDriven() (renamedReported map[string]bool) {
	renamedReported = map[string]bool{}
	shapeRule := c.t.Catalog.TypeRuleOf(contract.TypeShapeForLabel, "").Rule
	renamedRule := c.t.Catalog.TypeRuleOf(contract.TypeRenamedField, "").Rule
	if shapeRule == "" || renamedRule == "" {
		return renamedReported
	}
	reads, err := contract.Reads(c.t.Catalog, c.release, c.against)
	if err != nil {
		return renamedReported
	}
	for _, rp := range reads {
		p := rp.Point
		if !labelDriven(p) || p.Aspect == contract.AspectReadiness || p.Aspect == contract.AspectInitialization {
			continue
		}
		other, hasOther := c.t.Catalog.PairOf(p)
		f, has := c.field(p.Path)
		switch {
		case has && hasOther && other.Path == p.Path:
			if matchesAny(f.Var.Type(), p) || !matches(f.Var.Type(), other.Type) {
				continue
			}
			consequence := "decoding fails and so does the reconcile of the object that references " + c.t.Kind
			if !c.t.Judgement.Read {
				consequence = "once core reads this API version under that label, " + consequence
			}
			c.report(f.Var.Pos(), shapeRule, p.Path,
				"%s is %s, the %s shape, but core reads it as %s under the %s contract: %s",
				p.Path, types.TypeString(f.Var.Type(), qualifier), other.Contract, p.Type, c.against, consequence)
		case !has && hasOther && other.Path != p.Path:
			g, ok := c.field(other.Path)
			if !ok {
				continue
			}
			var fixes []analysis.SuggestedFix
			if i := slices.IndexFunc(RenamedPairs(c.t.Catalog), func(r RenamedPair) bool { return r.New.Path == p.Path }); i >= 0 {
				fixes = c.fix.renamed(RenamedPairs(c.t.Catalog)[i], g)
			}
			renamedReported[p.Path] = true
			c.reportChange(g.Var.Pos(), fixes, []*types.Var{g.Var}, renamedRule, p.Path,
				"%s has %s (the %s name) but no %s, which core reads under the %s contract",
				c.t.Kind, other.Path, other.Contract, p.Path, c.against)
		}
	}
	return renamedReported
}

// labelDriven reports whether some core reads the point only under its
// contract's label (before v1.11 such a v1beta1 point is read whatever the label).
func labelDriven(p contract.Point) bool {
	return slices.ContainsFunc(p.Reads, func(r contract.Read) bool { return r.Mode == contract.ReadLabelDriven })
}

// qualifier prints package names, not paths: clusterv1beta1.Conditions reads
// as v1beta1.Conditions.
func qualifier(p *types.Package) string { return p.Name() }
