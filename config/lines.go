package config

import (
	"bytes"
	"strconv"
	"strings"

	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"
)

// yamlRoot parses the document for the lines of its fields; nil when it
// cannot be parsed. The caller has bounded the input already.
func yamlRoot(data []byte) (root *kyaml.Node) {
	defer func() {
		if recover() != nil {
			root = nil
		}
	}()
	var doc kyaml.Node
	if err := kyaml.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil {
		return nil
	}
	if doc.Kind == kyaml.DocumentNode && len(doc.Content) > 0 {
		return doc.Content[0]
	}
	return nil
}

// lineOf finds the line of a field path (rules.MPA203.severity,
// types.include[1], kinds.infrastructure.example.com/Foo) in the tree: keys
// may hold dots, so each step takes the mapping key the rest of the path
// starts with, longest first. 0 when not found.
func lineOf(n *kyaml.Node, field string) int {
	if n == nil {
		return 0
	}
	if field == "" {
		return n.Line
	}
	switch n.Kind {
	case kyaml.MappingNode:
		best := -1
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i].Value
			if strings.HasPrefix(field, k) && (len(field) == len(k) || field[len(k)] == '.' || field[len(k)] == '[') &&
				(best < 0 || len(k) > len(n.Content[best].Value)) {
				best = i
			}
		}
		if best < 0 {
			return 0
		}
		rest := strings.TrimPrefix(strings.TrimPrefix(field, n.Content[best].Value), ".")
		if rest == "" {
			return n.Content[best].Line
		}
		if l := lineOf(n.Content[best+1], rest); l > 0 {
			return l
		}
		return n.Content[best].Line
	case kyaml.SequenceNode:
		if !strings.HasPrefix(field, "[") {
			return 0
		}
		end := strings.IndexByte(field, ']')
		i, err := strconv.Atoi(field[1:max(end, 1)])
		if end < 0 || err != nil || i < 0 || i >= len(n.Content) {
			return 0
		}
		rest := strings.TrimPrefix(field[end+1:], ".")
		if rest == "" {
			return n.Content[i].Line
		}
		return lineOf(n.Content[i], rest)
	case kyaml.AliasNode:
		return lineOf(n.Alias, field)
	}
	return 0
}
