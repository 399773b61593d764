package contract

import (
	"reflect"
	"testing"
)

func TestV1Beta1Reader(t *testing.T) {
	v1 := map[string]string{LabelKey(string(V1Beta1)): "v1alpha1"}
	flipped := WithV1Beta2Label(v1, "v1alpha1")
	for _, tc := range []struct {
		name   string
		kind   *Kind
		path   string
		oldest Release
		labels map[string]string
		want   Release // "" none
	}{
		{"v1.10 core reads failures of every version", &InfraMachine, PathFailureReason, "v1.10.4", flipped, "v1.10.4"},
		{"v1.10 core, no labels", &InfraMachine, PathFailureMessage, "v1.10.4", nil, "v1.10.4"},
		{"v1.10 core reads a pool's failures", &InfraMachinePool, PathFailureReason, "v1.10.4", flipped, "v1.10.4"},
		{"v1.13 core under the v1beta1 label", &InfraMachine, PathFailureReason, "v1.13.0", v1, "v1.13.0"},
		{"v1.13 core under the v1beta2 label", &InfraMachine, PathFailureReason, "v1.13.0", flipped, ""},
		{"v1.11 reads ready by v1beta1 under its label", &InfraCluster, PathReady, "v1.11.0", v1, "v1.11.0"},
		{"v1.11 reads no ready by v1beta1 once labelled", &InfraCluster, PathReady, "v1.11.0", flipped, ""},
		// A version core reads by v1beta1 converts from this one: the field stays.
		{"another version named", &InfraMachine, PathFailureReason, "v1.12.0", map[string]string{LabelKey(string(V1Beta1)): "v1beta1"}, "v1.12.0"},
		{"v1.10 core reads the version its label names", &InfraMachine, PathFailureReason, "v1.10.4", map[string]string{LabelKey(string(V1Beta1)): "v1alpha2"}, "v1.10.4"},
		{"the spoke moved to the v1beta1 label alone", &InfraMachine, PathFailureReason, "v1.10.4",
			map[string]string{LabelKey(string(V1Beta1)): "v1alpha0", LabelKey(string(V1Beta2)): "v1alpha1"}, "v1.10.4"},
		{"no core reads any version by v1beta1", &InfraMachine, PathFailureReason, "v1.11.0",
			map[string]string{LabelKey(string(V1Beta2)): "v1alpha0_v1alpha1"}, ""},
		{"no such v1beta1 point", &InfraMachine, PathInitialization + ".provisioned", "v1.10.0", v1, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, ok := V1Beta1Reader(tc.kind, tc.path, "v1alpha1", tc.labels, SupportedCores(tc.oldest))
			if got := map[bool]Release{true: w.From}[ok]; got != tc.want {
				t.Errorf("V1Beta1Reader = %q (%v), want %q", got, ok, tc.want)
			}
		})
	}
}

// A ControlPlane whose one version the v1beta1 label lists keeps that label
// through the rewrite, so a v1.14 core still reads it by v1beta1.
func TestLabelsAfterRewrite(t *testing.T) {
	v1 := map[string]string{LabelKey(string(V1Beta1)): "v1alpha1"}
	if got := LabelsAfterRewrite(&ControlPlane, v1, "v1alpha1"); !reflect.DeepEqual(got, v1) {
		t.Errorf("control plane: %v", got)
	}
	if w, ok := V1Beta1Reader(&ControlPlane, PathFailureReason, "v1alpha1", LabelsAfterRewrite(&ControlPlane, v1, "v1alpha1"), SupportedCores("v1.14.2")); !ok || w != (CoreWindow{"v1.14.2", ReleaseV1Beta1Dropped}) {
		t.Errorf("control plane failures: %v %v", w, ok)
	}
	if got := LabelsAfterRewrite(&InfraMachine, v1, "v1alpha1"); got[LabelKey(string(V1Beta2))] != "v1alpha1" {
		t.Errorf("machine: %v", got)
	}
	if got := LabelsAfterRewrite(&ControlPlane, v1, "v1beta2"); got[LabelKey(string(V1Beta2))] != "v1beta2" {
		t.Errorf("a new control plane version: %v", got)
	}
}

func TestCoreRangeWindows(t *testing.T) {
	got := SupportedCores("v1.10.4").Windows()
	if got[0] != (CoreWindow{From: "v1.10.4", Until: ReleaseV1Beta2}) || got[len(got)-1].Until != "" || got[len(got)-1].From != NewestCatalogRelease() {
		t.Fatalf("windows from v1.10.4: %v", got)
	}
	if got := SupportedCores("v1.14.2").Windows(); !reflect.DeepEqual(got, []CoreWindow{{"v1.14.2", ReleasePoolFallback}, {ReleasePoolFallback, ReleaseV1Beta1Dropped}, {ReleaseV1Beta1Dropped, ""}}) {
		t.Errorf("windows from v1.14.2: %v", got)
	}
}

func TestWithV1Beta2Label(t *testing.T) {
	in := map[string]string{LabelKey(string(V1Beta2)): "v1beta2"}
	out := WithV1Beta2Label(in, "v1alpha1")
	if out[LabelKey(string(V1Beta2))] != "v1beta2_v1alpha1" || in[LabelKey(string(V1Beta2))] != "v1beta2" {
		t.Errorf("got %v, input now %v", out, in)
	}
	if out := WithV1Beta2Label(out, "v1beta2"); out[LabelKey(string(V1Beta2))] != "v1beta2_v1alpha1" {
		t.Errorf("re-adding: %v", out)
	}
}
