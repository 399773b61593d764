package rewrite

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	yaml3 "go.yaml.in/yaml/v3"
)

// Kustomization files are edited as text, at places found with a YAML
// parse, so their comments (kubebuilder's commented-out sections and
// scaffold markers) stay where they are.

// kdoc is a parsed kustomization file.
type kdoc struct {
	text  string
	lines []string
	root  *yaml3.Node // the top-level mapping
}

func parseKDoc(b []byte) (*kdoc, error) {
	var doc yaml3.Node
	if err := yaml3.Unmarshal(b, &doc); err != nil {
		return nil, err
	}
	d := &kdoc{text: string(b), lines: strings.SplitAfter(string(b), "\n")}
	switch {
	case doc.Kind == 0:
		d.root = &yaml3.Node{Kind: yaml3.MappingNode}
	case doc.Kind == yaml3.DocumentNode && len(doc.Content) == 1 && doc.Content[0].Kind == yaml3.MappingNode:
		d.root = doc.Content[0]
	default:
		return nil, fmt.Errorf("not a YAML mapping")
	}
	return d, nil
}

// get returns the value node of a top-level key, its key node, or nils.
func (d *kdoc) get(key string) (val, k *yaml3.Node) {
	return mapGet(d.root, key)
}

func mapGet(m *yaml3.Node, key string) (val, k *yaml3.Node) {
	if m == nil || m.Kind != yaml3.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1], m.Content[i]
		}
	}
	return nil, nil
}

func indentOf(line string) int { return len(line) - len(strings.TrimLeft(line, " ")) }

func isBlankOrComment(line string) bool {
	t := strings.TrimSpace(line)
	return t == "" || strings.HasPrefix(t, "#")
}

// itemEnd is the 0-based line after the last content line of the sequence
// item starting on 1-based line start whose dash is at column dash.
func (d *kdoc) itemEnd(start, dash int) int {
	end := start // 0-based index of the line after the item's first line
	for i := start; i < len(d.lines); i++ {
		l := d.lines[i]
		if isBlankOrComment(l) {
			continue
		}
		if indentOf(l) <= dash {
			break
		}
		end = i + 1
	}
	return end
}

// dashColumn is the column of the "- " before the sequence item n.
func (d *kdoc) dashColumn(n *yaml3.Node) (int, error) {
	if n.Line < 1 || n.Line > len(d.lines) {
		return 0, fmt.Errorf("line %d out of range", n.Line)
	}
	l := d.lines[n.Line-1]
	if n.Column-1 > len(l) {
		return 0, fmt.Errorf("column %d out of range", n.Column)
	}
	i := strings.LastIndex(l[:n.Column-1], "-")
	if i < 0 {
		return 0, fmt.Errorf("line %d: sequence item without a dash", n.Line)
	}
	return i, nil
}

// renderItems writes sequence items (each a YAML snippet for one element)
// with their dash at column dash.
func renderItems(items []string, dash int) string {
	var b strings.Builder
	pad := strings.Repeat(" ", dash)
	for _, it := range items {
		for i, l := range strings.Split(strings.TrimRight(it, "\n"), "\n") {
			if i == 0 {
				b.WriteString(pad + "- " + l + "\n")
			} else {
				b.WriteString(pad + "  " + l + "\n")
			}
		}
	}
	return b.String()
}

// insertAt returns the text with s inserted before 0-based line i.
func (d *kdoc) insertAt(i int, s string) string {
	before := strings.Join(d.lines[:i], "")
	if before != "" && !strings.HasSuffix(before, "\n") {
		before += "\n"
	}
	return before + s + strings.Join(d.lines[i:], "")
}

// appendToSeq adds items to the block sequence seq, after its last item.
func (d *kdoc) appendToSeq(seq *yaml3.Node, items []string) (string, error) {
	if seq.Kind != yaml3.SequenceNode || seq.Style&yaml3.FlowStyle != 0 || len(seq.Content) == 0 {
		return "", fmt.Errorf("line %d: not a non-empty block sequence", seq.Line)
	}
	last := seq.Content[len(seq.Content)-1]
	dash, err := d.dashColumn(last)
	if err != nil {
		return "", err
	}
	return d.insertAt(d.itemEnd(last.Line, dash), renderItems(items, dash)), nil
}

// addToList adds items to the top-level list key, creating the key at the
// end of the file when it is absent and filling it when it has no items
// (a key left with only commented-out entries).
func (d *kdoc) addToList(key string, items []string) (string, error) {
	val, k := d.get(key)
	if val != nil {
		// A commented-out entry (kubebuilder's "uncomment to enable") is
		// enabled where it stands.
		var rest []string
		text := d.text
		for _, it := range items {
			if t, ok := d.uncomment(key, it); ok {
				text = t
				nd, err := parseKDoc([]byte(text))
				if err != nil {
					return "", err
				}
				*d = *nd
				continue
			}
			rest = append(rest, it)
		}
		if len(rest) == 0 {
			return text, nil
		}
		items = rest
		val, k = d.get(key)
	}
	switch {
	case val == nil:
		s := d.text
		if s != "" && !strings.HasSuffix(s, "\n") {
			s += "\n"
		}
		return s + "\n" + key + ":\n" + renderItems(items, 0), nil
	case val.Kind == yaml3.ScalarNode && val.Tag == "!!null" && val.Value == "":
		if k.Column != 1 {
			return "", fmt.Errorf("line %d: %s is not at the top level", k.Line, key)
		}
		return d.insertAt(k.Line, renderItems(items, 0)), nil
	case val.Kind == yaml3.SequenceNode && len(val.Content) > 0:
		return d.appendToSeq(val, items)
	}
	return "", fmt.Errorf("line %d: %s is not a list this edit can extend", k.Line, key)
}

// stringList reads a top-level list of strings; entries of another shape
// are left out.
func (d *kdoc) stringList(key string) []string {
	val, _ := d.get(key)
	if val == nil || val.Kind != yaml3.SequenceNode {
		return nil
	}
	var out []string
	for _, n := range val.Content {
		if n.Kind == yaml3.ScalarNode {
			out = append(out, n.Value)
		}
	}
	return out
}

// patchPaths lists the files of patches (path:) and patchesStrategicMerge.
func (d *kdoc) patchPaths() []string {
	var out []string
	if val, _ := d.get("patches"); val != nil && val.Kind == yaml3.SequenceNode {
		for _, n := range val.Content {
			if p, _ := mapGet(n, "path"); p != nil && p.Kind == yaml3.ScalarNode {
				out = append(out, p.Value)
			}
		}
	}
	return append(out, d.stringList("patchesStrategicMerge")...)
}

// active reports whether the top-level key has a value (not only comments).
func (d *kdoc) active(key string) bool {
	val, _ := d.get(key)
	return val != nil && !(val.Kind == yaml3.ScalarNode && val.Tag == "!!null")
}

// uncomment enables a "#- item" line within the top-level key's lines
// (up to the next key), for single-line items.
func (d *kdoc) uncomment(key, item string) (string, bool) {
	if strings.Contains(item, "\n") {
		return "", false
	}
	val, k := d.get(key)
	end := len(d.lines)
	for i := 0; i+1 < len(d.root.Content); i += 2 {
		if n := d.root.Content[i]; n.Line > k.Line && n.Line-1 < end {
			end = n.Line - 1
		}
	}
	dash := -1
	if val.Kind == yaml3.SequenceNode && len(val.Content) > 0 {
		if c, err := d.dashColumn(val.Content[0]); err == nil {
			dash = c
		}
	}
	for i := k.Line; i < end; i++ {
		l := d.lines[i]
		t := strings.TrimSpace(l)
		if !strings.HasPrefix(t, "#") {
			continue
		}
		t = strings.TrimSpace(strings.TrimPrefix(t, "#"))
		if t != "- "+item {
			continue
		}
		col := dash
		if col < 0 {
			col = indentOf(l)
		}
		lines := slices.Clone(d.lines)
		lines[i] = renderItems([]string{item}, col)
		return strings.Join(lines, ""), true
	}
	return "", false
}

// omap is a YAML mapping written in the order given (kubebuilder's key
// order reads better than sorted keys).
type omap []kv

type kv struct {
	k string
	v any
}

func toNode(v any) *yaml3.Node {
	switch x := v.(type) {
	case omap:
		n := &yaml3.Node{Kind: yaml3.MappingNode}
		for _, e := range x {
			n.Content = append(n.Content, &yaml3.Node{Kind: yaml3.ScalarNode, Value: e.k}, toNode(e.v))
		}
		return n
	case map[string]any:
		n := &yaml3.Node{Kind: yaml3.MappingNode}
		for _, k := range slices.Sorted(maps.Keys(x)) {
			n.Content = append(n.Content, &yaml3.Node{Kind: yaml3.ScalarNode, Value: k}, toNode(x[k]))
		}
		return n
	case []any:
		n := &yaml3.Node{Kind: yaml3.SequenceNode}
		for _, e := range x {
			n.Content = append(n.Content, toNode(e))
		}
		return n
	case string:
		return &yaml3.Node{Kind: yaml3.ScalarNode, Tag: "!!str", Value: x}
	case int:
		return &yaml3.Node{Kind: yaml3.ScalarNode, Tag: "!!int", Value: strconv.Itoa(x)}
	case bool:
		return &yaml3.Node{Kind: yaml3.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(x)}
	case float64:
		return &yaml3.Node{Kind: yaml3.ScalarNode, Tag: "!!float", Value: strconv.FormatFloat(x, 'g', -1, 64)}
	case nil:
		return &yaml3.Node{Kind: yaml3.ScalarNode, Tag: "!!null", Value: "null"}
	}
	panic(fmt.Sprintf("yamlOf: unsupported %T", v))
}

// yamlOf writes v in the layout kubebuilder scaffolds: two-space indent,
// sequences not indented under their key.
func yamlOf(v any) string {
	var b bytes.Buffer
	enc := yaml3.NewEncoder(&b)
	enc.SetIndent(2)
	enc.CompactSeqIndent()
	if err := enc.Encode(toNode(v)); err != nil {
		panic(err) // nodes built above always encode
	}
	enc.Close()
	return b.String()
}
