package rewrite

import (
	"testing"

	"github.com/mpaudit/mpaudit/contract"
)

// TestMetadataLeft: when labels stay partial, the PR body says which CRDs
// keep metadata.yaml from declaring v1beta2 and, only while it declares
// v1beta1 and some CRDs carry the v1beta2 label, what check says of those:
// MPA351 at info when they keep their v1beta1 label (found trying the
// rewrite on Scaleway v0.1.4, whose pool alone was labelled), a warning to
// act on when one has lost it.
func TestMetadataLeft(t *testing.T) {
	lacking, both, only := []string{"b.example.com", "a.example.com"}, []string{"pools.example.com"}, []string{"machines.example.com"}
	base := "metadata.yaml keeps its contract, since a.example.com, b.example.com still lack the cluster.x-k8s.io/v1beta2 label"
	v1beta1 := "releaseSeries:\n- major: 0\n  minor: 0\n  contract: v1alpha4\n- major: 0\n  minor: 1\n  contract: v1beta1\n"
	info := "; `mpaudit check` notes " + contract.RuleMetadataV1Beta1Labelled + " at info on pools.example.com until then: they keep their cluster.x-k8s.io/v1beta1 label, so the release still serves cores before v1.11.0"
	for _, tc := range []struct {
		name, file string
		both, only []string
		want       string
	}{
		{"declares v1beta1, one labelled for both", v1beta1, both, nil, base + info},
		{"declares v1beta1, one labelled v1beta2 only", v1beta1, both, only, base + info +
			"; machines.example.com has only the cluster.x-k8s.io/v1beta2 label, which cores before v1.11.0 cannot resolve while the release declares v1beta1 (" +
			contract.RuleMetadataV1Beta1Labelled + "): give back its cluster.x-k8s.io/v1beta1 label"},
		{"declares v1beta1, none labelled", "releaseSeries:\n- major: 0\n  minor: 1\n  contract: v1beta1\n", nil, nil, base},
		{"newest series declares nothing", "releaseSeries:\n- major: 0\n  minor: 1\n", both, only, base},
		{"not metadata", "kind: Metadata\n", both, nil, base},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := metadataLeft(newestContract([]byte(tc.file)), lacking, tc.both, tc.only); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}
