package conform

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"

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
	g := newFiller(k)
	var check *validator
	if s != nil {
		check, _ = newValidator(s, true)
	}
	for i := range out {
		if err := g.fillRequired(s, map[string]any(out[i].obj), "", 0); err != nil {
			return nil, err
		}
		delete(out[i].obj, "metadata")
		if check != nil {
			whole := deepCopy(out[i].obj)
			whole["metadata"] = map[string]any{"name": "conform", "namespace": "default"}
			if errs := check.validate(whole); len(errs) > 0 {
				return nil, fmt.Errorf("the %s object fails the schema: %v", strings.ToLower(out[i].state), errs.ToAggregate())
			}
		}
	}
	return out, nil
}

// filler fills objects of one kind. It never adds an optional field of
// the kind's contract (readiness, failure, providerID, ...) to satisfy
// minProperties or a rule: those carry the intent conform judges.
type filler struct {
	reserved []string
	// tries counts candidates over the whole kind (nested rules multiply).
	tries int
}

func newFiller(k *contract.Kind) *filler {
	g := &filler{}
	if k != nil {
		for _, p := range k.AllPoints() {
			g.reserved = append(g.reserved, p.Path)
		}
	}
	return g
}

// reservedAt says path is a contract field or leads to one.
func (g *filler) reservedAt(path string) bool {
	return slices.ContainsFunc(g.reserved, func(r string) bool { return r == path || strings.HasPrefix(r, path+".") })
}

func join(at, name string) string {
	if at == "" {
		return name
	}
	return at + "." + name
}

// maxDepth bounds the walk over recursive or deep schemas.
const maxDepth = 32

// maxAttempts bounds the candidates tried for one object node that has
// oneOf/anyOf branches or CEL rules.
const maxAttempts = 64

// maxTries bounds the candidates tried for all of a kind's objects.
const maxTries = 1024

// fillRequired sets every required field missing from obj to the simplest
// value its schema allows, descends into the objects obj has, adds fields
// up to minProperties, and, where the node has oneOf/anyOf branches or CEL
// rules it does not yet satisfy, tries filling the fields a branch
// requires or a rule mentions until it does (bounded).
func (g *filler) fillRequired(s *apiextensionsv1.JSONSchemaProps, obj map[string]any, at string, depth int) error {
	if s == nil || depth > maxDepth {
		return nil
	}
	s = mergeAllOf(s)
	if err := g.fillNames(s, obj, at, s.Required, depth); err != nil {
		return err
	}
	for name, v := range obj {
		p, ok := s.Properties[name]
		if !ok {
			continue
		}
		switch v := v.(type) {
		case map[string]any:
			if err := g.fillRequired(&p, v, join(at, name), depth+1); err != nil {
				return fmt.Errorf("%s.%w", name, err)
			}
		case []any:
			if p.Items != nil && p.Items.Schema != nil {
				for _, e := range v {
					if m, ok := e.(map[string]any); ok {
						if err := g.fillRequired(p.Items.Schema, m, join(at, name), depth+1); err != nil {
							return fmt.Errorf("%s.%w", name, err)
						}
					}
				}
			}
		}
	}
	if err := g.fillMinProperties(s, obj, at, depth); err != nil {
		return err
	}
	if len(s.OneOf) == 0 && len(s.AnyOf) == 0 && len(s.XValidations) == 0 {
		return nil
	}
	return g.satisfy(s, obj, at, depth)
}

// fillNames sets each of names missing from obj to its simplest value.
func (g *filler) fillNames(s *apiextensionsv1.JSONSchemaProps, obj map[string]any, at string, names []string, depth int) error {
	for _, name := range names {
		if _, ok := obj[name]; ok {
			continue
		}
		p, ok := s.Properties[name]
		if !ok && s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
			p = *s.AdditionalProperties.Schema
		}
		v, err := g.simplest(&p, join(at, name), depth+1)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		obj[name] = v
	}
	return nil
}

// fillMinProperties adds optional properties (in name order), else map
// entries, until obj has minProperties fields.
func (g *filler) fillMinProperties(s *apiextensionsv1.JSONSchemaProps, obj map[string]any, at string, depth int) error {
	if s.MinProperties == nil {
		return nil
	}
	want := int(min(*s.MinProperties, 64))
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		if len(obj) >= want {
			return nil
		}
		if g.reservedAt(join(at, name)) {
			continue
		}
		if err := g.fillNames(s, obj, at, []string{name}, depth); err != nil {
			return err
		}
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		for i := 0; len(obj) < want; i++ {
			if err := g.fillNames(s, obj, at, []string{fmt.Sprintf("key-%d", i)}, depth); err != nil {
				return err
			}
		}
	}
	return nil
}

// satisfy makes obj pass s's oneOf/anyOf and CEL rules when a bounded
// search finds a way: first obj as it is, then with the fields each branch
// requires, each with subsets (one, two, three fields) of the optional
// fields the rules mention. obj is left as it is when nothing passes: the
// final check names what fails.
func (g *filler) satisfy(s *apiextensionsv1.JSONSchemaProps, obj map[string]any, at string, depth int) error {
	v, err := newValidator(s, depth == 0)
	if err != nil {
		return nil // the apiserver's own check reports it
	}
	if len(v.validate(obj)) == 0 {
		return nil
	}
	var branches [][]string
	for _, b := range append(slices.Clone(s.OneOf), s.AnyOf...) {
		branches = append(branches, b.Required)
	}
	if len(branches) == 0 {
		branches = [][]string{nil}
	}
	var mentioned []string
	for _, r := range s.XValidations {
		for _, name := range ruleFields(r.Rule) {
			if _, ok := s.Properties[name]; ok && !g.reservedAt(join(at, name)) && !slices.Contains(mentioned, name) {
				mentioned = append(mentioned, name)
			}
		}
	}
	attempts := 0
	for _, req := range branches {
		for _, extra := range subsets(mentioned, 3) {
			if attempts++; attempts > maxAttempts || g.tries >= maxTries {
				return nil
			}
			g.tries++
			c := deepCopy(obj)
			// simplest fills the new fields' own required fields and rules.
			if err := g.fillNames(s, c, at, append(slices.Clone(req), extra...), depth); err != nil {
				continue
			}
			if len(v.validate(c)) == 0 {
				maps.Copy(obj, c)
				return nil
			}
		}
	}
	return nil
}

// ruleRef finds the fields of self a CEL rule reads: self.x, has(self.x),
// self["x"] is rare in CRDs and left out.
var ruleRef = regexp.MustCompile(`\bself\.([A-Za-z_][A-Za-z0-9_]*)`)

// ruleFields lists the fields of self rule mentions, in order.
func ruleFields(rule string) []string {
	var out []string
	for _, m := range ruleRef.FindAllStringSubmatch(rule, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}

// subsets lists the subsets of names of size 0..k, smallest first.
func subsets(names []string, k int) [][]string {
	out := [][]string{nil}
	var walk func(start int, cur []string)
	for size := 1; size <= min(k, len(names)); size++ {
		walk = func(start int, cur []string) {
			if len(cur) == size {
				out = append(out, slices.Clone(cur))
				return
			}
			for i := start; i < len(names); i++ {
				walk(i+1, append(cur, names[i]))
			}
		}
		walk(0, nil)
	}
	return out
}

func deepCopy(m map[string]any) map[string]any {
	return runtime.DeepCopyJSON(m)
}

// mergeAllOf folds s's allOf branches into one schema: required fields
// and properties added, value validations a property lacks taken from the
// branch (structural schemas keep types out of allOf, so the parent's
// types stand).
func mergeAllOf(s *apiextensionsv1.JSONSchemaProps) *apiextensionsv1.JSONSchemaProps {
	if len(s.AllOf) == 0 {
		return s
	}
	out := s.DeepCopy()
	for i := range s.AllOf {
		mergeInto(out, mergeAllOf(&s.AllOf[i]))
	}
	return out
}

func mergeInto(dst, b *apiextensionsv1.JSONSchemaProps) {
	for _, r := range b.Required {
		if !slices.Contains(dst.Required, r) {
			dst.Required = append(dst.Required, r)
		}
	}
	if dst.Pattern == "" {
		dst.Pattern = b.Pattern
	}
	if dst.Format == "" {
		dst.Format = b.Format
	}
	if len(dst.Enum) == 0 {
		dst.Enum = b.Enum
	}
	dst.MinLength = maxPtr(dst.MinLength, b.MinLength)
	dst.MinItems = maxPtr(dst.MinItems, b.MinItems)
	dst.MinProperties = maxPtr(dst.MinProperties, b.MinProperties)
	if dst.MaxLength == nil {
		dst.MaxLength = b.MaxLength
	}
	if dst.Minimum == nil {
		dst.Minimum, dst.ExclusiveMinimum = b.Minimum, b.ExclusiveMinimum
	}
	if dst.Maximum == nil {
		dst.Maximum, dst.ExclusiveMaximum = b.Maximum, b.ExclusiveMaximum
	}
	dst.OneOf = append(dst.OneOf, b.OneOf...)
	dst.AnyOf = append(dst.AnyOf, b.AnyOf...)
	for name, bp := range b.Properties {
		if dst.Properties == nil {
			dst.Properties = map[string]apiextensionsv1.JSONSchemaProps{}
		}
		p := dst.Properties[name]
		mergeInto(&p, &bp)
		if p.Type == "" {
			p.Type = bp.Type
		}
		dst.Properties[name] = p
	}
}

func maxPtr(a, b *int64) *int64 {
	if a == nil || (b != nil && *b > *a) {
		return b
	}
	return a
}

// formatValues are values of the formats the apiserver checks.
var formatValues = map[string]string{
	"date-time":     "1970-01-01T00:00:00Z",
	"datetime":      "1970-01-01T00:00:00Z",
	"date":          "1970-01-01",
	"uuid":          "00000000-0000-4000-8000-000000000000",
	"uuid3":         "00000000-0000-3000-8000-000000000000",
	"uuid4":         "00000000-0000-4000-8000-000000000000",
	"uuid5":         "00000000-0000-5000-8000-000000000000",
	"hostname":      "a",
	"ipv4":          "192.0.2.1",
	"ipv6":          "2001:db8::1",
	"cidr":          "192.0.2.0/24",
	"mac":           "02:00:00:00:00:01",
	"uri":           "https://example.invalid",
	"email":         "a@example.invalid",
	"byte":          "YQ==",
	"duration":      "1s",
	"int-or-string": "1",
	"password":      "a",
	"hexcolor":      "#000000",
	"rgbcolor":      "rgb(0,0,0)",
	"bsonobjectid":  "000000000000000000000000",
}

// simplest is the simplest value of schema s: its default, its first enum
// value, else the type's smallest value within the bounds (a string
// matching its pattern and format).
func (g *filler) simplest(s *apiextensionsv1.JSONSchemaProps, at string, depth int) (any, error) {
	s = mergeAllOf(s)
	if s.Default != nil {
		var v any
		if err := json.Unmarshal(s.Default.Raw, &v); err == nil {
			if m, ok := v.(map[string]any); ok && depth <= maxDepth {
				return m, g.fillRequired(s, m, at, depth+1)
			}
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
		if s.Pattern == "" {
			return int64(1), nil
		}
		return stringValue(s)
	}
	switch s.Type {
	case "string":
		return stringValue(s)
	case "integer", "number":
		v := int64(1)
		if s.Minimum != nil {
			v = int64(math.Ceil(*s.Minimum))
			if s.ExclusiveMinimum && float64(v) <= *s.Minimum {
				v++
			}
		}
		if s.Maximum != nil && float64(v) > *s.Maximum {
			v = int64(math.Floor(*s.Maximum))
			if s.ExclusiveMaximum && float64(v) >= *s.Maximum {
				v--
			}
		}
		if s.MultipleOf != nil && *s.MultipleOf >= 1 {
			m := int64(*s.MultipleOf)
			v = (v + m - 1) / m * m
		}
		return v, nil
	case "boolean":
		return false, nil
	case "array":
		var out []any
		if s.MinItems != nil && s.Items != nil && s.Items.Schema != nil {
			for i := range min(*s.MinItems, 16) {
				v, err := g.simplest(s.Items.Schema, at, depth+1)
				if err != nil {
					return nil, err
				}
				// Unique items differ: strings get a suffix, numbers an offset.
				if s.UniqueItems || isListMapOrSet(s) {
					v = distinct(v, i)
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
		return m, g.fillRequired(s, m, at, depth+1)
	}
	return nil, fmt.Errorf("no value of type %q", s.Type)
}

func isListMapOrSet(s *apiextensionsv1.JSONSchemaProps) bool {
	return s.XListType != nil && (*s.XListType == "set" || *s.XListType == "map")
}

// distinct makes the i-th of a list's values differ from the others.
func distinct(v any, i int64) any {
	if i == 0 {
		return v
	}
	switch v := v.(type) {
	case string:
		return v + strconv.FormatInt(i, 10)
	case int64:
		return v + i
	case map[string]any:
		for k, e := range v {
			v[k] = distinct(e, i)
		}
	}
	return v
}

// stringValue is the shortest string s allows: its format's example, else
// one matching its pattern, within minLength/maxLength.
func stringValue(s *apiextensionsv1.JSONSchemaProps) (string, error) {
	minLen, maxLen := 1, -1
	if s.MinLength != nil {
		minLen = int(min(*s.MinLength, maxPatternLen))
	}
	if s.MaxLength != nil {
		maxLen = int(*s.MaxLength)
		minLen = min(minLen, maxLen)
	}
	if v, ok := formatValues[s.Format]; ok {
		// A pattern the format's example matches keeps the format valid too.
		if s.Pattern == "" {
			return v, nil
		}
		if re, err := regexp.Compile(s.Pattern); err == nil && re.MatchString(v) {
			return v, nil
		}
	}
	if s.Pattern != "" {
		return matching(s.Pattern, minLen, maxLen)
	}
	return strings.Repeat("a", minLen), nil
}
