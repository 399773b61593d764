package conform

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/mpaudit/mpaudit/contract"
)

// Values conform writes; any non-empty value does, core copies them as they are.
const (
	genProviderID     = "conform://machine"
	genSecretName     = "conform-bootstrap-data"
	genFailureReason  = "CreateError"
	genFailureMessage = "conform's provider failed"
	genMachineDomain  = "fd-a"
)

// fields is an object under construction.
type fields map[string]any

func (f fields) set(path string, v any) {
	if path != "" {
		_ = unstructured.SetNestedField(f, v, strings.Split(path, ".")...)
	}
}

func (f fields) part(name string) map[string]any {
	if m, ok := f[name].(map[string]any); ok {
		return m
	}
	return nil
}

// generated is one object conform writes for a CRD, the provider's intent
// for it, and the fields it set.
type generated struct {
	state  string
	obj    fields
	intent intent
}

// schemaOf is the root schema of the CRD's version (nil when it has none).
func schemaOf(def *apiextensionsv1.CustomResourceDefinition, version string) *apiextensionsv1.JSONSchemaProps {
	for _, v := range def.Spec.Versions {
		if v.Name == version && v.Schema != nil {
			return v.Schema.OpenAPIV3Schema
		}
	}
	return nil
}

// lookup finds path in s: the field's schema when declared; open when an
// object on the way keeps unknown fields (the value is kept, untyped).
func lookup(s *apiextensionsv1.JSONSchemaProps, path string) (field *apiextensionsv1.JSONSchemaProps, open bool) {
	if s == nil {
		return nil, true // no schema: nothing is pruned
	}
	for seg := range strings.SplitSeq(path, ".") {
		p, ok := s.Properties[seg]
		if !ok {
			return nil, s.XPreserveUnknownFields != nil && *s.XPreserveUnknownFields
		}
		s = &p
	}
	return s, false
}

// point is the path of kind k's point of aspect a under contract c ("" when none).
func point(k *contract.Kind, c contract.Contract, a contract.Aspect) string {
	p, _ := k.PointOf(c, a)
	return p.Path
}

// generate builds the kind's objects per state from the schema: the
// readiness fields the schema declares (both contracts' when it declares
// neither), the fields core takes over with readiness, failure domains and
// failure fields where the schema declares them, and the schema's
// required fields at their simplest values. label is the contract the CRD
// resolves to (the shape of an open schema's failure domains).
func generate(k *contract.Kind, s *apiextensionsv1.JSONSchemaProps, label contract.Contract) ([]generated, error) {
	var ready []string
	for _, c := range []contract.Contract{contract.V1Beta1, contract.V1Beta2} {
		if p := point(k, c, contract.AspectReadiness); p != "" {
			if f, _ := lookup(s, p); f != nil {
				ready = append(ready, p)
			}
		}
	}
	if len(ready) == 0 { // the schema declares neither: write both, the apiserver prunes what it keeps not
		for _, c := range []contract.Contract{contract.V1Beta1, contract.V1Beta2} {
			if p := point(k, c, contract.AspectReadiness); p != "" && !slices.Contains(ready, p) {
				ready = append(ready, p)
			}
		}
	}
	base := func(readyValue bool) fields {
		f := fields{}
		for _, p := range ready {
			f.set(p, readyValue)
		}
		// Core takes these over with readiness (it waits for them).
		f.set(point(k, contract.V1Beta2, contract.AspectProviderID), genProviderID)
		f.set(point(k, contract.V1Beta2, contract.AspectDataSecretName), genSecretName)
		return f
	}
	provisioned := base(true)
	in := intent{provisioned: true}
	if p := point(k, contract.V1Beta2, contract.AspectFailureDomains); p != "" {
		f, open := lookup(s, p)
		list := label == contract.V1Beta2
		if f != nil {
			list = f.Type == "array"
		}
		if f != nil || open {
			if list {
				provisioned.set(p, []any{map[string]any{"name": "fd-a", "controlPlane": true}, map[string]any{"name": "fd-b"}})
			} else {
				provisioned.set(p, map[string]any{"fd-a": map[string]any{"controlPlane": true}, "fd-b": map[string]any{}})
			}
			in.domains = []string{"fd-a", "fd-b"}
		}
	}
	for _, c := range []contract.Contract{contract.V1Beta2, contract.V1Beta1} {
		if p := point(k, c, contract.AspectMachineFailureDomain); p != "" {
			if f, _ := lookup(s, p); f != nil && in.machineDomain == "" {
				provisioned.set(p, genMachineDomain)
				in.machineDomain = genMachineDomain
			}
		}
	}
	out := []generated{
		{state: StateProvisioned, obj: provisioned, intent: in},
		{state: StateProvisioning, obj: base(false)},
	}
	reason, message := point(k, contract.V1Beta1, contract.AspectFailureReason), point(k, contract.V1Beta1, contract.AspectFailureMessage)
	if f, _ := lookup(s, reason); f != nil {
		failed := base(true)
		failed.set(reason, genFailureReason)
		if f, _ := lookup(s, message); f != nil {
			failed.set(message, genFailureMessage)
		}
		out = append(out, generated{state: StateFailed, obj: failed, intent: intent{provisioned: true, failure: genFailureReason}})
	}
	for i := range out {
		if err := fillRequired(s, map[string]any(out[i].obj), 0); err != nil {
			return nil, err
		}
		delete(out[i].obj, "metadata")
	}
	return out, nil
}

// maxDepth bounds the walk over recursive or deep schemas.
const maxDepth = 32

// fillRequired sets every required field missing from obj to the simplest
// value its schema allows, and descends into the objects obj has.
func fillRequired(s *apiextensionsv1.JSONSchemaProps, obj map[string]any, depth int) error {
	if s == nil || depth > maxDepth {
		return nil
	}
	for _, name := range s.Required {
		if _, ok := obj[name]; ok {
			continue
		}
		p := s.Properties[name]
		v, err := simplest(&p, depth+1)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		obj[name] = v
	}
	for name, v := range obj {
		p, ok := s.Properties[name]
		if m, isMap := v.(map[string]any); ok && isMap {
			if err := fillRequired(&p, m, depth+1); err != nil {
				return fmt.Errorf("%s.%w", name, err)
			}
		}
	}
	return nil
}

// simplest is the simplest value of schema s: its default, its first enum
// value, else the type's smallest value within the bounds.
func simplest(s *apiextensionsv1.JSONSchemaProps, depth int) (any, error) {
	if s.Default != nil {
		var v any
		if err := json.Unmarshal(s.Default.Raw, &v); err == nil {
			return v, nil
		}
	}
	if len(s.Enum) > 0 {
		var v any
		if err := json.Unmarshal(s.Enum[0].Raw, &v); err == nil {
			return v, nil
		}
	}
	if s.XIntOrString {
		return int64(1), nil
	}
	switch s.Type {
	case "string":
		switch s.Format {
		case "date-time":
			return "1970-01-01T00:00:00Z", nil
		case "date":
			return "1970-01-01", nil
		}
		n := int64(1)
		if s.MinLength != nil && *s.MinLength > n {
			n = *s.MinLength
		}
		return strings.Repeat("a", int(min(n, 256))), nil
	case "integer", "number":
		v := int64(1)
		if s.Minimum != nil {
			v = int64(*s.Minimum)
			if s.ExclusiveMinimum {
				v++
			}
		}
		if s.Maximum != nil && float64(v) > *s.Maximum {
			v = int64(*s.Maximum)
		}
		return v, nil
	case "boolean":
		return false, nil
	case "array":
		var out []any
		if s.MinItems != nil && s.Items != nil && s.Items.Schema != nil {
			for range min(*s.MinItems, 16) {
				v, err := simplest(s.Items.Schema, depth+1)
				if err != nil {
					return nil, err
				}
				out = append(out, v)
			}
		}
		if out == nil {
			out = []any{}
		}
		return out, nil
	case "object", "":
		m := map[string]any{}
		if depth > maxDepth {
			return m, nil
		}
		return m, fillRequired(s, m, depth+1)
	}
	return nil, fmt.Errorf("no value of type %q", s.Type)
}
