package main

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/mpaudit/mpaudit/contract"
)

// The samples of live's kinds fixtures: every readiness field (and
// providerID / dataSecretName) the storage schema holds, nothing else;
// templates and kinds of no contract get none.
func TestSamples(t *testing.T) {
	crds, err := load(filepath.Join("..", "..", "live", "testdata", "crds-kinds"))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, crd := range crds {
		storage := crd.Spec.Versions[0].Name
		c := contract.Classify(contract.TypeSummary{Group: crd.Spec.Group, Name: crd.Spec.Names.Kind,
			Paths: contract.SchemaPaths(crd, storage, contract.ClassifierDepth)}, nil)
		if c.Kind == nil || c.Kind.IsTemplate() {
			continue
		}
		u, set := sample(crd, storage, c.Kind)
		got[u.GetKind()] = fmt.Sprintf("%s %s", u.GetNamespace(), describe(set))
	}
	want := map[string]string{
		"BarCluster":      "trial status.initialization.provisioned=true, status.ready=true",
		"BarMachine":      "trial spec.providerID=trial, status.ready=true",
		"BarControlPlane": "trial status.initialized=true, status.ready=true",
		"BarConfig":       "trial status.dataSecretName=trial, status.initialization.dataSecretCreated=true, status.ready=true",
		"QuxCluster":      "trial status.initialization.provisioned=true, status.ready=true",
		"QuxControlPlane": "trial status.initialization.controlPlaneInitialized=true, status.initialized=true, status.ready=true",
	}
	if !maps.Equal(got, want) {
		t.Errorf("samples:\n%v\nwant\n%v", got, want)
	}
}

// prepare drops what a status-only sample lacks and keeps the rest.
func TestPrepare(t *testing.T) {
	props := func(req ...string) apiextensionsv1.JSONSchemaProps {
		return apiextensionsv1.JSONSchemaProps{Type: "object", Required: req,
			XValidations: apiextensionsv1.ValidationRules{{Rule: "true"}}}
	}
	root := props("spec")
	spec := props("version")
	spec.Properties = map[string]apiextensionsv1.JSONSchemaProps{"nested": props("name")}
	root.Properties = map[string]apiextensionsv1.JSONSchemaProps{"spec": spec, "status": props("ready")}
	crd := &apiextensionsv1.CustomResourceDefinition{Spec: apiextensionsv1.CustomResourceDefinitionSpec{
		Conversion: &apiextensionsv1.CustomResourceConversion{Strategy: apiextensionsv1.WebhookConverter},
		Versions:   []apiextensionsv1.CustomResourceDefinitionVersion{{Name: "v1", Schema: &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &root}}},
	}}
	crd.Annotations = map[string]string{"cert-manager.io/inject-ca-from": "x"}
	prepare(crd)
	s := crd.Spec.Versions[0].Schema.OpenAPIV3Schema
	if crd.Spec.Conversion.Strategy != apiextensionsv1.NoneConverter || crd.Annotations != nil {
		t.Errorf("conversion %v, annotations %v", crd.Spec.Conversion, crd.Annotations)
	}
	for name, p := range map[string]apiextensionsv1.JSONSchemaProps{"root": *s, "spec": s.Properties["spec"], "status": s.Properties["status"]} {
		if p.Required != nil || p.XValidations != nil {
			t.Errorf("%s keeps required %v or rules %v", name, p.Required, p.XValidations)
		}
	}
	if n := s.Properties["spec"].Properties["nested"]; !slices.Equal(n.Required, []string{"name"}) || len(n.XValidations) != 1 {
		t.Errorf("a nested schema lost its required list or rules: %+v", n)
	}
}
