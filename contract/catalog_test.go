package contract

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// pointLine renders a point as "path type tag [required] markers" for
// comparison with the contract pages.
func pointLine(p Point) string {
	s := fmt.Sprintf("%s %s %q", p.Path, p.Type, p.Tag.String())
	if p.Required {
		s += " required"
	}
	for _, m := range p.Markers {
		s += " " + m.String()
		if m.OnType {
			s += "(type)"
		}
	}
	if p.Convention {
		s += " convention"
	}
	return s
}

// TestV1Beta2PointsAreThePages lists each kind's v1beta2 points as the
// contract pages (docs/book/src/developer/providers/contracts/*.md @ v1.14.0,
// contract.md §4.1, contract-kinds.md §4) prescribe them, in full: a point
// added to the catalog must be added here.
func TestV1Beta2PointsAreThePages(t *testing.T) {
	initialization := func(inner string) []string {
		return []string{
			`status.initialization <Kind>InitializationStatus "initialization,omitempty,omitzero" +optional +kubebuilder:validation:MinProperties=1(type)`,
			`status.initialization.` + inner + ` *bool "` + inner + `,omitempty" required +optional`,
		}
	}
	common := []string{
		`status.conditions []metav1.Condition "conditions,omitempty" +optional +listType=map +listMapKey=type +kubebuilder:validation:MaxItems=32`,
		`status.deprecated.v1beta1.conditions clusterv1beta1.Conditions "conditions,omitempty" +optional convention`,
		`status.deprecated.v1beta1.failureReason string "failureReason,omitempty" +optional convention`,
		`status.deprecated.v1beta1.failureMessage string "failureMessage,omitempty" +optional convention`,
	}
	endpoint := `spec.controlPlaneEndpoint clusterv1.APIEndpoint "controlPlaneEndpoint,omitempty,omitzero" +optional +kubebuilder:validation:MinProperties=1(type)`
	template := []string{
		`spec.template.metadata clusterv1.ObjectMeta "metadata,omitempty,omitzero" +optional`,
		`spec.template.spec <Templated>Spec "spec" required`,
	}
	cat := func(groups ...[]string) []string { return slices.Concat(groups...) }
	want := map[*Kind][]string{
		&InfraCluster: cat(initialization("provisioned"), []string{
			`status.failureDomains []clusterv1.FailureDomain "failureDomains,omitempty" +optional +listType=map +listMapKey=name +kubebuilder:validation:MinItems=1 +kubebuilder:validation:MaxItems=100`,
			endpoint,
		}, common),
		&InfraMachine: cat(initialization("provisioned"), []string{
			`spec.providerID string "providerID,omitempty" required +optional +kubebuilder:validation:MinLength=1 +kubebuilder:validation:MaxLength=512`,
			`status.failureDomain string "failureDomain,omitempty" +optional +kubebuilder:validation:MinLength=1 +kubebuilder:validation:MaxLength=256`,
			`status.addresses []clusterv1.MachineAddress "addresses,omitempty" +optional`,
		}, common),
		&BootstrapConfig: cat(initialization("dataSecretCreated"), []string{
			`status.dataSecretName string "dataSecretName,omitempty" required +optional +kubebuilder:validation:MinLength=1 +kubebuilder:validation:MaxLength=253`,
		}, common),
		&ControlPlane: cat(initialization("controlPlaneInitialized"), []string{
			`spec.replicas *int32 "replicas,omitempty" +optional`,
			`status.replicas *int32 "replicas,omitempty" +optional`,
			`status.readyReplicas *int32 "readyReplicas,omitempty" +optional`,
			`status.upToDateReplicas *int32 "upToDateReplicas,omitempty" +optional`,
			`status.availableReplicas *int32 "availableReplicas,omitempty" +optional`,
			`status.selector string "selector,omitempty" +optional`,
			`spec.version string "version" +required +kubebuilder:validation:MinLength=1 +kubebuilder:validation:MaxLength=256`,
			`status.version string "version,omitempty" +optional +kubebuilder:validation:MinLength=1 +kubebuilder:validation:MaxLength=256`,
			`status.versions []clusterv1.StatusVersion "versions,omitempty" +optional +listType=map +listMapKey=version +kubebuilder:validation:MinItems=1 +kubebuilder:validation:MaxItems=100`,
			`status.externalManagedControlPlane *bool "externalManagedControlPlane,omitempty" +optional`,
			`spec.machineTemplate.metadata clusterv1.ObjectMeta "metadata,omitempty,omitzero" +optional`,
			`spec.machineTemplate.spec.infrastructureRef clusterv1.ContractVersionedObjectReference "infrastructureRef" +required`,
			`spec.machineTemplate.spec.readinessGates []clusterv1.MachineReadinessGate "readinessGates,omitempty" +optional +listType=map +listMapKey=conditionType +kubebuilder:validation:MinItems=1 +kubebuilder:validation:MaxItems=32`,
			`spec.machineTemplate.spec.deletion.nodeDrainTimeoutSeconds *int32 "nodeDrainTimeoutSeconds,omitempty" +optional +kubebuilder:validation:Minimum=0`,
			`spec.machineTemplate.spec.deletion.nodeVolumeDetachTimeoutSeconds *int32 "nodeVolumeDetachTimeoutSeconds,omitempty" +optional +kubebuilder:validation:Minimum=0`,
			`spec.machineTemplate.spec.deletion.nodeDeletionTimeoutSeconds *int32 "nodeDeletionTimeoutSeconds,omitempty" +optional +kubebuilder:validation:Minimum=0`,
			`spec.machineTemplate.spec.taints []clusterv1.MachineTaint "taints,omitempty" +optional +listType=map +listMapKey=key +listMapKey=effect +kubebuilder:validation:MinItems=1 +kubebuilder:validation:MaxItems=64`,
			endpoint,
		}, common),
		&InfraMachinePool: cat(initialization("provisioned"), []string{
			`spec.providerIDList []string "providerIDList,omitempty" required +optional +listType=atomic +kubebuilder:validation:MaxItems=10000 +kubebuilder:validation:items:MinLength=1 +kubebuilder:validation:items:MaxLength=512`,
			`status.replicas int32 "replicas" required`,
			`spec.providerID string "providerID,omitempty" +optional +kubebuilder:validation:MinLength=1 +kubebuilder:validation:MaxLength=512`,
			`status.infrastructureMachineKind string "infrastructureMachineKind,omitempty" +optional`,
		}, common),
		&InfraClusterTemplate:     template,
		&InfraMachineTemplate:     template,
		&InfraMachinePoolTemplate: template,
		&BootstrapConfigTemplate:  template,
		&ControlPlaneTemplate: cat(template, []string{
			`spec.template.spec.machineTemplate.metadata clusterv1.ObjectMeta "metadata,omitempty,omitzero" +optional`,
		}),
	}
	if len(want) != len(Kinds) {
		t.Fatalf("test covers %d kinds, catalog has %d", len(want), len(Kinds))
	}
	for _, k := range Kinds {
		var got []string
		for _, p := range k.Points(V1Beta2) {
			got = append(got, pointLine(p))
		}
		if g, w := strings.Join(got, "\n"), strings.Join(want[k], "\n"); g != w {
			t.Errorf("%s v1beta2 points:\n%s\nwant:\n%s", k.Name, g, w)
		}
	}
}

// TestPairs checks each v1beta1 field against its v1beta2 successor, shapes included.
func TestPairs(t *testing.T) {
	cases := []struct {
		kind         *Kind
		v1, v1Type   string
		v2, v2Type   string
		v1Tag, v2Tag string
	}{
		{&InfraCluster, "status.ready", "bool", "status.initialization.provisioned", "*bool", "ready", "provisioned,omitempty"},
		{&InfraCluster, "status.failureDomains", "clusterv1beta1.FailureDomains", "status.failureDomains", "[]clusterv1.FailureDomain", "failureDomains,omitempty", "failureDomains,omitempty"},
		{&InfraCluster, "spec.controlPlaneEndpoint", "clusterv1beta1.APIEndpoint", "spec.controlPlaneEndpoint", "clusterv1.APIEndpoint", "controlPlaneEndpoint", "controlPlaneEndpoint,omitempty,omitzero"},
		{&InfraCluster, "status.failureReason", "string", "status.deprecated.v1beta1.failureReason", "string", "failureReason,omitempty", "failureReason,omitempty"},
		{&InfraCluster, "status.conditions", "clusterv1beta1.Conditions", "status.conditions", "[]metav1.Condition", "conditions,omitempty", "conditions,omitempty"},
		{&InfraMachine, "status.ready", "bool", "status.initialization.provisioned", "*bool", "ready", "provisioned,omitempty"},
		{&InfraMachine, "spec.providerID", "*string", "spec.providerID", "string", "providerID,omitempty", "providerID,omitempty"},
		{&InfraMachine, "spec.failureDomain", "*string", "status.failureDomain", "string", "failureDomain,omitempty", "failureDomain,omitempty"},
		{&InfraMachine, "status.failureMessage", "string", "status.deprecated.v1beta1.failureMessage", "string", "failureMessage,omitempty", "failureMessage,omitempty"},
		{&BootstrapConfig, "status.ready", "bool", "status.initialization.dataSecretCreated", "*bool", "ready", "dataSecretCreated,omitempty"},
		{&BootstrapConfig, "status.dataSecretName", "*string", "status.dataSecretName", "string", "dataSecretName,omitempty", "dataSecretName,omitempty"},
		{&ControlPlane, "status.initialized", "bool", "status.initialization.controlPlaneInitialized", "*bool", "initialized", "controlPlaneInitialized,omitempty"},
		{&ControlPlane, "status.updatedReplicas", "int32", "status.upToDateReplicas", "*int32", "updatedReplicas", "upToDateReplicas,omitempty"},
		{&ControlPlane, "status.unavailableReplicas", "int32", "status.availableReplicas", "*int32", "unavailableReplicas", "availableReplicas,omitempty"},
		{&ControlPlane, "status.externalManagedControlPlane", "bool", "status.externalManagedControlPlane", "*bool", "externalManagedControlPlane,omitempty", "externalManagedControlPlane,omitempty"},
		{&ControlPlane, "spec.machineTemplate.infrastructureRef", "corev1.ObjectReference", "spec.machineTemplate.spec.infrastructureRef", "clusterv1.ContractVersionedObjectReference", "infrastructureRef", "infrastructureRef"},
		{&ControlPlane, "spec.machineTemplate.nodeDrainTimeout", "*metav1.Duration", "spec.machineTemplate.spec.deletion.nodeDrainTimeoutSeconds", "*int32", "nodeDrainTimeout,omitempty", "nodeDrainTimeoutSeconds,omitempty"},
		{&ControlPlane, "spec.machineTemplate.taints", "[]clusterv1.MachineTaint", "spec.machineTemplate.spec.taints", "[]clusterv1.MachineTaint", "taints,omitempty", "taints,omitempty"},
		{&InfraMachinePool, "status.ready", "bool", "status.initialization.provisioned", "*bool", "ready", "provisioned,omitempty"},
	}
	for _, c := range cases {
		p1, ok := c.kind.Point(V1Beta1, c.v1)
		if !ok {
			t.Errorf("%s: no v1beta1 point %s", c.kind.Name, c.v1)
			continue
		}
		p2, ok := c.kind.PairOf(p1)
		if !ok || p2.Path != c.v2 || p2.Contract != V1Beta2 {
			t.Errorf("%s: PairOf(%s) = %s %v, want %s", c.kind.Name, c.v1, p2.Path, ok, c.v2)
			continue
		}
		if back, _ := c.kind.PairOf(p2); back.Path != c.v1 {
			t.Errorf("%s: PairOf(%s) = %s, want %s back", c.kind.Name, c.v2, back.Path, c.v1)
		}
		if got := []string{p1.Type.String(), p1.Tag.String(), p2.Type.String(), p2.Tag.String()}; !slices.Equal(got, []string{c.v1Type, c.v1Tag, c.v2Type, c.v2Tag}) {
			t.Errorf("%s %s → %s: shapes %q", c.kind.Name, c.v1, c.v2, got)
		}
	}
}

// TestCatalogInvariants: PairOf is well-defined (one point per aspect and
// contract), paths are unique per contract, and read windows are sane.
func TestCatalogInvariants(t *testing.T) {
	for _, k := range Kinds {
		aspects, paths := map[string]bool{}, map[string]bool{}
		for _, p := range k.AllPoints() {
			a := string(p.Contract) + "/" + string(p.Aspect)
			path := string(p.Contract) + "/" + p.Path
			if p.Aspect == "" || aspects[a] || paths[path] {
				t.Errorf("%s: point %s has an empty or duplicate aspect %q or path", k.Name, path, p.Aspect)
			}
			aspects[a], paths[path] = true, true
			if p.Contract != V1Beta1 && p.Contract != V1Beta2 {
				t.Errorf("%s %s: contract %q", k.Name, p.Path, p.Contract)
			}
			for _, r := range p.Reads {
				if r.Since != "" && r.Until != "" && !r.Since.Less(r.Until) {
					t.Errorf("%s %s: empty window %s–%s", k.Name, p.Path, r.Since, r.Until)
				}
				if r.Basis == "" {
					t.Errorf("%s %s: read window without a basis", k.Name, p.Path)
				}
				if (r.Mode == ReadFallback) != (r.FallbackFor != "") {
					t.Errorf("%s %s: fallback window and FallbackFor disagree", k.Name, p.Path)
				}
			}
		}
		if k.IsTemplate() {
			base, ok := KindByName(k.TemplateOf)
			if tk, _ := base.TemplateKind(); !ok || tk != k {
				t.Errorf("%s: template of %q does not round-trip", k.Name, k.TemplateOf)
			}
		}
	}
}

func mustRelease(t *testing.T, s string) Release {
	t.Helper()
	r, err := ParseRelease(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// readPaths renders Reads for an aspect: "path" or "path(fallback for X)" or "path(in place of X)".
func readPaths(t *testing.T, k *Kind, core string, label Contract, a Aspect) string {
	t.Helper()
	rps, err := ReadsAspect(k, mustRelease(t, core), label, a)
	if err != nil {
		return "error"
	}
	var out []string
	for _, rp := range rps {
		s := rp.Point.Path
		switch {
		case rp.Primary != nil:
			s += "(fallback for " + rp.Primary.Path + ")"
		case rp.Read.InPlaceOf != "":
			s += "(in place of " + rp.Read.InPlaceOf + ")"
		}
		if rp.Fallback != nil {
			s += "(falls back to " + rp.Fallback.Path + ")"
		}
		out = append(out, s)
	}
	return strings.Join(out, ",")
}

func TestReadsByReleaseAndLabel(t *testing.T) {
	const (
		ready       = "status.ready"
		provisioned = "status.initialization.provisioned"
	)
	cases := []struct {
		kind   *Kind
		core   string
		label  Contract
		aspect Aspect
		want   string
	}{
		// Label-exclusive kinds: the label picks the field set, no fallback.
		{&InfraCluster, "v1.10.0", V1Beta1, AspectReadiness, ready},
		{&InfraCluster, "v1.10.0", V1Beta2, AspectReadiness, "error"}, // v1.10 does not know v1beta2
		{&InfraCluster, "v1.11.0", V1Beta1, AspectReadiness, ready},
		{&InfraCluster, "v1.11.0", V1Beta2, AspectReadiness, provisioned},
		{&InfraCluster, "v1.14.2", V1Beta2, AspectReadiness, provisioned},
		{&InfraCluster, "v1.16.0", V1Beta1, AspectReadiness, "error"}, // v1beta1 contract dropped (planned)
		{&InfraMachine, "v1.14.2", V1Beta1, AspectReadiness, ready},
		{&BootstrapConfig, "v1.12.0", V1Beta2, AspectReadiness, "status.initialization.dataSecretCreated"},
		{&BootstrapConfig, "v1.12.0", V1Beta1, AspectReadiness, ready},
		{&ControlPlane, "v1.14.0", V1Beta2, AspectReadiness, "status.initialization.controlPlaneInitialized"},
		// The v1beta1 ControlPlane status.ready/status.initialized bug.
		{&ControlPlane, "v1.10.3", V1Beta1, AspectReadiness, "status.initialized"},
		{&ControlPlane, "v1.11.0", V1Beta1, AspectReadiness, "status.ready(in place of status.initialized)"},
		{&ControlPlane, "v1.11.4", V1Beta1, AspectReadiness, "status.ready(in place of status.initialized)"},
		{&ControlPlane, "v1.11.5", V1Beta1, AspectReadiness, "status.initialized"},
		{&ControlPlane, "v1.12.0", V1Beta1, AspectReadiness, "status.ready(in place of status.initialized)"},
		{&ControlPlane, "v1.12.1", V1Beta1, AspectReadiness, "status.ready(in place of status.initialized)"},
		{&ControlPlane, "v1.12.2", V1Beta1, AspectReadiness, "status.initialized"},
		{&ControlPlane, "v1.13.0", V1Beta1, AspectReadiness, "status.initialized"},
		{&ControlPlane, "v1.11.0", V1Beta2, AspectReadiness, "status.initialization.controlPlaneInitialized"},
		// Replica counters and failure domains follow the label.
		{&ControlPlane, "v1.12.0", V1Beta1, AspectUpToDateReplicas, "status.updatedReplicas"},
		{&ControlPlane, "v1.12.0", V1Beta2, AspectUpToDateReplicas, "status.upToDateReplicas"},
		{&ControlPlane, "v1.12.0", V1Beta1, AspectAvailableReplicas, "status.unavailableReplicas"},
		{&ControlPlane, "v1.12.0", V1Beta2, AspectAvailableReplicas, "status.availableReplicas"},
		{&InfraCluster, "v1.14.0", V1Beta2, AspectFailureDomains, "status.failureDomains"},
		// Release gates.
		{&InfraMachine, "v1.12.9", V1Beta2, AspectMachineFailureDomain, "spec.failureDomain"},
		{&InfraMachine, "v1.13.0", V1Beta2, AspectMachineFailureDomain, "spec.failureDomain,status.failureDomain"}, // v1.13+ read both
		{&InfraMachine, "v1.13.0-rc.1", V1Beta2, AspectMachineFailureDomain, "spec.failureDomain"},
		{&ControlPlane, "v1.13.9", V1Beta2, AspectStatusVersions, ""},
		{&ControlPlane, "v1.14.0", V1Beta2, AspectStatusVersions, "status.versions"},
		{&ControlPlane, "v1.12.0", V1Beta1, AspectTaints, ""},
		{&ControlPlane, "v1.13.0", V1Beta1, AspectTaints, "spec.machineTemplate.spec.taints"},
		{&ControlPlane, "v1.13.4", V1Beta1, AspectTaints, "spec.machineTemplate.spec.taints"},
		{&ControlPlane, "v1.13.5", V1Beta1, AspectTaints, "spec.machineTemplate.taints"},
		{&ControlPlane, "v1.13.5", V1Beta2, AspectTaints, "spec.machineTemplate.spec.taints"},
		// InfraMachinePool keeps its own semantics.
		{&InfraMachinePool, "v1.10.0", V1Beta1, AspectReadiness, ready},
		{&InfraMachinePool, "v1.14.2", V1Beta2, AspectReadiness, ready},
		{&InfraMachinePool, "v1.14.2", V1Beta1, AspectReadiness, ready},
		{&InfraMachinePool, "v1.15.0", V1Beta2, AspectReadiness, provisioned + "(falls back to status.ready)," + ready + "(fallback for " + provisioned + ")"},
		{&InfraMachinePool, "v1.15.0", V1Beta1, AspectReadiness, ready},
		{&InfraMachinePool, "v1.16.0", V1Beta2, AspectReadiness, provisioned},
	}
	for _, c := range cases {
		if got := readPaths(t, c.kind, c.core, c.label, c.aspect); got != c.want {
			t.Errorf("%s on %s under %s, %s: %q, want %q", c.kind.Name, c.core, c.label, c.aspect, got, c.want)
		}
	}
}

// TestFailureDomainShapeFollowsTheLabel: the shape read is the label's.
func TestFailureDomainShapeFollowsTheLabel(t *testing.T) {
	for label, want := range map[Contract]string{V1Beta1: "clusterv1beta1.FailureDomains", V1Beta2: "[]clusterv1.FailureDomain"} {
		rps, err := ReadsAspect(&InfraCluster, "v1.14.0", label, AspectFailureDomains)
		if err != nil || len(rps) != 1 || rps[0].Point.Type.String() != want {
			t.Errorf("label %s: %+v %v, want one point of shape %s", label, rps, err, want)
		}
	}
}

// TestPoolReadsAgreeWithBehaviour: the pool's read windows and the
// CoreBehaviour table the analyzers use today say the same for a v1beta2 label.
func TestPoolReadsAgreeWithBehaviour(t *testing.T) {
	for _, v := range []string{"v1.10.0", "v1.14.2", "v1.15.0-beta.0", "v1.15.0", "v1.15.3", "v1.16.0"} {
		b, err := BehaviourFor(v)
		if err != nil {
			t.Fatal(err)
		}
		label := Contract(V1Beta2)
		if mustRelease(t, v).Less(ReleaseV1Beta2) {
			label = V1Beta1
		}
		rps, err := ReadsAspect(&InfraMachinePool, mustRelease(t, v), label, AspectReadiness)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, rp := range rps {
			got = append(got, rp.Point.Path)
		}
		if !slices.Equal(got, b.PoolReadinessFields) {
			t.Errorf("%s: catalog reads %v, behaviour table %v", v, got, b.PoolReadinessFields)
		}
	}
}

func TestLabelExclusive(t *testing.T) {
	for _, k := range Kinds {
		four := k == &InfraCluster || k == &InfraMachine || k == &ControlPlane || k == &BootstrapConfig
		if k.LabelExclusive("v1.10.9") || k.LabelExclusive("v1.11.0") != four || k.LabelExclusive("v1.15.0") != four {
			t.Errorf("%s: label-exclusive on v1.10.9/v1.11.0/v1.15.0 = %v/%v/%v", k.Name,
				k.LabelExclusive("v1.10.9"), k.LabelExclusive("v1.11.0"), k.LabelExclusive("v1.15.0"))
		}
	}
}

func TestReadsRejectsUnknownLabelAndRelease(t *testing.T) {
	if _, err := Reads(&InfraMachine, "", V1Beta1); err == nil {
		t.Error("Reads accepted an empty release")
	}
	if _, err := Reads(&InfraMachine, "v1.14.0", "v1alpha4"); err == nil {
		t.Error("Reads accepted the v1alpha4 label")
	}
	rps, _ := Reads(&InfraMachinePool, ReleasePoolFallback, V1Beta2)
	for _, rp := range rps {
		if rp.Point.Aspect == AspectReadiness && !rp.Read.Assumed {
			t.Errorf("pool readiness on %s read from %s without the assumption mark", ReleasePoolFallback, rp.Point.Path)
		}
	}

	_, err := Reads(&InfraMachine, "v1.10.0", V1Beta2)
	var unknown *ErrContractUnknown
	if !errors.As(err, &unknown) || !strings.Contains(err.Error(), "cluster.x-k8s.io/v1beta2") {
		t.Errorf("Reads on v1.10.0 under v1beta2: %v", err)
	}
}

func TestResolveContractAt(t *testing.T) {
	both := map[string]string{LabelKey(V1Beta1): "v1beta1", LabelKey(V1Beta2): "v1beta2_v1beta1"}
	cases := []struct {
		labels        map[string]string
		core          string
		contract, api string
		wantErr       bool
	}{
		{both, "v1.10.0", V1Beta1, "v1beta1", false}, // a v1.10 core knows only the v1beta1 label
		{both, "v1.11.0", V1Beta2, "v1beta2", false},
		{map[string]string{LabelKey(V1Beta2): "v1alpha2"}, "v1.10.0", "", "", true},
		{map[string]string{LabelKey(V1Beta1): "v1alpha1"}, "v1.16.0", "", "", true},
		{map[string]string{LabelKey(V1Beta1): "v1alpha1", LabelKey(V1Beta2): ""}, "v1.14.0", V1Beta1, "v1alpha1", false},
	}
	for _, c := range cases {
		cv, api, err := ResolveContractAt(c.labels, mustRelease(t, c.core))
		if (err != nil) != c.wantErr || string(cv) != c.contract || api != c.api {
			t.Errorf("ResolveContractAt(%v, %s) = %q, %q, %v", c.labels, c.core, cv, api, err)
		}
	}
}

func TestLabelVersionConflicts(t *testing.T) {
	got := LabelVersionConflicts(map[string]string{
		LabelKey(V1Beta1):            "v1alpha1_v1alpha2",
		LabelKey(V1Beta2):            "v1alpha2_v1alpha3",
		"cluster.x-k8s.io/provider":  "infrastructure-foo",
		"example.com/cluster.x-k8s":  "v1alpha3",
		"cluster.x-k8s.io/v1alpha4":  "v1alpha4",
		"cluster.x-k8s.io/v1alpha4x": "",
	})
	if len(got) != 1 || !slices.Equal(got["v1alpha2"], []string{LabelKey(V1Beta1), LabelKey(V1Beta2)}) {
		t.Errorf("conflicts = %v", got)
	}
	// CAPD lists distinct versions per label: no conflict.
	if got := LabelVersionConflicts(map[string]string{LabelKey(V1Beta1): "v1beta1", LabelKey(V1Beta2): "v1beta2"}); len(got) != 0 {
		t.Errorf("CAPD labels: %v", got)
	}
}

func TestParseRelease(t *testing.T) {
	for in, want := range map[string]Release{"v1.14.2": "v1.14.2", "1.14.2": "v1.14.2", "v1.15": "v1.15.0", "v1.15.0-beta.0": "v1.15.0-beta.0"} {
		if got, err := ParseRelease(in); err != nil || got != want {
			t.Errorf("ParseRelease(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := ParseRelease("main"); err == nil || !strings.Contains(err.Error(), `"main"`) {
		t.Errorf("ParseRelease(main): %v", err)
	}
	local := TargetForLocalTree(t.TempDir(), "test")
	if local.Release() != LatestVerifiedCore {
		t.Errorf("local tree release = %s", local.Release())
	}
}

// TestPoolLegacyView: the path-keyed Fields the pool analyzers read keep
// the inventory flags they were written against.
func TestPoolLegacyView(t *testing.T) {
	var deprecated, inventory []string
	for _, f := range InfraMachinePool.Fields {
		if f.Deprecated {
			deprecated = append(deprecated, f.Path)
		}
		if f.Inventory {
			inventory = append(inventory, f.Path)
		}
	}
	if !slices.Equal(deprecated, []string{PathReady, PathFailureReason, PathFailureMessage}) ||
		!slices.Equal(inventory, []string{PathProviderID, PathProvisioned}) {
		t.Errorf("deprecated %v, inventory %v", deprecated, inventory)
	}
	for path, want := range map[string]string{
		PathProvisioned: "*bool provisioned,omitempty required", PathInitialization: "<Kind>InitializationStatus initialization,omitempty,omitzero",
		PathReplicas: "int32 replicas required", PathConditions: "[]metav1.Condition conditions,omitempty", PathReady: "bool ready required",
	} {
		f, ok := InfraMachinePool.Field(path)
		got := f.GoShape + " " + f.JSONTag
		if f.Required {
			got += " required"
		}
		if !ok || got != want {
			t.Errorf("Field(%s) = %q, want %q", path, got, want)
		}
	}
}

func TestJSONTagRoundTrip(t *testing.T) {
	for _, s := range []string{"initialization,omitempty,omitzero", "ready", "conditions,omitempty", ",inline"} {
		want := s
		if s == ",inline" {
			want = ""
		}
		if got := ParseJSONTag(s).String(); got != want {
			t.Errorf("ParseJSONTag(%q).String() = %q", s, got)
		}
	}
}

// TestLinks: each base kind is referenced by a core object in both core API
// versions.
func TestLinks(t *testing.T) {
	for _, k := range Kinds {
		versions := map[string]bool{}
		for _, l := range k.Links {
			versions[l.APIVersion] = true
			if l.RefHasAPIGroup != (l.APIVersion == V1Beta2) {
				t.Errorf("%s: %s %s ref %s: RefHasAPIGroup %v", k.Name, l.CoreKind, l.APIVersion, l.Ref, l.RefHasAPIGroup)
			}
		}
		if !k.IsTemplate() && (!versions[V1Beta1] || !versions[V1Beta2]) {
			t.Errorf("%s: links %v", k.Name, k.Links)
		}
	}
}
