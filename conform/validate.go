package conform

import (
	"context"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
)

// validator checks values against a schema as the apiserver does on
// create: the OpenAPI value validations, then the CEL rules. It lets the
// generator try candidates without a round trip to the envtest.
type validator struct {
	schema validation.SchemaValidator
	cel    *cel.Validator
	st     *schema.Structural
}

// newValidator builds the validator of s; root says s is a resource's root
// schema (CEL rules there see apiVersion, kind, metadata).
func newValidator(s *apiextensionsv1.JSONSchemaProps, root bool) (*validator, error) {
	in := &apiextensions.JSONSchemaProps{}
	if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(s, in, nil); err != nil {
		return nil, err
	}
	sv, _, err := validation.NewSchemaValidator(in)
	if err != nil {
		return nil, err
	}
	v := &validator{schema: sv}
	// A schema that is not structural has no CEL rules the apiserver runs.
	if st, err := schema.NewStructural(in); err == nil {
		v.st = st
		v.cel = cel.NewValidator(st, root, celconfig.PerCallLimit)
	}
	return v, nil
}

// validate lists why the apiserver would refuse value (nil when it would not).
func (v *validator) validate(value any) field.ErrorList {
	errs := validation.ValidateCustomResource(nil, value, v.schema)
	if len(errs) > 0 || v.cel == nil {
		return errs
	}
	errs, _ = v.cel.Validate(context.Background(), nil, v.st, value, nil, celconfig.RuntimeCELCostBudget)
	return errs
}
