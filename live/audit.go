package live

import (
	"context"
	"fmt"
	"sort"
	"strings"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/progress"
	"github.com/mpaudit/mpaudit/report"
)

// Options select what to audit.
type Options struct {
	// Namespace limits object lists; "" is all namespaces.
	Namespace string
	// CRDNames adds CRDs to audit by name, whatever their kind.
	CRDNames []string
	// CAPIVersion overrides the detected core version.
	CAPIVersion string
	// Progress shows what is being read on a terminal; nil shows nothing.
	Progress *progress.Line
	// KindOverrides name the contract kind of API kinds over the
	// classifier (.mpaudit.yaml kinds), as in check.
	KindOverrides contract.Overrides
}

// Result is one source's share of the report.
type Result struct {
	Cluster   report.Cluster
	Findings  []report.Finding
	Problems  []report.Problem
	Notes     []string
	Resources []report.Resource
	// TypeRefs are the audited CRDs' served versions (rows of the migration matrix).
	TypeRefs []report.TypeRef
	// Suppressed counts findings an mpaudit.io/ignore annotation covers;
	// they are not in Findings.
	Suppressed int
}

type crdIndex struct {
	byNameMap map[string]*apiextensionsv1.CustomResourceDefinition
	byGK      map[schema.GroupKind]*apiextensionsv1.CustomResourceDefinition
	list      []*apiextensionsv1.CustomResourceDefinition
}

func newCRDIndex(crds []apiextensionsv1.CustomResourceDefinition) *crdIndex {
	idx := &crdIndex{byNameMap: map[string]*apiextensionsv1.CustomResourceDefinition{}, byGK: map[schema.GroupKind]*apiextensionsv1.CustomResourceDefinition{}}
	for i := range crds {
		c := &crds[i]
		idx.byNameMap[c.Name] = c
		idx.byGK[schema.GroupKind{Group: c.Spec.Group, Kind: c.Spec.Names.Kind}] = c
		idx.list = append(idx.list, c)
	}
	sort.Slice(idx.list, func(i, j int) bool { return idx.list[i].Name < idx.list[j].Name })
	return idx
}

func (x *crdIndex) byName(name string) *apiextensionsv1.CustomResourceDefinition {
	return x.byNameMap[name]
}

func (x *crdIndex) byGroupKind(gk schema.GroupKind) *apiextensionsv1.CustomResourceDefinition {
	return x.byGK[gk]
}

// refKey identifies a pool object a MachinePool references.
type refKey struct {
	gk              schema.GroupKind
	namespace, name string
}

type mpRef struct {
	key refKey
	// ref is the reference's path in the MachinePool.
	ref string
	// mp is the MachinePool, for findings.
	mp report.Object
	// provisioned is the MachinePool's own view (nil when unset).
	provisioned *bool
}

// poolState is what the audit remembers of a referenced pool object.
type poolState struct {
	apiVersion         string
	ready, provisioned *bool
	// fails: the pool sets a field whose read fails the MachinePool reconcile.
	fails bool
}

type auditor struct {
	src    Source
	opts   Options
	target contract.CoreTarget
	crds   *crdIndex
	res    *Result
	// pools holds state only for objects some MachinePool references, so
	// memory does not grow with the number of pool objects.
	pools map[refKey]*poolState
	refs  []mpRef
	ign   *ignores // mpaudit.io/ignore annotations (suppress.go)
	// kindRefs are core objects' references to label-driven kinds;
	// kindObjs holds state only for the objects they reference (kinds.go).
	kindRefs []kindRef
	kindObjs map[refKey]*kindState
}

// Audit runs every live check against one source. It returns an error only
// when nothing could be read at all (unreachable server, timeout).
func Audit(ctx context.Context, src Source, opts Options) (*Result, error) {
	opts.Progress.Step("%s: listing CustomResourceDefinitions", src.Name())
	crdList, err := src.CRDs(ctx)
	if err != nil {
		return nil, fmt.Errorf("%s: listing CustomResourceDefinitions: %w", src.Name(), err)
	}
	a := &auditor{src: src, opts: opts, crds: newCRDIndex(crdList), res: &Result{}, pools: map[refKey]*poolState{}, kindObjs: map[refKey]*kindState{}}
	target, notes, err := resolveTarget(ctx, src, a.crds, opts.CAPIVersion)
	if err != nil {
		return nil, err
	}
	a.target = target
	a.res.Cluster = report.Cluster{Name: src.Name(), Target: target}
	a.res.Notes = append(a.res.Notes, notes...)

	a.collectKindRefs(ctx)
	kindCRDs, kinds := a.kindCRDs()
	for _, crd := range a.selectCRDs() {
		if err := ctx.Err(); err != nil {
			return a.res, err
		}
		if kinds[crd.Name] == nil { // a pool: referenced by a MachinePool, classified so, or named by --crd
			a.auditKindCRD(ctx, crd, &contract.InfraMachinePool)
		}
	}
	for _, crd := range kindCRDs {
		if err := ctx.Err(); err != nil {
			return a.res, err
		}
		a.auditKindCRD(ctx, crd, kinds[crd.Name])
	}
	a.checkMachinePools(ctx)
	a.checkKindRefs(ctx)
	a.reportIgnores()
	return a.res, ctx.Err()
}

func (a *auditor) ctx() contract.Context {
	return contract.Context{Core: a.target.Behaviour, Release: a.target.Release()}
}

func (a *auditor) severity(rule string) contract.Severity {
	return contract.MustRule(rule).Severity(a.ctx())
}

func (a *auditor) add(f report.Finding) {
	if f.Severity == contract.Off {
		return
	}
	if f.Object != nil {
		f.Object.Cluster = a.src.Name()
	}
	if a.suppressed(f) {
		return
	}
	a.res.Findings = append(a.res.Findings, f)
}

// readError turns a failed read into a finding. A conversion webhook that
// fails is a fact about the cluster (Cluster API fails the same way); any
// other failure also makes the report partial, so it is a problem too.
func (a *auditor) readError(obj report.Object, what string, err error) {
	rule := contract.RuleReadFailed
	if apierrors.IsForbidden(err) {
		rule = contract.RuleAccessDenied
	}
	obj.Cluster = a.src.Name()
	a.add(report.Finding{Rule: rule, Severity: a.severity(rule), Kind: obj.Kind, Object: &obj,
		Message: fmt.Sprintf("could not read %s: %v", what, err)})
	if !isConversionFailure(err) {
		a.res.Problems = append(a.res.Problems, report.Problem{Subject: a.src.Name() + ": " + what, Message: err.Error()})
	}
}

func isConversionFailure(err error) bool {
	return apierrors.IsInternalError(err) && strings.Contains(err.Error(), "conversion webhook")
}

func crdObject(crd *apiextensionsv1.CustomResourceDefinition) report.Object {
	return report.Object{Group: apiextensionsv1.GroupName, Version: "v1", Kind: "CustomResourceDefinition", Name: crd.Name}
}

// isPoolCRD reports whether the classifier static mode uses makes a CRD's kind an InfraMachinePool.
func isPoolCRD(crd *apiextensionsv1.CustomResourceDefinition, overrides contract.Overrides) bool {
	return classifyCRD(crd, overrides).Kind == &contract.InfraMachinePool
}

// collectPoolRef keeps a MachinePool's reference to its InfraMachinePool
// and the readiness the MachinePool mirrors, from the pool's catalog link.
func (a *auditor) collectPoolRef(u *unstructured.Unstructured, gvk schema.GroupVersionKind, link contract.CoreLink) {
	ref, ok, _ := unstructured.NestedMap(u.Object, segments(link.Ref)...)
	if !ok {
		return
	}
	mirror := ""
	for _, m := range link.Reports {
		if m.Aspect == contract.AspectReadiness {
			mirror = m.Path
		}
	}
	kind, _ := ref["kind"].(string)
	name, _ := ref["name"].(string)
	group, _ := ref["apiGroup"].(string)
	if !link.RefHasAPIGroup {
		apiVersion, _ := ref["apiVersion"].(string)
		gv, _ := schema.ParseGroupVersion(apiVersion)
		group = gv.Group
	}
	r := mpRef{
		key: refKey{gk: schema.GroupKind{Group: group, Kind: kind}, namespace: u.GetNamespace(), name: name},
		ref: link.Ref,
		mp:  report.Object{Group: gvk.Group, Version: gvk.Version, Kind: gvk.Kind, Namespace: u.GetNamespace(), Name: u.GetName()},
	}
	if v, ok, _ := unstructured.NestedBool(u.Object, segments(mirror)...); ok && mirror != "" {
		r.provisioned = &v
	}
	a.refs = append(a.refs, r)
	a.pools[r.key] = nil // listed later; nil means not seen yet
}

// selectCRDs returns the CRDs to audit: kinds MachinePools reference,
// InfraMachinePool kinds of infrastructure groups, and --crd names.
func (a *auditor) selectCRDs() []*apiextensionsv1.CustomResourceDefinition {
	want := map[string]bool{}
	for _, r := range a.refs {
		if crd := a.crds.byGroupKind(r.key.gk); crd != nil {
			want[crd.Name] = true
		}
	}
	for _, crd := range a.crds.list {
		if isPoolCRD(crd, a.opts.KindOverrides) {
			want[crd.Name] = true
		}
	}
	for _, name := range a.opts.CRDNames {
		if a.crds.byName(name) == nil {
			a.res.Problems = append(a.res.Problems, report.Problem{Subject: a.src.Name() + ": --crd " + name, Message: "no such CustomResourceDefinition"})
			continue
		}
		want[name] = true
	}
	var out []*apiextensionsv1.CustomResourceDefinition
	for _, crd := range a.crds.list {
		if want[crd.Name] {
			out = append(out, crd)
		}
	}
	return out
}

func crdInfo(crd *apiextensionsv1.CustomResourceDefinition) contract.CRDInfo {
	info := contract.CRDInfo{
		Name: crd.Name, Group: crd.Spec.Group, Kind: crd.Spec.Names.Kind, Scope: string(crd.Spec.Scope),
		Labels: crd.Labels,
	}
	for _, v := range crd.Spec.Versions {
		info.Versions = append(info.Versions, contract.CRDVersion{Name: v.Name, Served: v.Served, Storage: v.Storage})
	}
	return info
}

func versionOf(crd *apiextensionsv1.CustomResourceDefinition, name string) *apiextensionsv1.CustomResourceDefinitionVersion {
	for i := range crd.Spec.Versions {
		if crd.Spec.Versions[i].Name == name {
			return &crd.Spec.Versions[i]
		}
	}
	return nil
}

func nestedBool(u *unstructured.Unstructured, path ...string) *bool {
	v, ok, err := unstructured.NestedBool(u.Object, path...)
	if !ok || err != nil {
		return nil
	}
	return &v
}

// poolReadiness reads a pool object's v1beta1 and v1beta2 readiness
// fields, as the catalog names them (status.ready and
// status.initialization.provisioned).
func poolReadiness(u *unstructured.Unstructured) (ready, provisioned *bool) {
	v1, v2, _ := contract.InfraMachinePool.ReadinessPair()
	return pointBool(u, v1), pointBool(u, v2)
}

// checkPoolCounts are the pool's own object checks: its replica count
// against its provider IDs once core sees it provisioned (MPA405), and the
// machine kind it names (MPA406).
func (a *auditor) checkPoolCounts(u *unstructured.Unstructured, gvk schema.GroupVersionKind, add addFunc) {
	ready, provisioned := poolReadiness(u)
	if a.target.Behaviour.CoreSeesProvisioned(ready, provisioned) {
		ids, _, _ := unstructured.NestedStringSlice(u.Object, segments(contract.PathProviderIDList)...)
		replicas, ok, _ := unstructured.NestedInt64(u.Object, segments(contract.PathReplicas)...)
		switch {
		case ok && int(replicas) != len(ids):
			add(contract.RuleObjectReplicas, contract.PathReplicas, "status.replicas is %d but spec.providerIDList has %d entries", replicas, len(ids))
		case !ok && len(ids) > 0:
			// Core skips a missing count: the MachinePool keeps its old one.
			add(contract.RuleObjectReplicas, contract.PathReplicas, "status.replicas is unset but spec.providerIDList has %d entries (core leaves the MachinePool's status.replicas as it was)", len(ids))
		}
	}
	if kind, ok, _ := unstructured.NestedString(u.Object, segments(contract.PathMachineKind)...); ok && kind != "" {
		if a.crds.byGroupKind(schema.GroupKind{Group: gvk.Group, Kind: kind}) == nil {
			add(contract.RuleObjectMachineKind, contract.PathMachineKind, "status.infrastructureMachineKind is %s, but no CRD for %s.%s is installed", kind, kind, gvk.Group)
		}
	}
}

// checkMachinePools resolves each MachinePool's reference as every core
// object's is (resolveRef, with the pool's rule MPA501) and compares the
// MachinePool's view with what the target core computes from the pool
// object (MPA502), a core that keeps infrastructureProvisioned once true
// aside.
func (a *auditor) checkMachinePools(ctx context.Context) {
	for _, r := range a.refs {
		mp := r.mp
		state := a.pools[r.key]
		label, version, u, ok := a.resolveRef(ctx, &contract.InfraMachinePool, r.ref, r.key, mp, func(v string) bool { return state != nil && state.apiVersion == v })
		if !ok {
			continue
		}
		if u != nil {
			ready, provisioned := poolReadiness(u)
			state = &poolState{apiVersion: version, ready: ready, provisioned: provisioned,
				fails: failsReconcile(u, &contract.InfraMachinePool, a.target.Release(), label)}
		}
		// A reconcile that fails on the pool (MPA404) records nothing.
		sees := a.target.Behaviour.CoreSeesProvisioned(state.ready, state.provisioned) && !state.fails
		mpSays := r.provisioned != nil && *r.provisioned
		// Cores with the fallback reader keep infrastructureProvisioned once true.
		sticky := a.target.Behaviour.ReadsProvisioned() && mpSays && !sees
		if sees != mpSays && !sticky {
			o := mp
			a.add(report.Finding{Rule: contract.RuleMachinePoolDisagree, Severity: a.severity(contract.RuleMachinePoolDisagree), Kind: r.key.gk.Kind,
				APIVersion: r.key.gk.Group, Object: &o,
				Message: fmt.Sprintf("MachinePool reports infrastructure provisioned=%v, but %s would compute %v from %s %s/%s (status.ready=%s, status.initialization.provisioned=%s)",
					mpSays, a.target, sees, r.key.gk.Kind, r.key.namespace, r.key.name, show(state.ready), show(state.provisioned))})
		}
	}
}

func show(b *bool) string {
	if b == nil {
		return "unset"
	}
	return fmt.Sprint(*b)
}
