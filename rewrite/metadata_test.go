package rewrite

import (
	"testing"

	"github.com/mpaudit/mpaudit/contract"
)

// TestMetadataLeft: when labels stay partial, the PR body says which CRDs
// keep metadata.yaml from declaring v1beta2 and, only while it declares
// v1beta1 and some CRDs carry the v1beta2 label, that check's MPA351 on
// those is expected (found trying the rewrite on Scaleway v0.1.4, whose pool
// alone was labelled).
func TestMetadataLeft(t *testing.T) {
	lacking, labelled := []string{"b.example.com", "a.example.com"}, []string{"pools.example.com"}
	base := "left: metadata.yaml keeps its contract, since a.example.com, b.example.com still lack the cluster.x-k8s.io/v1beta2 label"
	for _, tc := range []struct {
		name, file string
		labelled   []string
		want       string
	}{
		{"declares v1beta1, one labelled", "releaseSeries:\n- major: 0\n  minor: 0\n  contract: v1alpha4\n- major: 0\n  minor: 1\n  contract: v1beta1\n", labelled,
			base + "; until they have it, `mpaudit check` reports " + contract.RuleMetadataV1Beta1Labelled + " (the release declares v1beta1) on pools.example.com, which is expected"},
		{"declares v1beta1, none labelled", "releaseSeries:\n- major: 0\n  minor: 1\n  contract: v1beta1\n", nil, base},
		{"newest series declares nothing", "releaseSeries:\n- major: 0\n  minor: 1\n", labelled, base},
		{"not metadata", "kind: Metadata\n", labelled, base},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := metadataLeft(newestContract([]byte(tc.file)), lacking, tc.labelled); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}
