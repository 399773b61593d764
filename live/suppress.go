package live

import (
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
	"github.com/mpaudit/mpaudit/suppression"
)

// IgnoreAnnotation suppresses live findings, the cluster's counterpart of
// //mpaudit:ignore. Its value lists rules with reasons:
//
//	mpaudit.io/ignore: "MPA401: ready is set by the next release; object-failure-set: kept for v1beta1 clients"
//
// A rule is an ID or a name; several rules may share a reason
// ("MPA401,MPA402: reason"). Reasons cannot contain ';'. On an object it
// suppresses that object's findings; on a CRD, the CRD's findings and those
// of every object of its kind. An entry without a reason suppresses nothing
// and is reported (MPA901), and a rule that matched no finding is reported
// too (MPA902); neither of those can be suppressed.
const IgnoreAnnotation = suppression.AnnotationKey

// ignoreField is the Field of MPA901/MPA902 findings.
const ignoreField = "metadata.annotations[" + IgnoreAnnotation + "]"

// ignoreSet is one annotated object's annotation.
type ignoreSet struct {
	obj     report.Object
	kind    string // Kind of MPA901/MPA902 findings
	entries []suppression.Entry
	// used[i][j]: rule j of entries[i] suppressed a finding.
	used [][]bool
}

type objectKey struct{ group, kind, namespace, name string }

// ignores holds the annotations seen in one audit. Object annotations are
// kept only for annotated objects, so memory does not grow with the number
// of objects.
type ignores struct {
	objects map[objectKey]*ignoreSet
	crds    map[string]*ignoreSet // by CRD name
	order   []*ignoreSet
}

func (a *auditor) ignores() *ignores {
	if a.ign != nil {
		return a.ign
	}
	a.ign = &ignores{objects: map[objectKey]*ignoreSet{}, crds: map[string]*ignoreSet{}}
	for _, crd := range a.crds.list {
		if v, ok := crd.Annotations[IgnoreAnnotation]; ok {
			s := parseIgnores(v, crdObject(crd), crd.Spec.Names.Kind)
			a.ign.crds[crd.Name] = s
			a.ign.order = append(a.ign.order, s)
		}
	}
	return a.ign
}

// noteIgnores records the annotation of a listed object, if it has one.
func (a *auditor) noteIgnores(u *unstructured.Unstructured, gvk schema.GroupVersionKind) {
	v, ok, _ := unstructured.NestedString(u.Object, "metadata", "annotations", IgnoreAnnotation)
	if !ok {
		return
	}
	ign := a.ignores()
	key := objectKey{gvk.Group, gvk.Kind, u.GetNamespace(), u.GetName()}
	if _, seen := ign.objects[key]; seen {
		return
	}
	obj := report.Object{Group: gvk.Group, Version: gvk.Version, Kind: gvk.Kind, Namespace: u.GetNamespace(), Name: u.GetName()}
	s := parseIgnores(v, obj, gvk.Kind)
	ign.objects[key] = s
	ign.order = append(ign.order, s)
}

// suppressed reports whether an annotation covers f, marking the entries
// that do as used and counting the finding.
func (a *auditor) suppressed(f report.Finding) bool {
	if f.Object == nil || suppression.Unsuppressible(f.Rule) {
		return false
	}
	ign := a.ignores()
	if len(ign.order) == 0 {
		return false
	}
	o := f.Object
	var sets []*ignoreSet
	if o.Group == apiextensionsv1.GroupName && o.Kind == "CustomResourceDefinition" {
		sets = append(sets, ign.crds[o.Name])
	} else {
		sets = append(sets, ign.objects[objectKey{o.Group, o.Kind, o.Namespace, o.Name}])
		if crd := a.crds.byGroupKind(schema.GroupKind{Group: o.Group, Kind: o.Kind}); crd != nil {
			sets = append(sets, ign.crds[crd.Name])
		}
	}
	hit := false
	for _, s := range sets {
		if s == nil {
			continue
		}
		for i, e := range s.entries {
			if !e.Valid() {
				continue
			}
			for j, id := range e.IDs {
				if id == f.Rule {
					s.used[i][j], hit = true, true
				}
			}
		}
	}
	if hit {
		a.res.Suppressed++
	}
	return hit
}

// reportIgnores reports annotation entries without a reason (MPA901) and
// rules that suppressed nothing (MPA902).
func (a *auditor) reportIgnores() {
	for _, s := range a.ignores().order {
		where := "on this object"
		if s.obj.Kind == "CustomResourceDefinition" {
			where = "on this CRD or its objects"
		}
		for i, e := range s.entries {
			if !e.Valid() {
				a.ignoreFinding(s, contract.RuleSuppressionNoReason, e.InvalidMessage())
				continue
			}
			for j := range e.IDs {
				if msg := e.UnusedMessage(j, s.used[i][j], a.severity, where); msg != "" {
					a.ignoreFinding(s, contract.RuleUnusedSuppression, msg)
				}
			}
		}
	}
}

func (a *auditor) ignoreFinding(s *ignoreSet, rule, msg string) {
	o := s.obj
	a.add(report.Finding{Rule: rule, Severity: a.severity(rule), Kind: s.kind, Field: ignoreField, Object: &o, Message: msg})
}

// parseIgnores reads the annotation of obj.
func parseIgnores(value string, obj report.Object, kind string) *ignoreSet {
	s := &ignoreSet{obj: obj, kind: kind, entries: suppression.ParseAnnotation(value)}
	for _, e := range s.entries {
		s.used = append(s.used, make([]bool, len(e.IDs)))
	}
	return s
}
