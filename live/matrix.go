package live

import (
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// typeRefs are the rows a CRD adds to the migration matrix: one per served
// version, its contract kind classified as the static audit classifies
// types (by group and name; "" when it is no catalogued kind).
func typeRefs(crd *apiextensionsv1.CustomResourceDefinition, cluster string, overrides contract.Overrides) []report.TypeRef {
	kind := ""
	if c := contract.Classify(contract.TypeSummary{Group: crd.Spec.Group, Name: crd.Spec.Names.Kind}, overrides); c.Kind != nil {
		kind = c.Kind.Name
	}
	var out []report.TypeRef
	for _, v := range crd.Spec.Versions {
		if v.Served {
			out = append(out, report.TypeRef{Kind: kind, Group: crd.Spec.Group, Version: v.Name, Name: crd.Spec.Names.Kind,
				Storage: v.Storage, Cluster: cluster})
		}
	}
	return out
}
