package yamldocs

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/pmezard/go-difflib/difflib"
	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"
)

// Doc edits one YAML document as text, at the lines and columns its parse
// reports, so that everything the edit does not mean to change (other
// nodes' indentation, comments, blank lines, quoting, order) stays byte for
// byte. A re-serialised document would normalise all of that: kyaml's
// encoder gives every sequence of a file one indentation, for one.
//
// Each edit changes the parsed tree too; Bytes checks that the edited text
// parses to that tree and differs from the original only in the lines of
// the nodes edited.
type Doc struct {
	lines []string // with their line endings
	eol   string
	root  *kyaml.RNode
	// seqIndent is the file's style for the sequences an edit writes.
	seqIndent kyaml.SequenceIndentStyle
	edits     []lineEdit
	spans     []span
}

// lineEdit replaces lines[at:at+del] (0-based) with add.
type lineEdit struct {
	at, del int
	add     []string
}

// span is a 1-based, inclusive range of original lines an edit may change
// or insert around.
type span struct{ from, to int }

// Parse parses text, one YAML document.
func Parse(text string) (*Doc, error) {
	rn, err := kyaml.Parse(text)
	if err != nil {
		return nil, err
	}
	d := &Doc{lines: strings.SplitAfter(text, "\n"), eol: "\n", root: rn}
	if d.lines[len(d.lines)-1] == "" {
		d.lines = d.lines[:len(d.lines)-1]
	}
	if len(d.lines) > 0 && strings.HasSuffix(d.lines[0], "\r\n") {
		d.eol = "\r\n"
	}
	d.seqIndent = kyaml.SequenceIndentStyle(kyaml.DeriveSeqIndentStyle(text))
	return d, nil
}

// Root is the document's tree; edits must name nodes of it.
func (d *Doc) Root() *kyaml.RNode { return d.root }

// SetScalar sets key to the scalar value in the block mapping m: in place
// when key holds a one-line scalar, else as a new last entry.
func (d *Doc) SetScalar(m *kyaml.RNode, key, value string) error {
	return d.SetScalarAfter(m, "", key, value)
}

// SetScalarAfter is SetScalar, a new entry going right after the entry of
// key after when m has one.
func (d *Doc) SetScalarAfter(m *kyaml.RNode, after, key, value string) error {
	if err := d.block(m.YNode(), kyaml.MappingNode); err != nil {
		return err
	}
	node := kyaml.NewScalarRNode(value)
	if f := m.Field(key); f != nil {
		v := f.Value.YNode()
		if v.Kind != kyaml.ScalarNode || v.Tag == kyaml.NodeTagNull {
			return fmt.Errorf("line %d: %s is not a scalar", f.Key.YNode().Line, key)
		}
		if v.Value == value {
			return nil
		}
		node.YNode().Style = v.Style & (kyaml.DoubleQuotedStyle | kyaml.SingleQuotedStyle)
		return d.replaceScalar(v, node.YNode())
	}
	// Quoted when every value of m is, alike.
	style := kyaml.Style(0)
	for i := 1; i < len(m.YNode().Content); i += 2 {
		v := m.YNode().Content[i]
		q := v.Style & (kyaml.DoubleQuotedStyle | kyaml.SingleQuotedStyle)
		if v.Kind != kyaml.ScalarNode || q == 0 || (i > 1 && q != style) {
			style = 0
			break
		}
		style = q
	}
	node.YNode().Style = style
	return d.addEntry(m, after, key, node)
}

// SetBlock sets key to value, a mapping or sequence, in the block mapping
// m: as a new last entry, or in place of a null or empty value.
func (d *Doc) SetBlock(m *kyaml.RNode, key string, value *kyaml.RNode) error {
	if err := d.block(m.YNode(), kyaml.MappingNode); err != nil {
		return err
	}
	f := m.Field(key)
	if f == nil {
		return d.addEntry(m, "", key, value)
	}
	v, k := f.Value.YNode(), f.Key.YNode()
	empty := v.Tag == kyaml.NodeTagNull || (v.Kind != kyaml.ScalarNode && len(v.Content) == 0)
	if !empty || k.Line != v.Line {
		return fmt.Errorf("line %d: %s is neither empty nor null", k.Line, key)
	}
	// The key's line keeps its comment; the value goes on the lines after.
	line := d.lines[k.Line-1]
	head := strings.TrimRight(line[:k.Column-1+len(keyText(line, k))], " \t") + ":"
	if v.LineComment != "" {
		head += " " + v.LineComment
	} else if k.LineComment != "" {
		head += " " + k.LineComment
	}
	indent := k.Column - 1 + 2
	if value.YNode().Kind == kyaml.SequenceNode && d.seqIndent == kyaml.CompactSequenceStyle {
		indent = k.Column - 1
	}
	body, err := d.render(value, indent)
	if err != nil {
		return err
	}
	d.edits = append(d.edits, lineEdit{at: k.Line - 1, del: 1, add: append([]string{head + d.eol}, body...)})
	d.spans = append(d.spans, span{k.Line, k.Line})
	f.Value.SetYNode(value.YNode())
	return nil
}

// Append adds item as the last element of the block sequence seq.
func (d *Doc) Append(seq *kyaml.RNode, item *kyaml.RNode) error {
	n := seq.YNode()
	if err := d.block(n, kyaml.SequenceNode); err != nil {
		return err
	}
	one := kyaml.NewListRNode()
	one.YNode().Content = []*kyaml.Node{item.YNode()}
	body, err := d.render(one, n.Column-1)
	if err != nil {
		return err
	}
	end := d.end(n)
	d.insert(end, body)
	d.spans = append(d.spans, span{n.Line, end})
	n.Content = append(n.Content, item.YNode())
	return nil
}

// Bytes is the edited text. It fails when the text does not parse to the
// edited tree or changes lines outside the nodes edited: the edit is then
// not one mpaudit can make without rewriting the rest of the file.
func (d *Doc) Bytes() ([]byte, error) {
	original := strings.Join(d.lines, "")
	if len(d.edits) == 0 {
		return []byte(original), nil
	}
	// Applied from the end; of two insertions at one line, the one made
	// later is applied first, so the first stays first.
	edits := slices.Clone(d.edits)
	slices.Reverse(edits)
	slices.SortStableFunc(edits, func(a, b lineEdit) int { return b.at - a.at })
	lines := slices.Clone(d.lines)
	for i, e := range edits {
		if i > 0 && e.at+e.del > edits[i-1].at {
			return nil, fmt.Errorf("two edits of line %d", e.at+1)
		}
		lines = slices.Replace(lines, e.at, e.at+e.del, e.add...)
	}
	out := strings.Join(lines, "")
	got, err := kyaml.Parse(out)
	if err != nil {
		return nil, fmt.Errorf("the edited text does not parse: %w", err)
	}
	var want, have any
	if err := d.root.YNode().Decode(&want); err != nil {
		return nil, err
	}
	if err := got.YNode().Decode(&have); err != nil {
		return nil, err
	}
	if !reflect.DeepEqual(want, have) {
		return nil, fmt.Errorf("the edited text does not hold the edit")
	}
	if err := OnlyLines(original, out, d.allowed); err != nil {
		return nil, err
	}
	return []byte(out), nil
}

// allowed reports whether the original lines from..to (1-based, to+1 ==
// from for an insertion before from) lie in the span of an edit.
func (d *Doc) allowed(from, to int) bool {
	for _, s := range d.spans {
		if to >= from && from >= s.from && to <= s.to {
			return true
		}
		if to < from && from > s.from && from <= s.to+1 { // after a line of the span
			return true
		}
	}
	return false
}

// OnlyLines fails unless every line edited differs from original only in
// original lines allowed(from, to) accepts: replaced or removed lines
// from..to, or lines inserted before line from (to == from-1). Lines are
// 1-based.
func OnlyLines(original, edited string, allowed func(from, to int) bool) error {
	a, b := difflib.SplitLines(original), difflib.SplitLines(edited)
	// Lines the same at both ends are left out of the diff: a CRD has
	// thousands, many alike, which make the matcher slow.
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	// No autojunk: blank lines are frequent in a long file, and junk would
	// misplace the lines that changed.
	m := difflib.NewMatcherWithJunk(a[pre:len(a)-suf], b[pre:len(b)-suf], false, nil)
	for _, op := range m.GetOpCodes() {
		if op.Tag == 'e' {
			continue
		}
		i1, i2 := op.I1+pre, op.I2+pre
		if !allowed(i1+1, i2) {
			if i1 == i2 {
				return fmt.Errorf("the edit would insert lines before line %d, outside the nodes it changes", i1+1)
			}
			return fmt.Errorf("the edit would change lines %d-%d, outside the nodes it changes", i1+1, i2)
		}
	}
	return nil
}

// block fails unless n is a block node of kind, parsed from the text.
func (d *Doc) block(n *kyaml.Node, kind kyaml.Kind) error {
	switch {
	case n.Kind != kind:
		return fmt.Errorf("line %d: not a %s", n.Line, kindName(kind))
	case n.Line == 0:
		return fmt.Errorf("not a node of the file")
	case n.Style&kyaml.FlowStyle != 0:
		return fmt.Errorf("line %d: a flow-style %s, which mpaudit does not edit", n.Line, kindName(kind))
	case len(n.Content) == 0:
		return fmt.Errorf("line %d: an empty %s", n.Line, kindName(kind))
	}
	return nil
}

func kindName(k kyaml.Kind) string {
	if k == kyaml.MappingNode {
		return "mapping"
	}
	return "sequence"
}

// addEntry writes key: value after the entry of after, or the last entry,
// of mapping m.
func (d *Doc) addEntry(m *kyaml.RNode, after, key string, value *kyaml.RNode) error {
	n := m.YNode()
	entry := kyaml.NewMapRNode(nil)
	if err := entry.PipeE(kyaml.SetField(key, value)); err != nil {
		return err
	}
	body, err := d.render(entry, n.Column-1)
	if err != nil {
		return err
	}
	end := d.end(n)
	at := end
	for i := 0; after != "" && i+2 < len(n.Content); i += 2 {
		if n.Content[i].Value != after {
			continue
		}
		// Before the next key and the comments and blank lines above it.
		at = n.Content[i+2].Line - 1
		for at > n.Content[i].Line && isBlankOrComment(d.lines[at-1]) {
			at--
		}
		break
	}
	d.insert(at, body)
	d.spans = append(d.spans, span{n.Line, end})
	return m.PipeE(kyaml.SetField(key, value))
}

// replaceScalar writes v in place of the one-line scalar old.
func (d *Doc) replaceScalar(old, v *kyaml.Node) error {
	line := d.lines[old.Line-1]
	body := strings.TrimRight(line, "\r\n")
	start := old.Column - 1
	if start > len(body) {
		return fmt.Errorf("line %d: no value at column %d", old.Line, old.Column)
	}
	rest := body[start:]
	token := strings.TrimRight(rest, " \t")
	if old.LineComment != "" {
		i := strings.LastIndex(rest, old.LineComment)
		if i < 0 {
			return fmt.Errorf("line %d: the value spans lines", old.Line)
		}
		token = strings.TrimRight(rest[:i], " \t")
	}
	// The token must be the whole value: no continuation lines.
	var parsed kyaml.Node
	if err := kyaml.Unmarshal([]byte(token), &parsed); err != nil || len(parsed.Content) != 1 || parsed.Content[0].Value != old.Value {
		return fmt.Errorf("line %d: the value spans lines", old.Line)
	}
	text, err := kyaml.String(v)
	if err != nil {
		return err
	}
	text = strings.TrimSuffix(text, "\n")
	if strings.Contains(text, "\n") {
		return fmt.Errorf("line %d: the new value spans lines", old.Line)
	}
	d.edits = append(d.edits, lineEdit{at: old.Line - 1, del: 1, add: []string{body[:start] + text + body[start+len(token):] + line[len(body):]}})
	d.spans = append(d.spans, span{old.Line, old.Line})
	old.Value, old.Style, old.Tag = v.Value, v.Style, v.Tag
	return nil
}

// render encodes n as lines indented by indent spaces, in the file's line
// endings and sequence style.
func (d *Doc) render(n *kyaml.RNode, indent int) ([]string, error) {
	out, err := kyaml.MarshalWithOptions(n.YNode(), &kyaml.EncoderOptions{SeqIndent: d.seqIndent})
	if err != nil {
		return nil, err
	}
	var lines []string
	for l := range strings.SplitSeq(strings.TrimSuffix(string(out), "\n"), "\n") {
		lines = append(lines, strings.Repeat(" ", indent)+l+d.eol)
	}
	return lines, nil
}

// insert adds lines after line (1-based).
func (d *Doc) insert(line int, add []string) {
	if l := d.lines[line-1]; !strings.HasSuffix(l, "\n") {
		// The file's last line gains its line ending.
		d.edits = append(d.edits, lineEdit{at: line - 1, del: 1, add: append([]string{l + d.eol}, add...)})
		return
	}
	d.edits = append(d.edits, lineEdit{at: line, add: add})
}

// end is the last line (1-based) of the block node n that holds content:
// the lines after n's first one that are indented past n's column (or,
// for a sequence, start an element at it), blank lines and comments in
// between; trailing comments stay with what follows.
func (d *Doc) end(n *kyaml.Node) int {
	last := n.Line
	for i := n.Line; i < len(d.lines); i++ {
		text := strings.TrimRight(d.lines[i], "\r\n")
		trimmed := strings.TrimLeft(text, " ")
		if strings.TrimSpace(trimmed) == "" {
			continue
		}
		col := len(text) - len(trimmed) + 1
		comment := strings.HasPrefix(trimmed, "#")
		switch {
		case col > n.Column:
		case comment:
			continue
		case col == n.Column && n.Kind == kyaml.MappingNode:
		case col == n.Column && (trimmed == "-" || strings.HasPrefix(trimmed, "- ")):
		default:
			return last
		}
		if !comment {
			last = i + 1
		}
	}
	return last
}

func isBlankOrComment(line string) bool {
	t := strings.TrimSpace(line)
	return t == "" || strings.HasPrefix(t, "#")
}

// keyText is the key's text on its line, as written (quotes included).
func keyText(line string, k *kyaml.Node) string {
	rest := line[k.Column-1:]
	if i := strings.Index(rest, ":"); i >= 0 && k.Style&(kyaml.DoubleQuotedStyle|kyaml.SingleQuotedStyle) == 0 {
		return rest[:i]
	}
	q := rest[:1]
	if j := strings.Index(rest[1:], q); j >= 0 {
		return rest[:j+2]
	}
	return rest
}
