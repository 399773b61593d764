package oracle

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/mpaudit/mpaudit/contract"
)

// recorded is a recorded outcome with the probe, label set and case it was
// measured on.
type recorded struct {
	o  Outcome
	p  *Probe
	ls LabelSet
	c  Case
}

// readRecorded reads the record and pairs each outcome with its case.
func readRecorded(t *testing.T) []recorded {
	t.Helper()
	record, err := ReadRecord(RecordFile)
	if err != nil {
		t.Fatal(err)
	}
	type key struct{ kind, label, name string }
	objs := map[key]recorded{}
	for _, p := range Probes {
		for _, ls := range p.LabelSets() {
			for _, c := range p.Cases() {
				objs[key{p.Kind.Name, ls.Name, c.Name}] = recorded{p: p, ls: ls, c: c}
			}
		}
	}
	var out []recorded
	for _, o := range record {
		x, ok := objs[key{o.Kind, o.Label, o.Case}]
		if !ok {
			t.Errorf("%s: no such kind, case or label set", o.Key())
			continue
		}
		x.o = o
		out = append(out, x)
	}
	return out
}

// TestRecordMatchesCheck checks the static check's severities against the
// recorded outcomes, without running core. Each recorded object that is
// ready (every readiness field it sets is true, as a provider sets them
// once ready) stands for a provider type with just its fields, and a CRD
// whose schema has just them, labelled as the object's: what `mpaudit
// check` reports on them at that release (the type rules and the CRD
// check, contract.EvaluateKindCRD) must follow the severity policy:
//   - an error exactly when core misread the object (misreads: not
//     provisioned, a providerID, dataSecretName or failure domains it sets
//     not taken over, a top-level failure not propagated);
//   - per aspect: the rules on the top-level failure fields are an error
//     where setting them made core misread the object, else a warning on
//     cores that know the v1beta2 contract (the fields stop with v1beta1
//     support) and info before; the rules on a missing providerID or
//     dataSecretName an error exactly when core waits for it; the rules on
//     failure domains an error exactly when core did not copy them; the
//     rules on a ControlPlane's status.ready an error exactly when a v1.10
//     Cluster did not report its controlPlaneReady.
func TestRecordMatchesCheck(t *testing.T) {
	all := readRecorded(t)
	byKey := map[string]recorded{}
	for _, x := range all {
		byKey[x.o.Key()] = x
	}
	compared := map[string]int{}
	for _, x := range all {
		o := x.o
		bools, ready := readyFields(x.p, x.c)
		if !ready || !o.Resolved || !o.Settled {
			continue // not ready, or core never read it (the label rules' findings)
		}
		got, err := checkFindings(x.p.Kind, o.Release, x.ls, x.c, bools)
		if err != nil {
			t.Errorf("%s: %v", o.Key(), err)
			continue
		}
		miss := misreads(x.p, o, x.c)
		version := string(contract.ContractsKnownBy(o.Release)[0])
		// A core object of this release that shows no readiness (a v1.10
		// Cluster's control plane initialization) cannot say whether core
		// misread the object.
		if mirror(x.p, o.Release, version, contract.AspectReadiness) != nil {
			compared["every rule"]++
			if worst := got.worst(nil); (len(miss) > 0) != (worst == contract.Error) {
				t.Errorf("%s: core misread it: %v, but check reports a type with %s: %s", o.Key(), miss, caseFields(x.c), got)
			}
		}
		// ref is the same object without the aspect's fields.
		ref := func(aspects ...contract.Aspect) (recorded, bool) {
			c, ok := without(x.p, x.c, aspects...)
			if !ok {
				return recorded{}, false
			}
			r, ok := byKey[Outcome{Release: o.Release, Kind: o.Kind, Label: o.Label, Case: c.Name}.Key()]
			return r, ok
		}

		// Failure propagation.
		failureRules := ruleSet(x.p.Kind, contract.TypeFailureField, contract.AspectFailureReason, contract.AspectFailureMessage)
		failureSev := got.worst(failureRules)
		switch {
		case setsFailure(x.p, x.c):
			r, ok := ref(contract.AspectFailureReason, contract.AspectFailureMessage)
			if !ok {
				t.Errorf("%s: no recorded object without its failure fields", o.Key())
				continue
			}
			// Core handled the failure: it propagated it and concluded
			// nothing else than without it.
			handled := o.FailureReason != "" && slices.Equal(miss, misreads(r.p, r.o, r.c))
			want := contract.Error
			if handled {
				want = deprecatedSeverity(o.Release)
			}
			compared["failure, top-level"]++
			if fs := got.of(failureRules); len(fs) == 0 || slices.ContainsFunc(fs, func(f finding) bool { return f.sev != want }) {
				t.Errorf("%s: core propagated the failure %q and misread the object %v (without the failure: %v), so the failure rules should be %s; check reports: %s",
					o.Key(), o.FailureReason, miss, misreads(r.p, r.o, r.c), want, got)
			}
		case setsAspect(x.p, x.c, contract.V1Beta2, contract.AspectFailureReason, contract.AspectFailureMessage):
			compared["failure, deprecated.v1beta1"]++
			if failureSev != contract.Off || slices.Contains(miss, missFailure) {
				t.Errorf("%s: failure fields under status.deprecated.v1beta1: core misread %v, check reports %s", o.Key(), miss, got)
			}
		}

		// The providerID and dataSecretName core takes the object over by.
		for _, a := range takeover {
			pt, ok := x.p.Kind.PointOf(contract.V1Beta2, a)
			if !ok || mirror(x.p, o.Release, version, a) == nil {
				continue
			}
			empty := stringAt(x.c, pt.Path) == ""
			compared[string(a)]++
			if !got.judges(pt.Path, empty && !o.Provisioned) {
				t.Errorf("%s: %s empty: %v, core provisioned the object: %v; check reports on %s: %s", o.Key(), pt.Path, empty, o.Provisioned, pt.Path, got)
			}
		}

		// A v1.10 Cluster's controlPlaneReady mirrors the control plane's
		// status.ready: the rules on that field are an error exactly when
		// core did not report it.
		if pt, ok := x.p.Kind.PointOf(contract.V1Beta1, contract.AspectControlPlaneReady); ok && mirror(x.p, o.Release, version, contract.AspectControlPlaneReady) != nil {
			compared[string(contract.AspectControlPlaneReady)]++
			if !got.judges(pt.Path, !o.ControlPlaneReady) {
				t.Errorf("%s: core reported the control plane ready: %v; check reports on %s: %s", o.Key(), o.ControlPlaneReady, pt.Path, got)
			}
		}

		// An InfraCluster's failure domains.
		if pt, ok := x.p.Kind.PointOf(contract.V1Beta2, contract.AspectFailureDomains); ok && mirror(x.p, o.Release, version, contract.AspectFailureDomains) != nil {
			v, set := valueAt(x.c, pt.Path)
			if !set {
				continue
			}
			r, ok := ref(contract.AspectFailureDomains)
			if !ok {
				t.Errorf("%s: no recorded object without its failure domains", o.Key())
				continue
			}
			copied := o.FailureDomains == strings.Join(domainNames(v), ",") && slices.Equal(miss, misreads(r.p, r.o, r.c))
			compared[string(contract.AspectFailureDomains)]++
			if !got.judges(pt.Path, !copied) {
				t.Errorf("%s: core copied the failure domains %q: %v, but check reports on %s: %s", o.Key(), strings.Join(domainNames(v), ","), copied, pt.Path, got)
			}
		}
	}
	for _, aspect := range []string{"every rule", "failure, top-level", "failure, deprecated.v1beta1",
		string(contract.AspectProviderID), string(contract.AspectDataSecretName), string(contract.AspectFailureDomains),
		string(contract.AspectControlPlaneReady)} {
		if compared[aspect] == 0 {
			t.Errorf("no recorded object compared for %s", aspect)
		}
	}
	t.Logf("recorded ready objects compared with the static check's severities, by aspect: %v", compared)
}

// finding is one rule a mode reports, at its severity and field.
type finding struct {
	rule  string
	sev   contract.Severity
	field string
}

type findings []finding

func (fs findings) String() string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%s %s %s", f.rule, f.sev, f.field))
	}
	if len(out) == 0 {
		return "nothing"
	}
	return strings.Join(out, ", ")
}

// worst is the highest severity among the findings of rules (every
// finding when rules is nil).
func (fs findings) worst(rules []string) contract.Severity {
	s := contract.Off
	for _, f := range fs {
		if rules == nil || slices.Contains(rules, f.rule) {
			s = max(s, f.sev)
		}
	}
	return s
}

// of are the findings of rules.
func (fs findings) of(rules []string) findings {
	var out findings
	for _, f := range fs {
		if slices.Contains(rules, f.rule) {
			out = append(out, f)
		}
	}
	return out
}

// judges reports whether the findings on field are what core's misread
// of it asks for: some, each an error, when misread; no error otherwise.
func (fs findings) judges(field string, misread bool) bool {
	n := 0
	for _, f := range fs {
		if f.field != field {
			continue
		}
		n++
		if (f.sev == contract.Error) != misread {
			return false
		}
	}
	return n > 0 || !misread
}

// ruleSet are the rules of k's type check for the aspects.
func ruleSet(k *contract.Kind, check contract.TypeCheck, aspects ...contract.Aspect) []string {
	var out []string
	for _, a := range aspects {
		out = append(out, k.TypeRuleOf(check, a).Rule)
	}
	return out
}

// deprecatedSeverity is the policy's severity for v1beta1 fields core
// still handles at release r: a warning where r knows the v1beta2 contract
// (they stop with v1beta1 support), info where the v1beta1 contract is
// the newest r knows.
func deprecatedSeverity(r contract.Release) contract.Severity {
	if slices.Contains(contract.ContractsKnownBy(r), contract.Contract(contract.V1Beta2)) {
		return contract.Warning
	}
	return contract.Info
}

// Ways core misreads a ready object.
const (
	missProvisioned  = "not provisioned"
	missControlPlane = "control plane not ready"
	missFailure      = "failure not propagated"
)

// misreads lists how core's outcome o falls short of the ready object of
// case c: a readiness core mirrors not reported, a value the object sets
// that core mirrors (providerID, dataSecretName, failure domains,
// addresses, the Machine's spec.failureDomain) not copied, a top-level
// failure not propagated. Sorted.
func misreads(p *Probe, o Outcome, c Case) []string {
	version := string(contract.ContractsKnownBy(o.Release)[0])
	mirrors := func(a contract.Aspect) bool { return mirror(p, o.Release, version, a) != nil }
	var out []string
	if mirrors(contract.AspectReadiness) && !o.Provisioned {
		out = append(out, missProvisioned)
	}
	if mirrors(contract.AspectControlPlaneReady) && !o.ControlPlaneReady {
		out = append(out, missControlPlane)
	}
	copied := func(a contract.Aspect, got string) {
		pt, ok := p.Kind.PointOf(contract.V1Beta2, a)
		if !ok || !mirrors(a) {
			return
		}
		if v := stringAt(c, pt.Path); v != "" && v != got {
			out = append(out, pt.Path+" not copied")
		}
	}
	copied(contract.AspectProviderID, o.ProviderID)
	copied(contract.AspectDataSecretName, o.DataSecretName)
	if pt, ok := p.Kind.PointOf(contract.V1Beta2, contract.AspectFailureDomains); ok && mirrors(contract.AspectFailureDomains) {
		if v, set := valueAt(c, pt.Path); set && strings.Join(domainNames(v), ",") != o.FailureDomains {
			out = append(out, pt.Path+" not copied")
		}
	}
	if pt, ok := p.Kind.PointOf(contract.V1Beta1, contract.AspectMachineFailureDomain); ok && mirrors(contract.AspectMachineFailureDomain) {
		if v := stringAt(c, pt.Path); v != "" && v != o.SpecFailureDomain {
			out = append(out, pt.Path+" not copied")
		}
	}
	if pt, ok := p.Kind.PointOf(contract.V1Beta2, contract.AspectAddresses); ok && mirrors(contract.AspectAddresses) {
		if v, set := valueAt(c, pt.Path); set {
			if l, _ := v.([]any); len(l) != o.Addresses {
				out = append(out, pt.Path+" not copied")
			}
		}
	}
	if setsFailure(p, c) && o.FailureReason == "" {
		out = append(out, missFailure)
	}
	slices.Sort(out)
	return out
}

// without is the probe's case that is c without the fields of the
// aspects' points (either contract), if the probe has one.
func without(p *Probe, c Case, aspects ...contract.Aspect) (Case, bool) {
	strip := func(c Case) map[string]any {
		f := fields{contract.ObjectSpec: c.Spec, contract.ObjectStatus: c.Status}.clone()
		for _, ct := range []contract.Contract{contract.V1Beta1, contract.V1Beta2} {
			for _, a := range aspects {
				if pt, ok := p.Kind.PointOf(ct, a); ok {
					unstructured.RemoveNestedField(f, pt.Segments()...)
				}
			}
		}
		return pruneEmpty(f)
	}
	want := strip(c)
	for _, other := range p.Cases() {
		if other.Name != c.Name && reflect.DeepEqual(pruneEmpty(fields{contract.ObjectSpec: other.Spec, contract.ObjectStatus: other.Status}.clone()), want) {
			return other, true
		}
	}
	return Case{}, false
}

// pruneEmpty drops maps left empty.
func pruneEmpty(m map[string]any) map[string]any {
	for k, v := range m {
		if sub, ok := v.(map[string]any); ok {
			if pruneEmpty(sub); len(sub) == 0 {
				delete(m, k)
			}
		}
	}
	return m
}

func caseObject(c Case) map[string]any {
	return map[string]any{contract.ObjectSpec: c.Spec, contract.ObjectStatus: c.Status}
}

func valueAt(c Case, path string) (any, bool) {
	v, ok, _ := unstructured.NestedFieldNoCopy(caseObject(c), strings.Split(path, ".")...)
	return v, ok && v != nil
}

func stringAt(c Case, path string) string {
	s, _, _ := unstructured.NestedString(caseObject(c), strings.Split(path, ".")...)
	return s
}

// setsAspect reports whether case c sets a non-empty value at one of the
// aspects' points of contract ct.
func setsAspect(p *Probe, c Case, ct contract.Contract, aspects ...contract.Aspect) bool {
	for _, a := range aspects {
		if pt, ok := p.Kind.PointOf(ct, a); ok {
			if v, set := valueAt(c, pt.Path); set && v != "" {
				return true
			}
		}
	}
	return false
}

// caseFields are the paths case c sets, for messages.
func caseFields(c Case) string {
	var out []string
	var walk func(prefix string, m map[string]any)
	walk = func(prefix string, m map[string]any) {
		for k, v := range m {
			if sub, ok := v.(map[string]any); ok && !strings.HasSuffix(prefix+k, "failureDomains") {
				walk(prefix+k+".", sub)
				continue
			}
			out = append(out, prefix+k)
		}
	}
	walk("", caseObject(c))
	slices.Sort(out)
	return "[" + strings.Join(out, " ") + "]"
}

// readyFields are the boolean readiness points case c sets (the readiness
// fields a provider type needs to set it), and whether it is a ready
// object: every one of them true.
func readyFields(p *Probe, c Case) ([]string, bool) {
	var paths []string
	ready := true
	stripBools(p.Kind, contract.ObjectStatus, c.Status, func(path string, v bool) {
		paths = append(paths, path)
		ready = ready && v
	})
	slices.Sort(paths)
	return paths, ready
}

// stripBools is m without the boolean fields that are points of kind k
// (and maps left empty), which it passes to seen with their dot paths
// under prefix.
func stripBools(k *contract.Kind, prefix string, m map[string]any, seen func(string, bool)) map[string]any {
	out := map[string]any{}
	for name, v := range m {
		path := prefix + "." + name
		switch v := v.(type) {
		case bool:
			if isPoint(k, path) {
				seen(path, v)
			} else {
				out[name] = v
			}
		case map[string]any:
			if s := stripBools(k, path, v, seen); len(s) > 0 {
				out[name] = s
			}
		default:
			out[name] = v
		}
	}
	return out
}

// checkFindings is what the static check reports, at core release r, on
// a provider type of kind k with just case c's fields (bools are its
// readiness fields) whose CRD is labelled as ls and has just those fields
// in its schema: the readiness rules (checkReadiness), the top-level
// failure field rules, a field of the other contract's shape at a point
// core reads by label (kindtypes' labelDriven), and the CRD check.
func checkFindings(k *contract.Kind, r contract.Release, ls LabelSet, c Case, bools []string) (findings, error) {
	rules, ctx, err := checkReadiness(k, r, ls, bools)
	if err != nil {
		return nil, err
	}
	var out findings
	add := func(rule, field string, ctx contract.Context) {
		if sev := contract.MustRule(rule).Severity(ctx); sev != contract.Off {
			out = append(out, finding{rule, sev, field})
		}
	}
	for _, id := range rules {
		add(id, "readiness", ctx)
	}
	for _, p := range k.Points(contract.V1Beta1) {
		if p.Aspect != contract.AspectFailureReason && p.Aspect != contract.AspectFailureMessage {
			continue
		}
		if _, set := valueAt(c, p.Path); set {
			add(k.TypeRuleOf(contract.TypeFailureField, p.Aspect).Rule, p.Path, ctx)
		}
	}
	if k.LabelExclusiveSince != "" && ctx.Label != "" {
		reads, err := contract.Reads(k, r, ctx.Label)
		if err != nil {
			return nil, err
		}
		for _, rp := range reads {
			p := rp.Point
			other, ok := k.PairOf(p)
			v, set := valueAt(c, p.Path)
			if !ok || !set || other.Path != p.Path || p.Aspect == contract.AspectReadiness || p.Aspect == contract.AspectInitialization {
				continue
			}
			if !slices.ContainsFunc(p.Reads, func(rd contract.Read) bool { return rd.Mode == contract.ReadLabelDriven }) {
				continue
			}
			if got := contract.ValueOpenAPIType(v); got != contract.OpenAPIType(p.Type) && got == contract.OpenAPIType(other.Type) {
				add(contract.RuleKindShapeForLabel, p.Path, ctx)
			}
		}
	}
	crd := providerCRD(ls)
	schema := &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &apiextensionsv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{
		"apiVersion": {Type: "string"}, "kind": {Type: "string"}, "metadata": {Type: "object"},
		contract.ObjectSpec: schemaOf(c.Spec), contract.ObjectStatus: schemaOf(c.Status),
	}}}
	info := contract.CRDInfo{Name: crd.Name, Group: ls.Group, Kind: ls.Kind, Scope: string(crd.Spec.Scope), Labels: ls.Labels}
	for i := range crd.Spec.Versions {
		v := &crd.Spec.Versions[i]
		v.Schema = schema
		info.Versions = append(info.Versions, contract.CRDVersion{Name: v.Name, Served: v.Served, Storage: v.Storage})
	}
	for _, v := range contract.EvaluateKindCRD(contract.KindCRD{ContractKind: k, CRDInfo: info, Schema: contract.SchemaOf(crd)}, r) {
		out = append(out, finding{v.Rule, v.Severity, v.Field})
	}
	return out, nil
}

// schemaOf is the structural schema of a JSON value, as controller-gen
// gives a Go type holding just it.
func schemaOf(v any) apiextensionsv1.JSONSchemaProps {
	switch v := v.(type) {
	case map[string]any:
		props := map[string]apiextensionsv1.JSONSchemaProps{}
		for k, e := range v {
			props[k] = schemaOf(e)
		}
		return apiextensionsv1.JSONSchemaProps{Type: "object", Properties: props}
	case []any:
		items := apiextensionsv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{}}
		for _, e := range v {
			if s := schemaOf(e); s.Type == "object" {
				maps.Copy(items.Properties, s.Properties)
			} else {
				items = s
			}
		}
		return apiextensionsv1.JSONSchemaProps{Type: "array", Items: &apiextensionsv1.JSONSchemaPropsOrArray{Schema: &items}}
	case bool:
		return apiextensionsv1.JSONSchemaProps{Type: "boolean"}
	case string:
		return apiextensionsv1.JSONSchemaProps{Type: "string"}
	case int64, int32, int:
		return apiextensionsv1.JSONSchemaProps{Type: "integer"}
	case float64:
		return apiextensionsv1.JSONSchemaProps{Type: "number"}
	}
	return apiextensionsv1.JSONSchemaProps{}
}

// checkReadiness is what the static check decides for a type of kind k
// with just the readiness fields at paths, the API version core release r
// reads for label set ls: the readiness rule (contract.ReadinessRule) and
// the points read in place of another it lacks (contract.UnreadInPlace),
// with the rule context the analyzer gives such a type.
func checkReadiness(k *contract.Kind, r contract.Release, ls LabelSet, paths []string) ([]string, contract.Context, error) {
	has := func(path string) bool { return slices.Contains(paths, path) }
	if _, _, ok := k.ReadinessPair(); !ok {
		return nil, contract.Context{}, fmt.Errorf("%s has no readiness pair", k.Name)
	}
	core, err := contract.BehaviourFor(string(r))
	if err != nil {
		return nil, contract.Context{}, err
	}
	// The type is the version core reads: judged against its label
	// (kindfinder's Judgement, TypeRef.Context).
	label, _, err := contract.ResolveContractAt(ls.Labels, r)
	if err != nil {
		return nil, contract.Context{}, err
	}
	rule, _ := contract.ReadinessRule(k, r, label, has)
	rules := []string{rule}
	if k == &contract.InfraMachinePool {
		// A pool is judged without its label (kindfinder.Result.Context).
		return rules, contract.Context{Core: core, Release: r}, nil
	}
	missing, err := contract.UnreadInPlace(k, r, label, has)
	if err != nil {
		return nil, contract.Context{}, err
	}
	for range missing {
		rules = append(rules, contract.RuleKindReadInPlace)
	}
	return rules, contract.Context{Core: core, Release: r, Label: label}, nil
}

func isPoint(k *contract.Kind, path string) bool {
	for _, c := range []contract.Contract{contract.V1Beta1, contract.V1Beta2} {
		if _, ok := k.Point(c, path); ok {
			return true
		}
	}
	return false
}
