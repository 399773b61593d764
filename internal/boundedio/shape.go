package boundedio

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"
)

const (
	// MaxAliasExpansion is how many nodes the aliases of one file may add
	// when expanded. Generated manifests use no aliases; a hand-written
	// kustomization may reuse a few small blocks.
	MaxAliasExpansion = 10_000
	// MaxAliasBytes is how many bytes of scalars the aliases of one file
	// may add when expanded.
	MaxAliasBytes = 1 << 20
	// MaxKeyPairs bounds the pairs of keys in the mappings of one file:
	// YAML decoders (and kustomize) compare every pair to find duplicate
	// keys, so a mapping of 32,000 keys takes a minute. A mapping of
	// 5,000 keys is within the limit; generated CRDs stay far below it.
	MaxKeyPairs = 16_000_000
)

// CheckYAML checks the shape of a YAML (or JSON) stream before a decoder
// expands it: alias expansion and mapping sizes are bounded by the limits
// above. It returns the number of documents. Syntax errors are left to the
// decoder that reads the file next: CheckYAML stops at the first and
// returns the documents before it without an error.
func CheckYAML(name string, data []byte) (docs int, err error) {
	defer func() {
		if r := recover(); r != nil {
			docs, err = 0, fmt.Errorf("%s: invalid YAML: parser panicked: %v", name, r)
		}
	}()
	s := &shape{name: name, done: map[*kyaml.Node]cost{}, active: map[*kyaml.Node]bool{}}
	dec := kyaml.NewDecoder(bytes.NewReader(data))
	for {
		var n kyaml.Node
		err := dec.Decode(&n)
		if errors.Is(err, io.EOF) {
			return docs, nil
		}
		if err != nil {
			return docs, nil // the reader's own decoder reports it
		}
		docs++
		if _, err := s.walk(&n); err != nil {
			return docs, err
		}
	}
}

// cost is what a node becomes once its aliases are expanded: its nodes,
// its scalar bytes and the key pairs of its mappings.
type cost struct {
	nodes, bytes, pairs uint64
}

// shape accumulates what the aliases of a file add and the key pairs of
// its mappings, expanded.
type shape struct {
	name   string
	extra  cost // added by aliases
	pairs  uint64
	done   map[*kyaml.Node]cost // anchored nodes, by identity
	active map[*kyaml.Node]bool // anchored nodes being walked
}

const saturated = 1 << 62

func sat(a, b uint64) uint64 {
	if a+b > saturated || a+b < a {
		return saturated
	}
	return a + b
}

func (c *cost) add(d cost) {
	c.nodes, c.bytes, c.pairs = sat(c.nodes, d.nodes), sat(c.bytes, d.bytes), sat(c.pairs, d.pairs)
}

// walk returns the expanded cost of n. Each parsed node is walked once; an
// alias costs what its anchor's node cost, so a bomb is measured in time
// linear in its text.
func (s *shape) walk(n *kyaml.Node) (cost, error) {
	if n.Kind == kyaml.AliasNode {
		t := n.Alias
		if t == nil {
			return cost{nodes: 1}, nil
		}
		if s.active[t] {
			return cost{}, &LimitError{Path: s.name, Reason: fmt.Sprintf("line %d: alias *%s refers to a node that contains it", n.Line, n.Value)}
		}
		c, ok := s.done[t]
		if !ok {
			return cost{nodes: 1}, nil
		}
		s.extra.add(cost{nodes: c.nodes - 1, bytes: c.bytes})
		if s.extra.nodes > MaxAliasExpansion || s.extra.bytes > MaxAliasBytes {
			return cost{}, &LimitError{Path: s.name, Reason: fmt.Sprintf("line %d: YAML aliases expand to more than %d nodes or %d bytes (alias *%s alone is %d nodes); mpaudit refuses alias expansion beyond that", n.Line, MaxAliasExpansion, MaxAliasBytes, n.Value, c.nodes)}
		}
		if err := s.addPairs(n, c.pairs); err != nil {
			return cost{}, err
		}
		return c, nil
	}
	if n.Anchor != "" {
		s.active[n] = true
		defer delete(s.active, n)
	}
	c := cost{nodes: 1, bytes: uint64(len(n.Value))}
	if n.Kind == kyaml.MappingNode {
		keys := uint64(len(n.Content) / 2)
		c.pairs = keys * (keys - min(keys, 1)) / 2
		if err := s.addPairs(n, c.pairs); err != nil {
			return cost{}, err
		}
	}
	for _, child := range n.Content {
		cc, err := s.walk(child)
		if err != nil {
			return cost{}, err
		}
		c.add(cc)
	}
	if n.Anchor != "" {
		s.done[n] = c
	}
	return c, nil
}

// addPairs counts the key pairs of a mapping (or of what an alias expands
// to) and fails past MaxKeyPairs.
func (s *shape) addPairs(n *kyaml.Node, pairs uint64) error {
	s.pairs = sat(s.pairs, pairs)
	if s.pairs <= MaxKeyPairs {
		return nil
	}
	return &LimitError{Path: s.name, Reason: fmt.Sprintf("line %d: mappings too large to decode in bounded time (decoders compare every pair of keys; this file's mappings need over %d comparisons, and the one here has %d keys)", n.Line, MaxKeyPairs, len(n.Content)/2)}
}
