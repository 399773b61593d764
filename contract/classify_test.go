package contract

import (
	"strings"
	"testing"
)

func TestClassify(t *testing.T) {
	const (
		infra = "infrastructure.cluster.x-k8s.io"
		cp    = "controlplane.cluster.x-k8s.io"
		boot  = "bootstrap.cluster.x-k8s.io"
	)
	cases := []struct {
		group, name string
		paths       []string
		want        string // kind name, "" for none
		how         How
	}{
		// CAPD, KCP, CABPK.
		{infra, "DockerCluster", nil, KindInfraCluster, ByName},
		{infra, "DockerClusterTemplate", nil, KindInfraClusterTemplate, ByName},
		{infra, "DockerMachine", nil, KindInfraMachine, ByName},
		{infra, "DockerMachineTemplate", nil, KindInfraMachineTemplate, ByName},
		{infra, "DockerMachinePool", nil, KindInfraMachinePool, ByName},
		{infra, "DockerMachinePoolTemplate", nil, KindInfraMachinePoolTemplate, ByName},
		{infra, "DockerMachinePoolMachine", nil, KindInfraMachine, ByName},
		{infra, "DevCluster", nil, KindInfraCluster, ByName},
		{infra, "DockerClusterList", nil, "", Excluded},
		{cp, "KubeadmControlPlane", nil, KindControlPlane, ByName},
		{cp, "KubeadmControlPlaneTemplate", nil, KindControlPlaneTemplate, ByName},
		{boot, "KubeadmConfig", nil, KindBootstrapConfig, ByName},
		{boot, "KubeadmConfigTemplate", nil, KindBootstrapConfigTemplate, ByName},
		// Scaleway (CAPS v0.2.0) keeps its managed kinds in the infrastructure group.
		{infra, "ScalewayCluster", nil, KindInfraCluster, ByName},
		{infra, "ScalewayManagedCluster", nil, KindInfraCluster, ByName},
		{infra, "ScalewayManagedControlPlane", nil, KindControlPlane, ByName},
		{infra, "ScalewayManagedMachinePool", nil, KindInfraMachinePool, ByName},
		{infra, "ScalewayMachine", nil, KindInfraMachine, ByName},
		// Other providers' groups and names.
		{"infrastructure.cluster.x-k8s.io", "AWSClusterControllerIdentity", nil, "", Excluded},
		{"controlplane.cluster.x-k8s.io", "AWSManagedControlPlane", nil, KindControlPlane, ByName},
		{"bootstrap.cluster.x-k8s.io", "EKSConfig", nil, KindBootstrapConfig, ByName},
		{"infrastructure.example.com", "FooMachinePool", nil, KindInfraMachinePool, ByName},
		// Structure: a bootstrap type named otherwise.
		{boot, "TalosBootstrap", []string{"spec.foo", "status.dataSecretName"}, KindBootstrapConfig, ByStructure},
		{boot, "TalosBootstrap", []string{"status.ready"}, "", Excluded},
		{cp, "K0smotronCP", []string{"status.initialization.controlPlaneInitialized"}, KindControlPlane, ByStructure},
		{infra, "FooNodeGroup", []string{"spec.providerIDList", "status.ready"}, KindInfraMachinePool, ByStructure},
		// Core's own groups, and groups with no provider prefix.
		{"cluster.x-k8s.io", "MachinePool", nil, "", Excluded},
		{"cluster.x-k8s.io", "Cluster", nil, "", Excluded},
		{"addons.cluster.x-k8s.io", "ClusterResourceSet", nil, "", Excluded},
		{"ipam.cluster.x-k8s.io", "IPAddressClaim", nil, "", Excluded},
		{"runtime.cluster.x-k8s.io", "ExtensionConfig", nil, "", Excluded},
		{"example.com", "FooCluster", nil, "", Excluded},
		// No +groupName: names alone, a *Config only with its structure.
		{"", "FooMachinePool", nil, KindInfraMachinePool, ByName},
		{"", "FooConfig", nil, "", Excluded},
		{"", "FooConfig", []string{"status.dataSecretName"}, KindBootstrapConfig, ByName},
		{"", "Cluster", nil, "", Excluded},
	}
	for _, c := range cases {
		got := Classify(TypeSummary{Group: c.group, Name: c.name, Paths: c.paths}, nil)
		name := ""
		if got.Kind != nil {
			name = got.Kind.Name
		}
		if name != c.want || got.How != c.how || got.Reason == "" {
			t.Errorf("Classify(%s, %s) = %s by %s (%s), want %q by %s", c.group, c.name, name, got.How, got.Reason, c.want, c.how)
		}
		if got.Kind != nil && !strings.Contains(got.Reason, c.name) {
			t.Errorf("Classify(%s): reason %q does not name the type", c.name, got.Reason)
		}
	}
}

func TestClassifyOverrides(t *testing.T) {
	o := Overrides{
		"FooThing":                     KindInfraMachine,
		"infrastructure.example/Other": KindInfraCluster,
		"Other":                        OverrideNone,
		"DockerCluster":                OverrideNone,
	}
	if err := o.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		group, name, want string
	}{
		{"infrastructure.example", "FooThing", KindInfraMachine},
		{"infrastructure.example", "Other", KindInfraCluster}, // the qualified key wins
		{"infrastructure.else", "Other", ""},
		{"infrastructure.cluster.x-k8s.io", "DockerCluster", ""},
	} {
		got := Classify(TypeSummary{Group: c.group, Name: c.name}, o)
		name := ""
		if got.Kind != nil {
			name = got.Kind.Name
		}
		if name != c.want || got.How != ByOverride {
			t.Errorf("Classify(%s/%s) with overrides = %q by %s, want %q by override", c.group, c.name, name, got.How, c.want)
		}
	}
	bad := Overrides{"FooThing": "InfraMachin", "": KindInfraCluster}
	err := bad.Validate()
	if err == nil || !strings.Contains(err.Error(), `FooThing: unknown kind "InfraMachin"`) || !strings.Contains(err.Error(), "empty type name") {
		t.Errorf("Validate: %v", err)
	}
}
