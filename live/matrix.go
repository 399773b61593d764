package live

import (
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// typeRefs are the rows a CRD adds to the migration matrix: one per served
// version, with the contract kind the audit judged it as (nil: none).
func typeRefs(crd *apiextensionsv1.CustomResourceDefinition, cluster string, k *contract.Kind) []report.TypeRef {
	kind := ""
	if k != nil {
		kind = k.Name
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
