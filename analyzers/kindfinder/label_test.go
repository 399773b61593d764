package kindfinder

import (
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
)

// TestJudgementWording: the note on a type's findings says what core reads
// for every combination of contract labels and of the type's API version
// (the version core reads, a hub behind a label naming another, a spoke),
// and names a flip only where the label would change.
func TestJudgementWording(t *testing.T) {
	v1 := contract.LabelKey(contract.V1Beta1)
	v2 := contract.LabelKey(contract.V1Beta2)
	for _, tc := range []struct {
		name    string
		release contract.Release
		labels  map[string]string
		version string
		storage bool
		want    string
	}{
		{"no label", "v1.14.2", nil, "v1beta2", true, "no CRD or contract label found: judged against the v1beta2 contract"},
		{"no label, spoke", "v1.14.2", nil, "v1beta1", false, "no CRD or contract label found: judged against the v1beta2 contract; a conversion spoke: info"},
		{"v1beta1 label on it", "v1.14.2", map[string]string{v1: "v1beta1"}, "v1beta1", true, "core v1.14.2 reads this API version under " + v1},
		{"v1beta1 label on a spoke, hub", "v1.14.2", map[string]string{v1: "v1alpha1"}, "v1beta2", true, "core v1.14.2 reads v1alpha1 under " + v1 + ", not v1beta2: judged for the flip to " + v2},
		{"v1beta1 label on a spoke, old core", "v1.10.0", map[string]string{v1: "v1alpha1"}, "v1beta2", true, "core v1.10.0 reads v1alpha1 under " + v1 + ", not v1beta2: judged against the v1beta1 contract"},
		{"v1beta2 label on the hub, spoke", "v1.14.2", map[string]string{v2: "v1beta2"}, "v1beta1", false, "core v1.14.2 reads v1beta2 under " + v2 + ", not v1beta1: judged against the v1beta2 contract; a conversion spoke: info"},
		{"both labels, spoke", "v1.14.2", map[string]string{v1: "v1beta1", v2: "v1beta2"}, "v1beta1", false, "core v1.14.2 reads v1beta2 under " + v2 + ", not v1beta1: judged against the v1beta2 contract; a conversion spoke: info"},
		{"both labels, old core reads the spoke", "v1.10.0", map[string]string{v1: "v1beta1", v2: "v1beta2"}, "v1beta1", false, "core v1.10.0 reads this API version under " + v1},
		{"both labels, hub", "v1.14.2", map[string]string{v1: "v1beta1", v2: "v1beta2"}, "v1beta2", true, "core v1.14.2 reads this API version under " + v2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			typ := &Type{TypeRef: TypeRef{Kind: "FooMachine", Group: "infrastructure.example.com", Version: tc.version, Storage: tc.storage}, Labels: tc.labels}
			j := judge(nil, typ, tc.release)
			if j.Why != tc.want {
				t.Errorf("Why = %q\nwant %q", j.Why, tc.want)
			}
			if _, has := tc.labels[contract.LabelKey(string(j.Against))]; has && strings.Contains(j.Why, "flip") {
				t.Errorf("a flip to %s named on a CRD that has that label: %q", j.Against, j.Why)
			}
		})
	}
}
