package contract

import (
	"reflect"
	"testing"
)

func TestEvaluateMetadata(t *testing.T) {
	v1 := CRDInfo{Name: "foos.infrastructure.example.com", Labels: map[string]string{LabelKey(V1Beta1): "v1beta1"}}
	v2 := CRDInfo{Name: "foos.infrastructure.example.com", Labels: map[string]string{LabelKey(V1Beta1): "v1beta1", LabelKey(V1Beta2): "v1beta2"}}
	v2Only := CRDInfo{Name: "foos.infrastructure.example.com", Labels: map[string]string{LabelKey(V1Beta2): "v1beta2"}}
	tests := []struct {
		name     string
		declared string
		crd      CRDInfo
		release  Release
		want     []Violation
	}{
		{"v1beta2 declared, labelled", V1Beta2, v2, "v1.14.2", nil},
		{"v1beta1 declared, not labelled", V1Beta1, v1, "v1.14.2", nil},
		{"v1beta2 declared, unlabelled", V1Beta2, v1, "v1.14.2", []Violation{{Rule: RuleMetadataV1Beta2Unlabelled, Severity: Warning, Field: MetadataContractField,
			Message: "release series v0.2 in metadata.yaml declares contract v1beta2, but CRD foos.infrastructure.example.com has no cluster.x-k8s.io/v1beta2 label"}}},
		{"unlabelled on a core without v1beta1", V1Beta2, v1, "v1.16.0", []Violation{{Rule: RuleMetadataV1Beta2Unlabelled, Severity: Error, Field: MetadataContractField,
			Message: "release series v0.2 in metadata.yaml declares contract v1beta2, but CRD foos.infrastructure.example.com has no cluster.x-k8s.io/v1beta2 label"}}},
		// Both labels: cores of either contract resolve it, so declaring
		// v1beta1 is the transition, not a mistake.
		{"v1beta1 declared, labelled for both", V1Beta1, v2, "v1.14.2", []Violation{{Rule: RuleMetadataV1Beta1Labelled, Severity: Info, Field: MetadataContractField,
			Message: "release series v0.2 in metadata.yaml declares contract v1beta1, but CRD foos.infrastructure.example.com is labelled cluster.x-k8s.io/v1beta2=v1beta2"}}},
		{"v1beta1 declared, labelled for both, core without v1beta1", V1Beta1, v2, "v1.16.0", []Violation{{Rule: RuleMetadataV1Beta1Labelled, Severity: Warning, Field: MetadataContractField,
			Message: "release series v0.2 in metadata.yaml declares contract v1beta1, but CRD foos.infrastructure.example.com is labelled cluster.x-k8s.io/v1beta2=v1beta2"}}},
		{"v1beta1 declared, labelled v1beta2 only", V1Beta1, v2Only, "v1.14.2", []Violation{{Rule: RuleMetadataV1Beta1Labelled, Severity: Warning, Field: MetadataContractField,
			Message: "release series v0.2 in metadata.yaml declares contract v1beta1, but CRD foos.infrastructure.example.com is labelled cluster.x-k8s.io/v1beta2=v1beta2"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := EvaluateMetadata("release series v0.2 in metadata.yaml", tt.declared, tt.crd, &InfraMachine, tt.release)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}
