package contract

import (
	"maps"
	"slices"
	"strings"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

// kindCRD builds a CRD of one version whose status schema holds props
// (name: OpenAPI type), for the CRD check.
func kindCRD(t *testing.T, group, kind, plural string, labels map[string]string, status map[string]any) *apiextensionsv1.CustomResourceDefinition {
	t.Helper()
	doc := map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
		"metadata": map[string]any{"name": plural + "." + group, "labels": labels},
		"spec": map[string]any{
			"group": group, "scope": "Namespaced",
			"names": map[string]any{"kind": kind, "plural": plural},
			"versions": []any{map[string]any{
				"name": "v1beta2", "served": true, "storage": true, "subresources": map[string]any{"status": map[string]any{}},
				"schema": map[string]any{"openAPIV3Schema": map[string]any{"type": "object", "properties": map[string]any{
					"spec":   map[string]any{"type": "object", "properties": map[string]any{"providerID": map[string]any{"type": "string"}}},
					"status": map[string]any{"type": "object", "properties": status},
				}}},
			}},
		},
	}
	data, err := yaml.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	var crd apiextensionsv1.CustomResourceDefinition
	if err := yaml.Unmarshal(data, &crd); err != nil {
		t.Fatal(err)
	}
	return &crd
}

func evaluate(k *Kind, crd *apiextensionsv1.CustomResourceDefinition, release Release) []string {
	info := CRDInfo{Name: crd.Name, Group: crd.Spec.Group, Kind: crd.Spec.Names.Kind, Scope: string(crd.Spec.Scope), Labels: crd.Labels}
	for _, v := range crd.Spec.Versions {
		info.Versions = append(info.Versions, CRDVersion{Name: v.Name, Served: v.Served, Storage: v.Storage})
	}
	var out []string
	for _, v := range EvaluateKindCRD(KindCRD{ContractKind: k, CRDInfo: info, Schema: SchemaOf(crd)}, release) {
		out = append(out, v.Rule+" "+v.Severity.String()+" "+v.Field)
	}
	slices.Sort(out)
	return out
}

func TestEvaluateKindCRD(t *testing.T) {
	ready := map[string]any{"ready": map[string]any{"type": "boolean"}}
	prov := func(inner string) map[string]any {
		return map[string]any{"initialization": map[string]any{"type": "object", "properties": map[string]any{inner: map[string]any{"type": "boolean"}}}}
	}
	with := func(a, b map[string]any) map[string]any {
		out := maps.Clone(a)
		maps.Copy(out, b)
		return out
	}
	v2 := map[string]string{"cluster.x-k8s.io/v1beta2": "v1beta2"}
	v1 := map[string]string{"cluster.x-k8s.io/v1beta1": "v1beta2"}
	const infra, cp, bs = "infrastructure.example.com", "controlplane.example.com", "bootstrap.example.com"
	mapFD := map[string]any{"failureDomains": map[string]any{"type": "object"}}
	listFD := map[string]any{"failureDomains": map[string]any{"type": "array"}}
	for _, tc := range []struct {
		name    string
		kind    *Kind
		crd     *apiextensionsv1.CustomResourceDefinition
		release Release
		want    []string
	}{
		{"v1beta2 label, schema has only ready: never provisioned", &InfraMachine,
			kindCRD(t, infra, "FooMachine", "foomachines", v2, ready), "v1.11.0",
			[]string{"MPA346 error status.initialization.provisioned"}},
		{"dual schema under either label is fine", &InfraMachine,
			kindCRD(t, infra, "FooMachine", "foomachines", v2, with(ready, prov("provisioned"))), "v1.14.0", nil},
		{"v1beta1 label on v1.11: warning, schema fine", &InfraMachine,
			kindCRD(t, infra, "FooMachine", "foomachines", v1, ready), "v1.11.0",
			[]string{"MPA343 warning metadata.labels[cluster.x-k8s.io/v1beta1]"}},
		{"v1beta1 label, only v1beta2 fields: never provisioned", &BootstrapConfig,
			kindCRD(t, bs, "FooConfig", "fooconfigs", v1, with(prov("dataSecretCreated"), map[string]any{"dataSecretName": map[string]any{"type": "string"}})), "v1.12.0",
			[]string{"MPA343 warning metadata.labels[cluster.x-k8s.io/v1beta1]", "MPA346 error status.ready"}},
		{"bootstrap config without dataSecretName", &BootstrapConfig,
			kindCRD(t, bs, "FooConfig", "fooconfigs", v2, prov("dataSecretCreated")), "v1.12.0",
			[]string{"MPA347 error status.dataSecretName"}},
		{"v1beta2-only label on a v1.10 core resolves nothing", &InfraCluster,
			kindCRD(t, infra, "FooCluster", "fooclusters", v2, with(prov("provisioned"), listFD)), "v1.10.0",
			[]string{"MPA342 error metadata.labels"}},
		{"failure domains map under a v1beta2 label", &InfraCluster,
			kindCRD(t, infra, "FooCluster", "fooclusters", v2, with(prov("provisioned"), mapFD)), "v1.11.0",
			[]string{"MPA348 error status.failureDomains"}},
		{"failure domains map under a v1beta1 label is right", &InfraCluster,
			kindCRD(t, infra, "FooCluster", "fooclusters", map[string]string{"cluster.x-k8s.io/v1beta1": "v1beta2"}, with(ready, mapFD)), "v1.10.0", nil},
		{"v1beta1 control plane in the status.ready bug window needs ready", &ControlPlane,
			kindCRD(t, cp, "FooControlPlane", "foocontrolplanes", v1, map[string]any{"initialized": map[string]any{"type": "boolean"}}), "v1.11.2",
			[]string{"MPA343 warning metadata.labels[cluster.x-k8s.io/v1beta1]", "MPA346 error status.ready"}},
		{"same version under two labels; wrong name", &InfraMachine,
			func() *apiextensionsv1.CustomResourceDefinition {
				c := kindCRD(t, infra, "FooMachine", "foomachines", map[string]string{"cluster.x-k8s.io/v1beta2": "v1beta2", "cluster.x-k8s.io/v1beta1": "v1beta2"}, with(ready, prov("provisioned")))
				c.Name = "machines." + infra
				return c
			}(), "v1.13.0",
			[]string{"MPA340 error metadata.name", "MPA345 info metadata.labels"}},
		{"label names a version the CRD does not define", &InfraMachine,
			kindCRD(t, infra, "FooMachine", "foomachines", map[string]string{"cluster.x-k8s.io/v1beta2": "v1beta3"}, ready), "v1.13.0",
			[]string{"MPA344 error metadata.labels[cluster.x-k8s.io/v1beta2]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := evaluate(tc.kind, tc.crd, tc.release)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(tc.want, "\n  "))
			}
		})
	}
}

func TestSchemaPathsFeedTheClassifier(t *testing.T) {
	crd := kindCRD(t, "bootstrap.example.com", "FooBootstrap", "foobootstraps", nil,
		map[string]any{"dataSecretName": map[string]any{"type": "string"}})
	paths := SchemaPaths(crd, "v1beta2", 3)
	c := Classify(TypeSummary{Group: crd.Spec.Group, Name: crd.Spec.Names.Kind, Paths: paths}, nil)
	if c.Kind != &BootstrapConfig || c.How != ByStructure {
		t.Errorf("classified %v by %s (%s) from %v", c.Kind, c.How, c.Reason, paths)
	}
}

// One API version under both labels: core maps it back to a contract only
// for ControlPlane objects (from v1.11), so only there is it a warning.
func TestLabelConflictSeverityByKind(t *testing.T) {
	both := map[string]string{LabelKey(V1Beta1): "v1beta2", LabelKey(V1Beta2): "v1beta2"}
	cpStatus := map[string]any{"initialization": map[string]any{"type": "object", "properties": map[string]any{
		"controlPlaneInitialized": map[string]any{"type": "boolean"}}}}
	for _, tc := range []struct {
		k       *Kind
		release Release
		want    string
	}{
		{&ControlPlane, "v1.11.0", "warning"},
		{&ControlPlane, "v1.14.2", "warning"},
		{&ControlPlane, "v1.10.0", "info"},
		{&ControlPlaneTemplate, "v1.14.2", "info"},
		{&InfraMachine, "v1.14.2", "info"},
		{&InfraMachinePool, "v1.14.2", "info"},
	} {
		crd := kindCRD(t, "controlplane.cluster.x-k8s.io", "FooControlPlane", "foocontrolplanes", both, cpStatus)
		var got []string
		for _, v := range EvaluateKindCRD(KindCRD{ContractKind: tc.k, CRDInfo: CRDInfo{Name: crd.Name, Group: crd.Spec.Group,
			Kind: crd.Spec.Names.Kind, Labels: crd.Labels}}, tc.release) {
			if v.Rule == RuleLabelVersionConflict {
				got = append(got, v.Severity.String())
			}
		}
		if !slices.Equal(got, []string{tc.want}) {
			t.Errorf("%s at %s: MPA345 severities %v, want [%s]", tc.k.Name, tc.release, got, tc.want)
		}
	}
	if r := MustRule(RuleLabelVersionConflict); r.ReleasedSeverity() != Warning || r.Informational() {
		t.Errorf("MPA345 released severity %v (informational %v), want warning", r.ReleasedSeverity(), r.Informational())
	}
}

// A ControlPlane CRD whose schema has spec.replicas MUST have the scale
// subresource at the contract's paths, and status.replicas and a string
// status.selector for it to read.
func TestControlPlaneScaleSubresource(t *testing.T) {
	v2 := map[string]string{"cluster.x-k8s.io/v1beta2": "v1beta2"}
	full := map[string]any{
		"initialization": map[string]any{"type": "object", "properties": map[string]any{"controlPlaneInitialized": map[string]any{"type": "boolean"}}},
		"replicas":       map[string]any{"type": "integer"},
		"selector":       map[string]any{"type": "string"},
	}
	sel := ".status.selector"
	contractScale := &apiextensionsv1.CustomResourceSubresourceScale{SpecReplicasPath: ".spec.replicas", StatusReplicasPath: ".status.replicas", LabelSelectorPath: &sel}
	build := func(replicas bool, status map[string]any, scale *apiextensionsv1.CustomResourceSubresourceScale) *apiextensionsv1.CustomResourceDefinition {
		c := kindCRD(t, "controlplane.example.com", "FooControlPlane", "foocontrolplanes", v2, status)
		v := &c.Spec.Versions[0]
		if replicas {
			v.Schema.OpenAPIV3Schema.Properties["spec"].Properties["replicas"] = apiextensionsv1.JSONSchemaProps{Type: "integer"}
		}
		v.Subresources.Scale = scale
		return c
	}
	without := func(name string) map[string]any {
		out := maps.Clone(full)
		delete(out, name)
		return out
	}
	wrongSel := ".spec.selector"
	for _, tc := range []struct {
		name string
		crd  *apiextensionsv1.CustomResourceDefinition
		want string // MPA352's message after "readsAt: ", or "" for no finding
	}{
		{"the contract's signature", build(true, full, contractScale), ""},
		{"no spec.replicas: no replicas rule", build(false, without("selector"), nil), ""},
		{"a schema that keeps unknown fields does not say", func() *apiextensionsv1.CustomResourceDefinition {
			c := build(false, nil, nil)
			keep := true
			c.Spec.Versions[0].Schema.OpenAPIV3Schema = &apiextensionsv1.JSONSchemaProps{Type: "object", XPreserveUnknownFields: &keep}
			return c
		}(), ""},
		{"no scale subresource", build(true, full, nil), "it has no scale subresource"},
		{"no selector in the schema", build(true, without("selector"), contractScale), "its schema has no status.selector"},
		{"no labelSelectorPath", build(true, full, &apiextensionsv1.CustomResourceSubresourceScale{SpecReplicasPath: ".spec.replicas", StatusReplicasPath: ".status.replicas"}),
			"its scale subresource has no labelSelectorPath (want .status.selector)"},
		{"selector elsewhere", build(true, full, &apiextensionsv1.CustomResourceSubresourceScale{SpecReplicasPath: ".spec.replicas", StatusReplicasPath: ".status.replicas", LabelSelectorPath: &wrongSel}),
			"its scale subresource's labelSelectorPath is .spec.selector, want .status.selector"},
		{"selector as a LabelSelector object", build(true, with(full, "selector", map[string]any{"type": "object"}), contractScale),
			"its schema gives status.selector the type object, not string"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			info := CRDInfo{Name: tc.crd.Name, Group: tc.crd.Spec.Group, Kind: tc.crd.Spec.Names.Kind, Scope: string(tc.crd.Spec.Scope), Labels: tc.crd.Labels,
				Versions: []CRDVersion{{Name: "v1beta2", Served: true, Storage: true}}}
			var got []string
			for _, v := range EvaluateKindCRD(KindCRD{ContractKind: &ControlPlane, CRDInfo: info, Schema: SchemaOf(tc.crd)}, "v1.14.0") {
				if v.Rule != RuleControlPlaneScale {
					t.Errorf("unexpected %s %s: %s", v.Rule, v.Field, v.Message)
					continue
				}
				if v.Severity != Warning || v.Field != FieldScale {
					t.Errorf("%s at %s, want warning at %s", v.Severity, v.Field, FieldScale)
				}
				got = append(got, v.Message)
			}
			switch {
			case tc.want == "" && len(got) > 0:
				t.Errorf("got %q, want nothing", got)
			case tc.want != "" && (len(got) != 1 || !strings.HasSuffix(got[0], ": "+tc.want)):
				t.Errorf("got %q, want one message ending %q", got, tc.want)
			}
		})
	}
	// Other kinds have no replicas rule.
	if got := evaluate(&InfraMachine, build(true, with(full, "ready", map[string]any{"type": "boolean"}), nil), "v1.14.0"); slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, RuleControlPlaneScale) }) {
		t.Errorf("InfraMachine: %v", got)
	}
}

func with(m map[string]any, k string, v any) map[string]any {
	out := maps.Clone(m)
	out[k] = v
	return out
}

func TestParseScaleMarker(t *testing.T) {
	for _, tc := range []struct {
		name, value string
		want        ScaleSubresource
		ok          bool
	}{
		{"kubebuilder:subresource:scale:specpath", ".spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector", controlPlaneScale, true},
		{"kubebuilder:subresource:scale:statuspath", `.status.replicas,specpath=".spec.replicas"`, ScaleSubresource{SpecReplicasPath: ".spec.replicas", StatusReplicasPath: ".status.replicas"}, true},
		{"kubebuilder:subresource:status", "", ScaleSubresource{}, false},
		{"kubebuilder:subresource:scaled:specpath", ".spec.replicas", ScaleSubresource{}, false},
	} {
		got, ok := ParseScaleMarker(tc.name, tc.value)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ParseScaleMarker(%q, %q) = %+v, %v; want %+v, %v", tc.name, tc.value, got, ok, tc.want, tc.ok)
		}
	}
	if m := controlPlaneScale.Marker(); m != "+kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector" {
		t.Errorf("Marker() = %s", m)
	}
}

// A pool CRD's schema is judged at the version the release reads: a core
// before v1.11 does not read the v1beta2 label, so it reads nothing of a
// CRD labelled only v1beta2, and no v1beta2 shape is asked of it.
func TestPoolSchemaByRelease(t *testing.T) {
	crd := kindCRD(t, "infrastructure.cluster.x-k8s.io", "FooMachinePool", "foomachinepools",
		map[string]string{"cluster.x-k8s.io/v1beta2": "v1beta2"}, map[string]any{"ready": map[string]any{"type": "boolean"}})
	info := CRDInfo{Name: crd.Name, Group: crd.Spec.Group, Kind: crd.Spec.Names.Kind, Scope: string(crd.Spec.Scope), Labels: crd.Labels,
		Versions: []CRDVersion{{Name: "v1beta2", Served: true, Storage: true}}}
	rules := func(r Release) string {
		var out []string
		for _, v := range EvaluateKindCRD(KindCRD{ContractKind: &InfraMachinePool, CRDInfo: info, Schema: SchemaOf(crd)}, r) {
			if v.Rule >= RuleSchemaProvisioned && v.Rule <= RuleStatusSubresource {
				out = append(out, v.Rule)
				if v.Version != "v1beta2" {
					t.Errorf("%s names version %q, want the one read, v1beta2", v.Rule, v.Version)
				}
			}
		}
		return strings.Join(out, ",")
	}
	if got := rules("v1.14.2"); got != RuleSchemaProvisioned {
		t.Errorf("v1.14.2: %q, want %s", got, RuleSchemaProvisioned)
	}
	if got := rules("v1.10.4"); got != "" {
		t.Errorf("v1.10.4 reads no v1beta2 label, yet: %q", got)
	}
}
