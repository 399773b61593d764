package crdconfig

import (
	"fmt"

	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/boundedio"
)

// Object is one object of a YAML file, as the components rules read it.
type Object struct {
	contract.ComponentsObject
	// Line is the 1-based line of the object's document (its kind).
	Line int
}

// LoadObjects reads every object of one YAML file (items of a List too),
// such as a release's components YAML, within the input limits.
func LoadObjects(path string) ([]Object, error) {
	data, err := boundedio.ReadYAML(path)
	if err != nil {
		return nil, err
	}
	docs, err := parseDocs(data)
	if err != nil {
		return nil, fmt.Errorf("%s: invalid YAML: %w", path, err)
	}
	var out []Object
	for _, d := range expandLists(docs) {
		if d == nil || d.Kind != kyaml.MappingNode {
			continue
		}
		o := Object{Line: d.Line}
		o.APIVersion, o.Kind = scalar(mapValue(d, "apiVersion")), scalar(mapValue(d, "kind"))
		meta := mapValue(d, "metadata")
		o.Name, o.Namespace = scalar(mapValue(meta, "name")), scalar(mapValue(meta, "namespace"))
		if k := mapValue(d, "kind"); k != nil {
			o.Line = k.Line
		}
		if cs := mapValue(mapValue(mapValue(mapValue(d, "spec"), "template"), "spec"), "containers"); cs != nil && cs.Kind == kyaml.SequenceNode {
			for _, c := range cs.Content {
				o.Containers = append(o.Containers, scalar(mapValue(deref(c), "name")))
			}
		}
		out = append(out, o)
	}
	return out, nil
}

// scalar is a scalar node's value; "" for anything else.
func scalar(n *kyaml.Node) string {
	if n == nil || n.Kind != kyaml.ScalarNode || isNull(n) {
		return ""
	}
	return n.Value
}
