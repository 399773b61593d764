package live

import (
	"strings"

	"golang.org/x/mod/semver"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/mpaudit/mpaudit/contract"
)

// Fields the v1beta2 contract renamed, and a ControlPlane's versions: what
// the target core reads of them under the CRD's label, from the catalog.

type addFunc func(rule, field, format string, args ...any)

// present reports whether the object sets the point (to anything but null).
func present(u *unstructured.Unstructured, p contract.Point) bool {
	v, ok, _ := unstructured.NestedFieldNoCopy(u.Object, p.Segments()...)
	return ok && v != nil
}

// checkRenamed reports renamed fields written only under the name the
// target core does not read (readiness has its own rule), and, while
// another core reads the same API version by the other label (dual), any
// renamed field written under one name only.
func (a *auditor) checkRenamed(u *unstructured.Unstructured, k *contract.Kind, label contract.Contract, dual bool, add addFunc) {
	reads, err := contract.Reads(k, a.target.Release(), label)
	if err != nil {
		return
	}
	unread := map[string]bool{}
	for _, rp := range reads {
		if rp.Read.Mode == contract.ReadFallback {
			continue
		}
		alt, ok := k.Renamed(rp.Point)
		if !ok || present(u, rp.Point) || !present(u, alt) {
			continue
		}
		unread[rp.Point.Path] = true
		if rp.Point.Aspect == contract.AspectReadiness {
			continue // MPA420 judges readiness by value
		}
		add(contract.RuleKindObjectRenamed, rp.Point.Path,
			"%s reads %s under CRD label %s; the object writes only %s, a removed field to that core", a.target, rp.Point.Path,
			contract.LabelKey(string(label)), alt.Path)
	}
	if !dual {
		return
	}
	for _, p := range k.Points(contract.V1Beta1) {
		alt, ok := k.Renamed(p)
		if !ok {
			continue
		}
		has, hasAlt := present(u, p), present(u, alt)
		if has == hasAlt {
			continue
		}
		missing, set := p, alt
		if has {
			missing, set = alt, p
		}
		if unread[missing.Path] || (missing.Aspect == contract.AspectReadiness && missing.Contract == label) {
			continue // the target's own read is judged above (or by MPA420)
		}
		add(contract.RuleKindObjectOneName, missing.Path,
			"the CRD lists this API version under both contract labels, but the object writes only %s: a core reading the %s label reads %s, which is unset",
			set.Path, contract.LabelKey(string(missing.Contract)), missing.Path)
	}
}

// checkCounters compares a ControlPlane's counters written under both names.
func (a *auditor) checkCounters(u *unstructured.Unstructured, k *contract.Kind, add addFunc) {
	for _, c := range contract.ControlPlaneCounters {
		p1, ok1 := k.PointOf(contract.V1Beta1, c.Aspect)
		p2, ok2 := k.PointOf(contract.V1Beta2, c.Aspect)
		if !ok1 || !ok2 {
			continue
		}
		v1, ok1 := nestedInt(u, p1)
		v2, ok2 := nestedInt(u, p2)
		if !ok1 || !ok2 {
			continue
		}
		if c.ComplementOf == "" {
			if v1 != v2 {
				add(contract.RuleKindObjectCounters, p2.Path, "%s=%d but %s=%d", p1.Path, v1, p2.Path, v2)
			}
			continue
		}
		base, ok := k.PointOf(contract.V1Beta2, c.ComplementOf)
		if !ok {
			continue
		}
		total, ok := nestedInt(u, base)
		if !ok {
			continue
		}
		if want := max(total-v1, 0); want != v2 {
			add(contract.RuleKindObjectCounters, p2.Path, "%s=%d, but a core reading the v1beta1 label computes %d from %s=%d and %s=%d",
				p2.Path, v2, want, base.Path, total, p1.Path, v1)
		}
	}
}

func nestedInt(u *unstructured.Unstructured, p contract.Point) (int64, bool) {
	v, ok, err := unstructured.NestedInt64(u.Object, p.Segments()...)
	return v, ok && err == nil
}

// checkStatusVersions judges a ControlPlane's status.versions as the
// target core uses it: from v1.14 its first entry is the current version
// (entries ordered older to newer, valid semantic versions); earlier cores
// read only status.version.
func (a *auditor) checkStatusVersions(u *unstructured.Unstructured, k *contract.Kind, label contract.Contract, add addFunc) {
	list, ok := k.PointOf(contract.V1Beta2, contract.AspectStatusVersions)
	if !ok {
		return
	}
	single, ok := k.PointOf(label, contract.AspectStatusVersion)
	if !ok {
		return
	}
	entries, _, _ := unstructured.NestedSlice(u.Object, list.Segments()...)
	if len(entries) == 0 {
		return
	}
	key := ""
	if m, ok := list.HasMarker(contract.MarkerListMapKey); ok {
		key = m.Value
	}
	var versions []string
	for _, e := range entries {
		m, _ := e.(map[string]any)
		s, _ := m[key].(string)
		versions = append(versions, s)
	}
	readsList := false
	if reads, err := contract.Reads(k, a.target.Release(), label); err == nil {
		for _, rp := range reads {
			readsList = readsList || rp.Point.Aspect == contract.AspectStatusVersions
		}
	}
	current, hasCurrent, _ := unstructured.NestedString(u.Object, single.Segments()...)
	switch {
	case !readsList && !hasCurrent:
		add(contract.RuleKindObjectVersions, single.Path, "%s reads only %s, which is unset; the object reports its versions only in %s",
			a.target, single.Path, list.Path)
	case hasCurrent && current != versions[0]:
		add(contract.RuleKindObjectVersions, single.Path, "%s is %q but %s[0].%s is %q: cores before %s read the first, later ones the second",
			single.Path, current, list.Path, key, versions[0], contract.ReleaseStatusVersions)
	}
	if !readsList {
		return
	}
	for i, v := range versions {
		if !semver.IsValid(canonical(v)) {
			add(contract.RuleKindObjectVersions, list.Path, "%s[%d].%s is %q, not a semantic version: %s's upgrade checks fail to parse it",
				list.Path, i, key, v, a.target)
			return
		}
	}
	for i := 1; i < len(versions); i++ {
		if semver.Compare(canonical(versions[i-1]), canonical(versions[i])) > 0 {
			add(contract.RuleKindObjectVersions, list.Path, "%s is not ordered from older to newer (%s): %s takes %s as the control plane's current version",
				list.Path, strings.Join(versions, ", "), a.target, versions[0])
			return
		}
	}
}

// canonical adds the v prefix Kubernetes versions may omit (core parses tolerantly).
func canonical(v string) string {
	if v != "" && !strings.HasPrefix(v, "v") {
		return "v" + v
	}
	return v
}
