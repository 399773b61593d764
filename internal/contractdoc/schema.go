package contractdoc

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/mpaudit/mpaudit/contract"
)

// SchemaID is the $id of the exported schema: where docs/contract publishes it.
const SchemaID = "https://github.com/mpaudit/mpaudit/blob/main/docs/contract/" + SchemaFile

// SchemaDraft is the JSON Schema dialect of the export.
const SchemaDraft = "https://json-schema.org/draft/2020-12/schema"

type object = map[string]any

// Schema is the contract as JSON Schema (draft 2020-12). The root validates
// the JSON `mpaudit contract show -o json` prints (Document); $defs also holds,
// per kind and contract version, the schema of the object's field points:
// "<Kind>.<contract>" with "<Kind>.<contract>.spec" and "….status". In those,
// types and constraints come from the Go shapes and markers, and `required`
// lists the fields the contract makes mandatory (and the objects holding
// them): what a provider's CRD schema must declare, which an object may still
// omit until it sets them.
func Schema() (object, error) {
	defs := documentDefs()
	for _, k := range contract.Kinds {
		for _, c := range Contracts() {
			frags, err := kindFragments(k, c)
			if err != nil {
				return nil, err
			}
			maps.Copy(defs, frags)
		}
	}
	return object{
		"$schema": SchemaDraft,
		"$id":     SchemaID,
		"title":   "Cluster API provider contract (mpaudit)",
		"description": "The root validates `mpaudit contract show -o json`. $defs/<Kind>.<contract> (with .spec and .status) " +
			"are the field points of each contract kind as object schemas; `required` there lists what the contract " +
			"makes mandatory (what a CRD schema must declare; an object may omit it until set).",
		"$ref":  "#/$defs/document",
		"$defs": defs,
	}, nil
}

// SchemaJSON is Schema, indented, ending with a newline.
func SchemaJSON() ([]byte, error) {
	s, err := Schema()
	if err != nil {
		return nil, err
	}
	out, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// FragmentName is the $defs name of a kind's field-point schema under a
// contract version; root is "" for the whole object, "spec" or "status".
func FragmentName(kind string, c contract.Contract, root string) string {
	name := kind + "." + string(c)
	if root != "" {
		name += "." + root
	}
	return name
}

// node is one JSON path segment of a kind's points.
type node struct {
	point    *contract.Point
	names    []string
	children map[string]*node
}

func (n *node) child(name string) *node {
	if c, ok := n.children[name]; ok {
		return c
	}
	if n.children == nil {
		n.children = map[string]*node{}
	}
	c := &node{}
	n.children[name] = c
	n.names = append(n.names, name)
	return c
}

// mandatory reports whether the node or anything under it is a mandatory point.
func (n *node) mandatory() bool {
	if n.point != nil && n.point.Required {
		return true
	}
	for _, c := range n.children {
		if c.mandatory() {
			return true
		}
	}
	return false
}

func kindFragments(k *contract.Kind, c contract.Contract) (object, error) {
	root := &node{}
	for _, p := range k.Points(c) {
		n := root
		for _, s := range p.Segments() {
			n = n.child(s)
		}
		n.point = &p
	}
	out := object{}
	whole := object{"type": "object", "properties": object{},
		"description": fmt.Sprintf("The %s contract's field points of a %s (%s).", c, k.Name, k.DocURL)}
	var required []string
	for _, name := range root.names {
		s, err := nodeSchema(root.children[name])
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", k.Name, c, err)
		}
		frag := FragmentName(k.Name, c, name)
		out[frag] = s
		whole["properties"].(object)[name] = object{"$ref": "#/$defs/" + frag}
		if root.children[name].mandatory() {
			required = append(required, name)
		}
	}
	if len(required) > 0 {
		whole["required"] = required
	}
	out[FragmentName(k.Name, c, "")] = whole
	return out, nil
}

func nodeSchema(n *node) (object, error) {
	s := object{"type": "object"}
	if p := n.point; p != nil {
		var err error
		if s, err = typeSchema(p.Type); err != nil {
			return nil, fmt.Errorf("%s: %w", p.Path, err)
		}
		if err := applyMarkers(s, p.Markers); err != nil {
			return nil, fmt.Errorf("%s: %w", p.Path, err)
		}
		tagName, _, _ := strings.Cut(p.Tag.String(), ",")
		desc := fmt.Sprintf("Go: %s %s `json:\"%s\"`", exported(tagName), p.Type.String(), p.Tag.String())
		if p.Required {
			desc += "; mandatory"
		}
		if p.Convention {
			desc += "; a Cluster API convention"
		}
		s["description"] = desc
	}
	if len(n.names) > 0 {
		props := object{}
		var required []string
		for _, name := range n.names {
			cs, err := nodeSchema(n.children[name])
			if err != nil {
				return nil, err
			}
			props[name] = cs
			if n.children[name].mandatory() {
				required = append(required, name)
			}
		}
		s["properties"] = props
		if len(required) > 0 {
			s["required"] = required
		}
	}
	return s, nil
}

func typeSchema(t contract.GoType) (object, error) {
	switch t.Kind {
	case contract.TypeBool:
		return object{"type": "boolean"}, nil
	case contract.TypeString, contract.TypeDuration:
		return object{"type": "string"}, nil
	case contract.TypeInt32:
		return object{"type": "integer", "format": "int32"}, nil
	case contract.TypeStruct:
		return object{"type": "object"}, nil
	case contract.TypeSlice, contract.TypeMap:
		if t.Elem == nil {
			// A named collection whose elements the catalog leaves to its package (clusterv1beta1.Conditions).
			if t.Named == nil {
				return nil, fmt.Errorf("%s shape %s without an element type", t.Kind, t)
			}
			return object{"type": map[contract.TypeKind]string{contract.TypeSlice: "array", contract.TypeMap: "object"}[t.Kind]}, nil
		}
		elem, err := typeSchema(*t.Elem)
		if err != nil {
			return nil, err
		}
		if t.Kind == contract.TypeSlice {
			return object{"type": "array", "items": elem}, nil
		}
		return object{"type": "object", "additionalProperties": elem}, nil
	}
	return nil, fmt.Errorf("no JSON Schema for Go shape kind %q", t.Kind)
}

// markerKeywords maps validation markers to JSON Schema keywords.
var markerKeywords = map[string]string{
	contract.MarkerMinLength:     "minLength",
	contract.MarkerMaxLength:     "maxLength",
	contract.MarkerMinItems:      "minItems",
	contract.MarkerMaxItems:      "maxItems",
	contract.MarkerMinimum:       "minimum",
	contract.MarkerMaximum:       "maximum",
	contract.MarkerMinProperties: "minProperties",
}

// applyMarkers adds the markers' constraints to s; a marker it does not know
// is an error, so a new catalog marker cannot be dropped from the schema silently.
func applyMarkers(s object, markers []contract.Marker) error {
	for _, m := range markers {
		switch m.Name {
		case contract.MarkerOptional, contract.MarkerRequired:
			// Mandatory-ness is the point's Required, rendered as `required`.
		case contract.MarkerListType:
			s["x-kubernetes-list-type"] = m.Value
		case contract.MarkerListMapKey:
			keys, _ := s["x-kubernetes-list-map-keys"].([]string)
			s["x-kubernetes-list-map-keys"] = append(keys, m.Value)
		case contract.MarkerItemsMinLen, contract.MarkerItemsMaxLen:
			items, ok := s["items"].(object)
			if !ok {
				return fmt.Errorf("marker %s on a field without items", m.Name)
			}
			n, err := strconv.Atoi(m.Value)
			if err != nil {
				return fmt.Errorf("marker %s: %w", m.Name, err)
			}
			items[map[string]string{contract.MarkerItemsMinLen: "minLength", contract.MarkerItemsMaxLen: "maxLength"}[m.Name]] = n
		default:
			kw, ok := markerKeywords[m.Name]
			if !ok {
				return fmt.Errorf("no JSON Schema keyword for marker +%s", m.Name)
			}
			n, err := strconv.Atoi(m.Value)
			if err != nil {
				return fmt.Errorf("marker %s: %w", m.Name, err)
			}
			s[kw] = n
		}
	}
	return nil
}

// documentDefs describe Document and its parts; additionalProperties is
// false throughout, so a field added to the Go types without the schema fails
// the test that validates `contract show -o json`.
func documentDefs() object {
	contracts := []string{string(contract.V1Beta2), string(contract.V1Beta1)}
	str := object{"type": "string"}
	strs := object{"type": "array", "items": str}
	boolean := object{"type": "boolean"}
	ref := func(name string) object { return object{"$ref": "#/$defs/" + name} }
	arrayOf := func(name string) object { return object{"type": "array", "items": ref(name)} }
	contractVersion := object{"enum": contracts}
	// d documents one property.
	d := func(s object, text string) object {
		c := maps.Clone(s)
		c["description"] = text
		return c
	}
	release := d(str, "a Cluster API core release, a semantic version such as v1.11.0")
	shapeKinds := []string{}
	for _, k := range []contract.TypeKind{contract.TypeBool, contract.TypeString, contract.TypeInt32, contract.TypeSlice,
		contract.TypeMap, contract.TypeStruct, contract.TypeDuration} {
		shapeKinds = append(shapeKinds, string(k))
	}
	slices.Sort(shapeKinds)
	return object{
		"document": strict(object{
			"format":             d(object{"const": Format}, "the layout of this document; changes only when a field is renamed or removed"),
			"latestVerifiedCore": d(release, "the newest core release the read windows were checked against"),
			"contracts":          d(object{"type": "array", "items": contractVersion, "minItems": 1, "uniqueItems": true}, "the contract versions whose points the document holds, newest first"),
			"kinds":              arrayOf("kind"),
		}, "the contract as `mpaudit contract show -o json` prints it"),
		"kind": strict(object{
			"name":                    d(object{"enum": kindNames()}, "the contract's name for the kind"),
			"groupPrefix":             d(str, "the API group prefix of providers of the kind, e.g. infrastructure."),
			"templateOf":              d(str, "for a template kind, the kind it templates"),
			"docURL":                  d(object{"type": "string", "format": "uri"}, "Cluster API's contract page for the kind"),
			"exampleType":             d(str, "the provider type the Go shapes and names are written for, e.g. FooMachine"),
			"labelExclusiveSince":     d(release, "the first core release that picks the kind's whole field set from the CRD's contract label, with no fallback"),
			"versionToContract":       d(strs, "core call sites that map an object's API version back to one contract by the CRD's labels (GetContractVersionForVersion): each API version must be under one label only"),
			"crd":                     ref("crd"),
			"referencedBy":            arrayOf("coreLink"),
			"rules":                   arrayOf("rule"),
			"initializationByRelease": d(arrayOf("releaseReads"), "what each window of core releases reads to decide the kind's initialization, per contract label"),
			"checkedBy":               d(strs, "the IDs of the mpaudit rules that judge the kind (mpaudit rules --kind)"),
			"scale":                   d(ref("scale"), "the scale subresource the CRD must have when the kind's objects have spec.replicas"),
		}, "one contract kind's page", "templateOf", "labelExclusiveSince", "versionToContract", "scale"),
		"scale": strict(object{
			"specReplicasPath": str, "statusReplicasPath": str, "labelSelectorPath": str,
			"marker": d(str, "the kubebuilder marker that generates it, with the leading +"),
		}, "a scale subresource, by the JSON paths the API server reads"),
		"crd": strict(object{
			"scope": d(str, "the CRD scope every provider resource must have"), "groupExample": d(str, "the kind's usual API group"),
			"nameExample": d(str, "the CRD name core looks up (contract.CalculateCRDName) for exampleType in groupExample"),
			"labels":      d(strs, "the contract label keys; the value lists the API versions implementing that contract, _-separated"),
		}, "what the contract asks of the kind's CustomResourceDefinition"),
		"coreLink": strict(object{
			"coreKind": str, "apiVersion": d(str, "the core object's API version"), "ref": d(str, "the JSON path of the reference on the core object"),
			"refHasAPIGroup": d(boolean, "true for a ContractVersionedObjectReference (apiGroup, kind, name), false for an ObjectReference (apiVersion, kind, name)"),
			"reports":        arrayOf("mirror"),
			"since":          d(str, "the first core release whose objects report so (inclusive)"),
			"until":          d(str, "the core release whose objects no longer report so (exclusive)"),
		}, "a core object's reference to objects of the kind", "since", "until"),
		"mirror": strict(object{"aspect": str, "path": str}, "where the core object reports one aspect it read"),
		"rule": strict(object{
			"title": d(str, "<Kind>: <topic>, as Cluster API's contract pages name the rule"), "topic": str,
			"mandatory": d(object{"type": "object", "propertyNames": contractVersion, "additionalProperties": boolean}, "per contract version with points in the rule: whether the contract makes it a MUST"),
			"points":    arrayOf("point"),
		}, "one rule of the page: a topic and its field points"),
		"point": strict(object{
			"contract": contractVersion, "path": d(str, "the JSON path from the object root, dot-separated"),
			"aspect":     d(str, "what the field means across contract versions; a v1beta1 point and its v1beta2 successor share it"),
			"goType":     d(str, "the shape as Go source; <Kind> and <Templated> stand for the provider's type and the templated type"),
			"shape":      ref("shape"),
			"compatible": d(strs, "other Go shapes with the same JSON that core decodes alike"),
			"jsonTag":    str, "markers": arrayOf("marker"),
			"required":      d(boolean, "the contract makes the field a MUST"),
			"requiredWith":  d(str, "the path of a point whose presence makes this one a MUST (a ControlPlane's spec.replicas)"),
			"requiredAnyOf": d(boolean, "one of the points with the same requiredWith and this flag is enough"),
			"convention":    d(boolean, "a Cluster API convention, not written in the contract pages"),
			"readFirst":     d(str, "a path core tries before this one; a field there of this shape is read instead"),
			"reads":         d(arrayOf("read"), "the windows of core releases that read the point; empty when none does"),
		}, "one field point of a kind under one contract version", "readFirst", "requiredWith", "requiredAnyOf"),
		"shape": strict(object{
			"kind": object{"enum": shapeKinds}, "pointer": boolean, "elem": ref("shape"),
			"named": str, "packages": strs, "local": boolean,
		}, "a Go type as data", "elem", "named", "packages", "local"),
		"releaseReads": strict(object{
			"since": release, "until": release, "label": contractVersion,
			"paths":   d(object{"type": "array", "items": str, "minItems": 1}, "the paths read, in order; a fallback follows the point it stands in for"),
			"summary": str, "assumed": d(boolean, "some read is taken from docs or an open pull request"),
		}, "what core releases [since, until) read for the kind's initialization under one contract label", "since", "until"),
		"marker": strict(object{"name": str, "value": str, "onType": boolean},
			"a kubebuilder marker, without the leading +", "value", "onType"),
		"read": strict(object{
			"mode": d(object{"enum": []string{string(contract.ReadLabelDriven), string(contract.ReadFixed), string(contract.ReadFallback)}},
				"label-driven: read only when the CRD's label resolves to label; fixed: whatever the label; fallback: read when fallbackFor is absent"),
			"label":       d(contractVersion, "the contract the CRD's label must resolve to; absent for any"),
			"since":       d(release, "first core release of the window (inclusive); absent: unbounded"),
			"until":       d(release, "core release ending the window (exclusive); absent: unbounded"),
			"fallbackFor": d(str, "the path this point stands in for"), "inPlaceOf": d(str, "the path core means when it reads this point"),
			"note": str, "assumed": d(boolean, "taken from docs or an open pull request, not released code"),
			"basis": d(str, "the Cluster API code the window was read from"), "summary": d(str, "the window in one sentence"),
		}, "a window of core releases [since, until) that read the point", "label", "since", "until", "fallbackFor", "inPlaceOf", "note"),
	}
}

// strict is an object schema requiring every property except optional ones.
func strict(props object, description string, optional ...string) object {
	var required []string
	for name := range props {
		if !slices.Contains(optional, name) {
			required = append(required, name)
		}
	}
	slices.Sort(required)
	return object{"type": "object", "description": description, "properties": props,
		"required": required, "additionalProperties": false}
}

func kindNames() []string {
	out := make([]string, len(contract.Kinds))
	for i, k := range contract.Kinds {
		out[i] = k.Name
	}
	return out
}
