package crdconfig

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"strings"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"

	"github.com/mpaudit/mpaudit/contract"
)

const (
	crdAPIVersion = "apiextensions.k8s.io/v1"
	crdKind       = "CustomResourceDefinition"
)

// parseDocs splits a YAML stream into its documents' root nodes, keeping
// line numbers. Decoding errors never escape as panics: bad input is a
// Problem, not a crash.
func parseDocs(data []byte) (docs []*kyaml.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			docs, err = nil, fmt.Errorf("yaml parser panicked: %v", r)
		}
	}()
	dec := kyaml.NewDecoder(bytes.NewReader(data))
	for {
		var n kyaml.Node
		err := dec.Decode(&n)
		if errors.Is(err, io.EOF) {
			return docs, nil
		}
		if err != nil {
			return nil, err
		}
		if n.Kind == kyaml.DocumentNode && len(n.Content) > 0 {
			docs = append(docs, n.Content[0])
		}
	}
}

// mapEntry returns the key and value nodes of key in mapping m.
func mapEntry(m *kyaml.Node, key string) (k, v *kyaml.Node) {
	m = deref(m)
	if m == nil || m.Kind != kyaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i], deref(m.Content[i+1])
		}
	}
	return nil, nil
}

func mapValue(m *kyaml.Node, key string) *kyaml.Node {
	_, v := mapEntry(m, key)
	return v
}

func deref(n *kyaml.Node) *kyaml.Node {
	for n != nil && n.Kind == kyaml.AliasNode {
		n = n.Alias
	}
	return n
}

func isNull(n *kyaml.Node) bool {
	return n == nil || (n.Kind == kyaml.ScalarNode && n.Tag == "!!null")
}

// labelNode is one entry of a labels map, with the line of its key.
type labelNode struct {
	key, value string
	null       bool
	line       int
}

// labelEntries lists the entries of a labels mapping in order.
func labelEntries(m *kyaml.Node) []labelNode {
	m = deref(m)
	if m == nil || m.Kind != kyaml.MappingNode {
		return nil
	}
	var out []labelNode
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], deref(m.Content[i+1])
		if v != nil && v.Kind != kyaml.ScalarNode {
			continue
		}
		out = append(out, labelNode{key: k.Value, value: v.Value, null: isNull(v), line: k.Line})
	}
	return out
}

// crdDoc is the part of a CRD that mpaudit looks at.
type crdDoc struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name        string            `yaml:"name"`
		Labels      map[string]string `yaml:"labels"`
		Annotations map[string]string `yaml:"annotations"`
	} `yaml:"metadata"`
	Spec struct {
		Group string `yaml:"group"`
		Names struct {
			Kind string `yaml:"kind"`
		} `yaml:"names"`
		Scope    string `yaml:"scope"`
		Versions []struct {
			Name    string `yaml:"name"`
			Served  bool   `yaml:"served"`
			Storage bool   `yaml:"storage"`
		} `yaml:"versions"`
	} `yaml:"spec"`
}

// isCRD reports whether a document is an apiextensions.k8s.io/v1 CRD.
// expandLists replaces each list document (kubectl get -o yaml's v1 List,
// an API server's CustomResourceDefinitionList) by its items, so a dump of
// CRDs reads as a bundle of them does.
func expandLists(docs []*kyaml.Node) []*kyaml.Node {
	var out []*kyaml.Node
	for _, d := range docs {
		k, items := mapValue(d, "kind"), mapValue(d, "items")
		if k == nil || !strings.HasSuffix(k.Value, "List") || items == nil || items.Kind != kyaml.SequenceNode {
			out = append(out, d)
			continue
		}
		for _, it := range items.Content {
			out = append(out, deref(it))
		}
	}
	return out
}

func isCRD(n *kyaml.Node) bool {
	av, k := mapValue(n, "apiVersion"), mapValue(n, "kind")
	return av != nil && k != nil && av.Value == crdAPIVersion && k.Value == crdKind
}

// isOtherCRD is a CRD of another apiextensions version (v1beta1).
func isOtherCRD(n *kyaml.Node) bool {
	av, k := mapValue(n, "apiVersion"), mapValue(n, "kind")
	return av != nil && k != nil && av.Value != crdAPIVersion && strings.HasPrefix(av.Value, "apiextensions.k8s.io/") && k.Value == crdKind
}

// decodeCRD reads a CRD document; line is that of metadata.name (or kind).
func decodeCRD(n *kyaml.Node) (info contract.CRDInfo, annotations map[string]string, line int, err error) {
	var d crdDoc
	if err := n.Decode(&d); err != nil {
		return info, nil, 0, err
	}
	info = contract.CRDInfo{
		Name:   d.Metadata.Name,
		Group:  d.Spec.Group,
		Kind:   d.Spec.Names.Kind,
		Scope:  d.Spec.Scope,
		Labels: map[string]string{},
	}
	maps.Copy(info.Labels, d.Metadata.Labels)
	for _, v := range d.Spec.Versions {
		info.Versions = append(info.Versions, contract.CRDVersion{Name: v.Name, Served: v.Served, Storage: v.Storage})
	}
	if nameNode := mapValue(mapValue(n, "metadata"), "name"); nameNode != nil {
		line = nameNode.Line
	} else if k, _ := mapEntry(n, "kind"); k != nil {
		line = k.Line
	}
	return info, d.Metadata.Annotations, line, nil
}

// decodeDefinition reads the per-version schemas and subresources of a CRD
// document for the schema checks and the classifier; nil when they cannot
// be decoded, and the checks that need them are skipped. Only spec.versions
// is kept: the rest of a large CRD is not consulted.
func decodeDefinition(n *kyaml.Node) *apiextensionsv1.CustomResourceDefinition {
	js, err := kyaml.NewRNode(n).MarshalJSON()
	if err != nil {
		return nil
	}
	var crd apiextensionsv1.CustomResourceDefinition
	if err := json.Unmarshal(js, &crd); err != nil {
		return nil
	}
	return &apiextensionsv1.CustomResourceDefinition{Spec: apiextensionsv1.CustomResourceDefinitionSpec{Versions: crd.Spec.Versions}}
}
