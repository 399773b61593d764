package live

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// The label-driven kinds (InfraCluster, InfraMachine, ControlPlane,
// BootstrapConfig): CRDs found from what core objects reference and by the
// static classifier, their objects judged against the contract their CRD's
// label selects, and each core object compared with what it reports.
// Every path comes from the catalog (Kind.Links and points).

// kindRef is a core object's reference to an object of a label-driven kind.
type kindRef struct {
	kind *contract.Kind
	link contract.CoreLink
	key  refKey
	core report.Object
	// readiness is what the core object reports (nil when unset).
	readiness *bool
	// domains are the core object's failure domain names, when it reports them.
	domains    []string
	hasDomains bool
}

// kindState is what the audit remembers of a referenced object: what the
// target core computes from it.
type kindState struct {
	apiVersion string
	label      contract.Contract
	sees       bool
	// unclaimed lists the read points core takes the object over by
	// (providerID, dataSecretName) that are empty: while one is, core's own
	// object does not report it provisioned even though it sees it ready.
	unclaimed []string
	// fields shows the readiness fields, for messages.
	fields     string
	domains    []string
	hasDomains bool
	// domainsMisshaped: the failure domains have the other contract's
	// shape, which fails core's reconcile before it records the object
	// provisioned (MPA424).
	domainsMisshaped bool
	// fails: the object sets a point whose read fails core's reconcile
	// before it records the object provisioned (failsReconcile).
	fails bool
}

// classifyCRD gives a CRD's contract kind by the classifier static mode uses,
// from its group, kind and the schema paths of its storage version, and the
// configuration's kind overrides.
func classifyCRD(crd *apiextensionsv1.CustomResourceDefinition, overrides contract.Overrides) contract.Classification {
	version := ""
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			version = v.Name
		}
	}
	return contract.Classify(contract.TypeSummary{
		Group: crd.Spec.Group, Name: crd.Spec.Names.Kind,
		Paths: contract.SchemaPaths(crd, version, contract.ClassifierDepth),
	}, overrides)
}

func isLabelDriven(k *contract.Kind) bool {
	if k == nil {
		return false
	}
	base := k
	if k.IsTemplate() {
		base, _ = contract.KindByName(k.TemplateOf)
	}
	return slices.Contains(contract.LabelDrivenKinds, base)
}

// coreLinks groups the catalog's links of the label-driven kinds and of
// InfraMachinePool that hold at core release r by core kind.
func coreLinks(r contract.Release) map[string][]struct {
	kind *contract.Kind
	link contract.CoreLink
} {
	out := map[string][]struct {
		kind *contract.Kind
		link contract.CoreLink
	}{}
	for _, k := range append(slices.Clone(contract.LabelDrivenKinds), &contract.InfraMachinePool) {
		for _, l := range k.Links {
			if !l.At(r) {
				continue
			}
			out[l.CoreKind] = append(out[l.CoreKind], struct {
				kind *contract.Kind
				link contract.CoreLink
			}{k, l})
		}
	}
	return out
}

func segments(path string) []string { return strings.Split(path, ".") }

// collectKindRefs lists the core objects that reference label-driven kinds
// or InfraMachinePools (Cluster, Machine, MachinePool) and keeps each
// reference and what the core object reports about it; a MachinePool's
// pool reference goes to the pool's own checks (checkMachinePools).
func (a *auditor) collectKindRefs(ctx context.Context) {
	links := coreLinks(a.target.Release())
	for _, coreKind := range slices.Sorted(maps.Keys(links)) {
		crd := a.crds.byGroupKind(schema.GroupKind{Group: contract.CoreGroup, Kind: coreKind})
		if crd == nil {
			continue
		}
		version := ""
		for _, v := range []string{contract.V1Beta2, contract.V1Beta1} {
			if cv := versionOf(crd, v); cv != nil && cv.Served && version == "" {
				version = v
			}
		}
		if version == "" {
			continue
		}
		gvk := schema.GroupVersionKind{Group: contract.CoreGroup, Version: version, Kind: coreKind}
		err := a.src.List(ctx, gvk, Scope{Namespace: a.opts.Namespace}, func(u *unstructured.Unstructured) error {
			a.noteIgnores(u, gvk)
			for _, kl := range links[coreKind] {
				if kl.link.APIVersion != version {
					continue
				}
				if kl.kind == &contract.InfraMachinePool {
					a.collectPoolRef(u, gvk, kl.link)
					continue
				}
				if r, ok := readRef(u, gvk, kl.kind, kl.link); ok {
					a.kindRefs = append(a.kindRefs, r)
					if _, seen := a.kindObjs[r.key]; !seen {
						a.kindObjs[r.key] = nil
					}
				}
			}
			return nil
		})
		if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
			a.readError(report.Object{Group: contract.CoreGroup, Version: version, Kind: coreKind, Namespace: a.opts.Namespace}, coreKind+"s", err)
		}
	}
}

// readRef reads one link's reference and what the core object reports.
func readRef(u *unstructured.Unstructured, gvk schema.GroupVersionKind, k *contract.Kind, l contract.CoreLink) (kindRef, bool) {
	ref, ok, _ := unstructured.NestedMap(u.Object, segments(l.Ref)...)
	if !ok {
		return kindRef{}, false
	}
	kind, _ := ref["kind"].(string)
	name, _ := ref["name"].(string)
	group, _ := ref["apiGroup"].(string)
	if !l.RefHasAPIGroup {
		apiVersion, _ := ref["apiVersion"].(string)
		gv, _ := schema.ParseGroupVersion(apiVersion)
		group = gv.Group
	}
	if kind == "" || name == "" {
		return kindRef{}, false
	}
	r := kindRef{
		kind: k, link: l,
		key:  refKey{gk: schema.GroupKind{Group: group, Kind: kind}, namespace: u.GetNamespace(), name: name},
		core: report.Object{Group: gvk.Group, Version: gvk.Version, Kind: gvk.Kind, Namespace: u.GetNamespace(), Name: u.GetName()},
	}
	for _, m := range l.Reports {
		switch m.Aspect {
		case contract.AspectReadiness:
			r.readiness = nestedBool(u, segments(m.Path)...)
		case contract.AspectFailureDomains:
			if v, ok, _ := unstructured.NestedFieldNoCopy(u.Object, segments(m.Path)...); ok && v != nil {
				r.domains, r.hasDomains = domainNames(v), true
			}
		}
	}
	return r, true
}

// domainKey is the list-map key of v1beta2 failure domains (their name).
func domainKey() string {
	for _, p := range contract.InfraCluster.Points(contract.V1Beta2) {
		if p.Aspect != contract.AspectFailureDomains {
			continue
		}
		if m, ok := p.HasMarker(contract.MarkerListMapKey); ok {
			return m.Value
		}
	}
	return ""
}

// domainNames reads failure domain names from either shape: a v1beta1 map
// keyed by name or a v1beta2 list of named entries.
func domainNames(v any) []string {
	var out []string
	switch d := v.(type) {
	case map[string]any:
		out = slices.Collect(maps.Keys(d))
	case []any:
		key := domainKey()
		for _, e := range d {
			if m, ok := e.(map[string]any); ok {
				if n, ok := m[key].(string); ok {
					out = append(out, n)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// kindCRDs returns the CRDs of label-driven kinds and of every template to audit,
// with their kind: what core objects reference, what the classifier finds in
// the provider groups, and --crd names it classifies so.
func (a *auditor) kindCRDs() ([]*apiextensionsv1.CustomResourceDefinition, map[string]*contract.Kind) {
	kinds := map[string]*contract.Kind{}
	for _, r := range a.kindRefs {
		crd := a.crds.byGroupKind(r.key.gk)
		if crd == nil || kinds[crd.Name] != nil {
			continue
		}
		kinds[crd.Name] = r.kind
		// Core reads a referenced kind as the reference says; check only
		// knows what the classifier tells it.
		if c := classifyCRD(crd, a.opts.KindOverrides); c.Kind != r.kind {
			a.res.Notes = append(a.res.Notes, fmt.Sprintf("%s: %s is audited as %s because %s %s/%s references it at %s; the classifier `mpaudit check` uses says: %s. "+
				"Name its kind in .mpaudit.yaml so both audit it the same way.",
				a.src.Name(), crd.Name, r.kind.Name, r.core.Kind, r.core.Namespace, r.core.Name, r.link.Ref, c.Reason))
		}
	}
	for _, crd := range a.crds.list {
		if _, ok := kinds[crd.Name]; ok {
			continue
		}
		// Every template's CRD is resolved by its label (a ClusterClass
		// references it), InfraMachinePoolTemplate's too.
		if c := classifyCRD(crd, a.opts.KindOverrides); isLabelDriven(c.Kind) || (c.Kind != nil && c.Kind.IsTemplate()) {
			kinds[crd.Name] = c.Kind
		}
	}
	var out []*apiextensionsv1.CustomResourceDefinition
	for _, crd := range a.crds.list {
		if kinds[crd.Name] != nil {
			out = append(out, crd)
		}
	}
	return out, kinds
}

func (a *auditor) kindCtx(label contract.Contract) contract.Context {
	return contract.Context{Core: a.target.Behaviour, Release: a.target.Release(), Label: label}
}

func (a *auditor) kindSeverity(rule string, label contract.Contract) contract.Severity {
	return contract.MustRule(rule).Severity(a.kindCtx(label))
}

// auditKindCRD checks one CRD of a label-driven kind and its objects.
func (a *auditor) auditKindCRD(ctx context.Context, crd *apiextensionsv1.CustomResourceDefinition, k *contract.Kind) {
	info := crdInfo(crd)
	release := a.target.Release()
	for _, v := range contract.EvaluateKindCRD(contract.KindCRD{ContractKind: k, CRDInfo: info, Schema: contract.SchemaOf(crd)}, release) {
		o := crdObject(crd)
		apiVersion := info.Group
		if v.Version != "" {
			apiVersion += "/" + v.Version // the version whose schema it judged
		}
		a.add(report.Finding{Rule: v.Rule, Severity: v.Severity, Kind: info.Kind, APIVersion: apiVersion, Field: v.Field, Message: v.Message, Object: &o})
	}
	summary := report.Resource{Cluster: a.src.Name(), CRD: crd.Name, Group: info.Group, Kind: info.Kind, ContractKind: k.Name,
		StorageVersion: info.StorageVersion(), Readiness: map[string]int{}}
	a.res.TypeRefs = append(a.res.TypeRefs, typeRefs(crd, a.src.Name(), k)...)
	res := info.ResolveAt(release)
	summary.Contract, summary.APIVersion = string(res.Contract), res.APIVersion
	defer func() { a.res.Resources = append(a.res.Resources, summary) }()
	// No rule judges a template object (core reads only its metadata),
	// and core reads nothing of an object whose CRD labels do not resolve,
	// unless it reads the kind whatever the label (an InfraMachinePool).
	if !k.ObjectsJudged(contract.Live) {
		summary.ObjectsNotJudged = k.ObjectAudit()
		return
	}
	if res.Contract == "" && !k.LabelFreeObjectReads() {
		return
	}
	version := res.APIVersion
	if !res.Served {
		version = info.StorageVersion()
	}
	if version == "" {
		return
	}
	// Dual: a core honouring the other label reads the same API version.
	other := contract.Contract(contract.V1Beta1)
	if res.Contract == contract.V1Beta1 {
		other = contract.V1Beta2
	}
	otherAPI, ok := info.ResolveLabel(other)
	dual := ok && otherAPI == res.APIVersion && !k.LabelFreeObjectReads()
	gvk := schema.GroupVersionKind{Group: info.Group, Version: version, Kind: info.Kind}
	err := a.src.List(ctx, gvk, Scope{Namespace: a.opts.Namespace}, func(u *unstructured.Unstructured) error {
		summary.Objects++
		a.noteIgnores(u, gvk)
		st := a.checkKindObject(u, gvk, k, res.Contract, dual, &summary)
		key := refKey{gk: gvk.GroupKind(), namespace: u.GetNamespace(), name: u.GetName()}
		if _, referenced := a.kindObjs[key]; referenced && version == res.APIVersion {
			a.kindObjs[key] = &st
		}
		if _, referenced := a.pools[key]; referenced { // a MachinePool's, for checkMachinePools
			ready, provisioned := poolReadiness(u)
			a.pools[key] = &poolState{apiVersion: gvk.Version, ready: ready, provisioned: provisioned, fails: failsReconcile(u, k, release, res.Contract)}
		}
		if summary.Objects%500 == 0 {
			a.opts.Progress.Step("%s: %s: %d objects", a.src.Name(), info.Kind, summary.Objects)
		}
		return nil
	})
	if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		a.readError(report.Object{Group: info.Group, Version: version, Kind: info.Kind, Namespace: a.opts.Namespace},
			fmt.Sprintf("%s objects at %s/%s", info.Kind, info.Group, version), err)
	}
}

func pointBool(u *unstructured.Unstructured, p contract.Point) *bool {
	if p.Path == "" {
		return nil
	}
	return nestedBool(u, p.Segments()...)
}

// kindState computes what the target core makes of an object under label.
func (a *auditor) kindState(u *unstructured.Unstructured, k *contract.Kind, label contract.Contract, apiVersion string) (kindState, []contract.ReadPoint) {
	st := kindState{apiVersion: apiVersion, label: label}
	reads, err := contract.ReadsAspect(k, a.target.Release(), label, contract.AspectReadiness)
	if err != nil {
		return st, nil
	}
	var shown []string
	for _, rp := range reads {
		v := pointBool(u, rp.Point)
		shown = append(shown, rp.Point.Path+"="+show(v))
		if rp.Read.Mode != contract.ReadFallback && v != nil && *v {
			st.sees = true
		}
	}
	st.fields = strings.Join(shown, ", ")
	st.fails = failsReconcile(u, k, a.target.Release(), label)
	if st.sees {
		st.unclaimed = unclaimed(u, k, a.target.Release(), label)
	}
	if fd, err := contract.ReadsAspect(k, a.target.Release(), label, contract.AspectFailureDomains); err == nil && len(fd) > 0 {
		if v, ok, _ := unstructured.NestedFieldNoCopy(u.Object, fd[0].Point.Segments()...); ok && v != nil {
			st.domains, st.hasDomains = domainNames(v), true
			st.domainsMisshaped = contract.ValueOpenAPIType(v) != contract.OpenAPIType(fd[0].Point.Type)
		}
	}
	return st, reads
}

// failsReconcile reports whether u sets a point that core release reads,
// under label, with a reconcile that fails on it (the catalog's
// FailsReconcile reads: an InfraMachinePool's top-level failure fields
// from v1.11), as internal/oracle's Predict does.
func failsReconcile(u *unstructured.Unstructured, k *contract.Kind, release contract.Release, label contract.Contract) bool {
	reads, err := contract.Reads(k, release, k.ObjectReadLabel(release, label))
	if err != nil {
		return false
	}
	for _, rp := range reads {
		if !rp.Read.FailsReconcile {
			continue
		}
		if v, ok, _ := unstructured.NestedFieldNoCopy(u.Object, rp.Point.Segments()...); ok && v != nil && v != "" {
			return true
		}
	}
	return false
}

// unclaimed lists the providerID and dataSecretName points core reads under
// label that the object leaves empty.
func unclaimed(u *unstructured.Unstructured, k *contract.Kind, release contract.Release, label contract.Contract) []string {
	all, err := contract.Reads(k, release, label)
	if err != nil {
		return nil
	}
	var out []string
	for _, rp := range all {
		if rp.Point.Aspect != contract.AspectProviderID && rp.Point.Aspect != contract.AspectDataSecretName {
			continue
		}
		if s, _, _ := unstructured.NestedString(u.Object, rp.Point.Segments()...); s == "" {
			out = append(out, rp.Point.Path)
		}
	}
	return out
}

// checkKindObject judges one object against the contract its CRD's label
// selects for the target core, and returns what that core makes of it.
func (a *auditor) checkKindObject(u *unstructured.Unstructured, gvk schema.GroupVersionKind, k *contract.Kind, label contract.Contract, dual bool, summary *report.Resource) kindState {
	release := a.target.Release()
	label = k.ObjectReadLabel(release, label)
	apiVersion := gvk.GroupVersion().String()
	obj := func() *report.Object {
		return &report.Object{Group: gvk.Group, Version: gvk.Version, Kind: gvk.Kind, Namespace: u.GetNamespace(), Name: u.GetName()}
	}
	add := func(rule, field, format string, args ...any) {
		a.add(report.Finding{Rule: rule, Severity: a.kindSeverity(rule, label), Kind: gvk.Kind, APIVersion: apiVersion,
			Field: field, Object: obj(), Message: fmt.Sprintf(format, args...)})
	}
	v1p, v2p, _ := k.ReadinessPair()
	v1, v2 := pointBool(u, v1p), pointBool(u, v2p)
	summary.Readiness[k.ReadinessClass(contract.ClassifyReadiness(v1, v2))]++

	st, reads := a.kindState(u, k, label, gvk.Version)
	for _, rp := range reads {
		if rp.Read.Mode == contract.ReadFallback {
			continue
		}
		alt, ok := k.PairOf(rp.Point)
		if rp.Read.InPlaceOf != "" {
			alt, ok = k.Point(rp.Point.Contract, rp.Read.InPlaceOf)
			// Core reads this point instead of alt: alt's successor set
			// true (and alt not) is passed over as well (measured at v1.11.3).
			if next, has := k.PairOf(alt); ok && has {
				if v, w := pointBool(u, alt), pointBool(u, next); (v == nil || !*v) && w != nil && *w {
					alt = next
				}
			}
		}
		if !ok {
			continue
		}
		got, other := pointBool(u, rp.Point), pointBool(u, alt)
		// The kind's rule for the check, naming the point read or a pair member.
		report := func(check contract.ObjectCheck, args ...any) {
			r := k.ObjectRuleOf(check, rp.Point.Contract)
			field := rp.Point.Path
			if r.Field == v1p.Contract {
				field = v1p.Path
			} else if r.Field == v2p.Contract {
				field = v2p.Path
			}
			add(r.Rule, field, r.Format, args...)
		}
		switch {
		case other != nil && *other && (got == nil || (rp.Read.InPlaceOf != "" && !*got)):
			report(contract.CheckUnread, a.target, rp.Point.Path, contract.LabelKey(string(label)), show(got), alt.Path)
		case got != nil && other != nil && *got != *other && rp.Read.InPlaceOf == "":
			report(contract.CheckDisagree, rp.Point.Path, *got, alt.Path, *other)
		}
	}
	for _, p := range k.Points(contract.V1Beta1) {
		if p.Aspect != contract.AspectFailureReason && p.Aspect != contract.AspectFailureMessage {
			continue
		}
		if v, ok, _ := unstructured.NestedFieldNoCopy(u.Object, p.Segments()...); ok && v != nil && v != "" {
			r := k.ObjectRuleOf(contract.CheckFailure, "")
			add(r.Rule, p.Path, r.Format, p.Path, v, contract.LabelKey(string(label)))
		}
	}
	for _, path := range st.unclaimed {
		add(contract.RuleKindObjectFieldMissing, path, "the object is ready (%s) but %s is empty: core cannot take it over", st.fields, path)
	}
	if fd, err := contract.ReadsAspect(k, release, label, contract.AspectFailureDomains); err == nil && len(fd) > 0 {
		p := fd[0].Point
		if v, ok, _ := unstructured.NestedFieldNoCopy(u.Object, p.Segments()...); ok && v != nil {
			want := contract.OpenAPIType(p.Type)
			got := contract.ValueOpenAPIType(v)
			if got != want {
				add(contract.RuleKindObjectDomains, p.Path, "%s is an %s; under CRD label %s core decodes it as an %s (%s) and fails the Cluster reconcile",
					p.Path, got, contract.LabelKey(string(label)), want, p.Type)
			}
		}
	}
	a.checkRenamed(u, k, label, dual, add)
	if k == &contract.InfraMachinePool {
		a.checkPoolCounts(u, gvk, add)
	}
	if k == &contract.ControlPlane {
		a.checkCounters(u, k, add)
		a.checkStatusVersions(u, k, label, add)
	}
	return st
}

// resolveRef resolves a core object's reference to a k as Cluster API does
// (CRD by CalculateCRDName, API version from its contract label, GET unless
// kept(version) says the audit holds the object's state at that version)
// and reports what fails by k's reference rules. It returns the contract
// and version read and the object fetched (nil when kept).
func (a *auditor) resolveRef(ctx context.Context, k *contract.Kind, refPath string, key refKey, core report.Object,
	kept func(version string) bool) (contract.Contract, string, *unstructured.Unstructured, bool) {
	name := contract.CRDName(key.gk.Group, key.gk.Kind)
	fail := func(check contract.RefCheck, err error, version string) {
		r := k.RefRuleOf(check)
		f := report.Finding{Rule: r.Rule, Severity: a.kindSeverity(r.Rule, ""), Kind: key.gk.Kind, APIVersion: key.gk.Group, Object: &core,
			Message: fmt.Sprintf(r.Format, refPath, key.gk.Kind, key.name, name, a.target, err, version, key.namespace)}
		if r.AtRef {
			f.Field = refPath
		}
		a.add(f)
	}
	crd := a.crds.byName(name)
	if crd == nil {
		fail(contract.RefNoCRD, nil, "")
		return "", "", nil, false
	}
	cv, version, err := contract.ResolveContractAt(crd.Labels, a.target.Release())
	if err != nil {
		fail(contract.RefNoLabel, err, "")
		return "", "", nil, false
	}
	if v := versionOf(crd, version); v == nil || !v.Served {
		fail(contract.RefUnserved, nil, version)
		return "", "", nil, false
	}
	if kept(version) {
		return cv, version, nil, true
	}
	u, err := a.src.Get(ctx, schema.GroupVersionKind{Group: key.gk.Group, Version: version, Kind: key.gk.Kind}, key.namespace, key.name)
	switch {
	case apierrors.IsNotFound(err):
		fail(contract.RefNotFound, nil, version)
		return "", "", nil, false
	case err != nil:
		a.readError(report.Object{Group: key.gk.Group, Version: version, Kind: key.gk.Kind, Namespace: key.namespace, Name: key.name},
			fmt.Sprintf("%s %s/%s", key.gk.Kind, key.namespace, key.name), err)
		return "", "", nil, false
	}
	return cv, version, u, true
}

// checkKindRefs resolves each core object's reference (resolveRef) and
// compares what the core object reports with what the target core
// computes from the referenced object.
func (a *auditor) checkKindRefs(ctx context.Context) {
	for _, r := range a.kindRefs {
		if ctx.Err() != nil {
			return
		}
		st := a.kindObjs[r.key]
		label, version, u, ok := a.resolveRef(ctx, r.kind, r.link.Ref, r.key, r.core, func(v string) bool { return st != nil && st.apiVersion == v })
		if !ok {
			continue
		}
		if u != nil {
			s, _ := a.kindState(u, r.kind, label, version)
			st = &s
		}
		a.compareKindRef(r, st)
	}
}

func (a *auditor) compareKindRef(r kindRef, st *kindState) {
	o := r.core
	reports := ""
	for _, m := range r.link.Reports {
		if m.Aspect == contract.AspectReadiness {
			reports = m.Path
		}
	}
	says := r.readiness != nil && *r.readiness
	// Core reports the object provisioned only once it can take it over
	// (MPA423 reports what is missing): reconcileInfrastructure and
	// reconcileBootstrap wait for providerID and dataSecretName. Once
	// reported, it stays so.
	computed := st.sees && (says || (len(st.unclaimed) == 0 && !st.domainsMisshaped && !st.fails))
	if reports != "" && says != computed {
		why := "the controller has not caught up, or reads another field than the provider writes"
		if says {
			why = "core keeps it one-way once true; the provider object went back, or core read another field"
		}
		a.add(report.Finding{Rule: contract.RuleCoreObjectDisagree, Severity: a.kindSeverity(contract.RuleCoreObjectDisagree, st.label), Kind: r.key.gk.Kind,
			APIVersion: r.key.gk.Group, Field: reports, Object: &o,
			Message: fmt.Sprintf("%s %s reports %s=%s, but %s computes %v from %s %s/%s under CRD label %s (%s): %s",
				r.core.Kind, r.core.Name, reports, show(r.readiness), a.target, computed, r.key.gk.Kind, r.key.namespace, r.key.name,
				contract.LabelKey(string(st.label)), st.fields, why)})
	}
	// Misshaped domains fail the reconcile (MPA424): core copies none.
	if st.hasDomains && !st.domainsMisshaped && len(st.domains) > 0 && !slices.Equal(st.domains, r.domains) {
		a.add(report.Finding{Rule: contract.RuleCoreObjectDomains, Severity: a.kindSeverity(contract.RuleCoreObjectDomains, st.label), Kind: r.key.gk.Kind,
			APIVersion: r.key.gk.Group, Object: &o,
			Message: fmt.Sprintf("%s %s has failure domains %s, %s %s/%s has %s", r.core.Kind, r.core.Name, names(r.domains), r.key.gk.Kind, r.key.namespace, r.key.name, names(st.domains))})
	}
}

func names(list []string) string {
	if len(list) == 0 {
		return "none"
	}
	return strings.Join(list, ", ")
}
