package crdgen

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strings"

	yaml3 "go.yaml.in/yaml/v3"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"
	"sigs.k8s.io/yaml"

	"github.com/mpaudit/mpaudit/internal/yamldocs"
)

// VersionChange is one API version of a CRD as generated from the original
// and from the changed types.
type VersionChange struct {
	Version             string
	Original, Rewritten *apiextv1.JSONSchemaProps
}

// Unreproduced is why a committed CRD is left as it is.
type Unreproduced struct{ Reason string }

func (u *Unreproduced) Error() string { return u.Reason }

func unreproduced(format string, args ...any) *Unreproduced {
	return &Unreproduced{Reason: fmt.Sprintf(format, args...)}
}

// Edited is a committed CRD with the changed subtrees regenerated.
type Edited struct {
	Content []byte
	// Variant names the generator options the committed file matched.
	Variant string
	// Paths are the regenerated subtrees, "VERSION: field.path added".
	Paths []string
	// Lacked are the fields the committed file lacked, "VERSION: field.path":
	// it was generated from older types (a stale CRD).
	Lacked []string
}

// unit is one subtree that differs between the two generations, as a path
// of mapping keys from a spec.versions[] item.
type unit struct {
	version         string
	path            []string
	orig, next      any
	hasOrig, hasNew bool
	// lacked: the committed file lacks the subtree or a part of it.
	lacked bool
}

// schemaPath leads from a spec.versions[] item to its schema.
var schemaPath = []string{"schema", "openAPIV3Schema"}

// diff collects the schemas that differ between o and n, each as a whole:
// a field's schema is descended into only when nothing but its properties
// differ, so each unit is the complete schema of a field (its type,
// description, validations), which the committed file must match entirely.
func diff(version string, path []string, o, n any, hasO, hasN bool, out *[]unit) {
	om, oMap := o.(map[string]any)
	nm, nMap := n.(map[string]any)
	if hasO && hasN && oMap && nMap && onlyPropertiesDiffer(om, nm) {
		op := om[properties].(map[string]any)
		np := nm[properties].(map[string]any)
		for _, k := range unionKeys(op, np) {
			ov, inO := op[k]
			nv, inN := np[k]
			diff(version, append(slices.Clip(path), properties, k), ov, nv, inO, inN, out)
		}
		return
	}
	if hasO != hasN || !reflect.DeepEqual(o, n) {
		*out = append(*out, unit{version: version, path: path, orig: o, next: n, hasOrig: hasO, hasNew: hasN})
	}
}

const properties = "properties"

// onlyPropertiesDiffer reports whether two schemas both have properties
// and agree on every other keyword.
func onlyPropertiesDiffer(o, n map[string]any) bool {
	_, oProps := o[properties].(map[string]any)
	_, nProps := n[properties].(map[string]any)
	if !oProps || !nProps || len(o) != len(n) {
		return false
	}
	for k, v := range o {
		if w, ok := n[k]; !ok || (k != properties && !reflect.DeepEqual(v, w)) {
			return false
		}
	}
	return true
}

// lookup follows mapping keys; ok is false when a step is missing or not
// a mapping.
func lookup(v any, path []string) (any, bool) {
	for _, k := range path {
		m, isMap := v.(map[string]any)
		if !isMap {
			return nil, false
		}
		if v, isMap = m[k]; !isMap {
			return nil, false
		}
	}
	return v, true
}

// versionsKey is spec.versions' JSON name, read from the apiextensions
// type: the contract catalog owns the word for status.versions.
var versionsKey = jsonName(reflect.TypeFor[apiextv1.CustomResourceDefinitionSpec](), "Versions")

func jsonName(t reflect.Type, field string) string {
	f, _ := t.FieldByName(field)
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return name
}

// versionItem is the spec.versions[] item named version in a document.
func versionItem(doc any, version string) (map[string]any, bool) {
	versions, _ := lookup(doc, []string{"spec", versionsKey})
	list, _ := versions.([]any)
	for _, it := range list {
		if m, ok := it.(map[string]any); ok && m["name"] == version {
			return m, true
		}
	}
	return nil, false
}

// fieldPath names a schema path (properties, name, properties, name...)
// the way a person reads it: status.initialization, with [] for a list's
// items; other keywords are left out.
func fieldPath(path []string) string {
	var fields []string
	for i := 0; i < len(path); i++ {
		switch {
		case path[i] == properties && i+1 < len(path):
			fields = append(fields, path[i+1])
			i++
		case path[i] == items && len(fields) > 0:
			fields[len(fields)-1] += "[]"
		}
	}
	if len(fields) == 0 {
		return "the root"
	}
	return strings.Join(fields, ".")
}

func (u unit) String() string {
	what := "changed"
	switch {
	case !u.hasOrig:
		what = "added"
	case !u.hasNew:
		what = "removed"
	}
	if u.lacked {
		what += " (lacking in the committed CRD)"
	}
	return fmt.Sprintf("%s: %s %s", u.version, fieldPath(u.path[len(schemaPath):]), what)
}

// Schema keywords whose values are schemas a stale file can lack fields in.
const (
	items                = "items"
	additionalProperties = "additionalProperties"
)

// gap is how a committed schema differs from a generation: missing are
// the fields (paths ending in properties, name) the generation has and
// the committed schema lacks; others are the paths of any other difference.
type gap struct{ missing, others [][]string }

func (g *gap) schema(path []string, c, o any) {
	cm, okC := c.(map[string]any)
	om, okO := o.(map[string]any)
	if !okC || !okO {
		if !reflect.DeepEqual(c, o) {
			g.others = append(g.others, path)
		}
		return
	}
	for _, k := range unionKeys(cm, om) {
		cv, inC := cm[k]
		ov, inO := om[k]
		p := append(slices.Clip(path), k)
		switch {
		case inC != inO:
			g.others = append(g.others, p)
		case k == properties:
			g.properties(p, cv, ov)
		case k == items || k == additionalProperties:
			g.schema(p, cv, ov)
		case !reflect.DeepEqual(cv, ov):
			g.others = append(g.others, p)
		}
	}
}

func (g *gap) properties(path []string, c, o any) {
	cm, okC := c.(map[string]any)
	om, okO := o.(map[string]any)
	if !okC || !okO {
		g.others = append(g.others, path)
		return
	}
	for _, k := range unionKeys(cm, om) {
		cv, inC := cm[k]
		ov, inO := om[k]
		p := append(slices.Clip(path), k)
		switch {
		case !inC:
			g.missing = append(g.missing, p)
		case !inO:
			g.others = append(g.others, p)
		default:
			g.schema(p, cv, ov)
		}
	}
}

func unionKeys(a, b map[string]any) []string {
	keys := slices.Collect(maps.Keys(a))
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// committedSchema is the schema of version in a committed document.
func committedSchema(doc any, version string) (any, bool) {
	item, ok := versionItem(doc, version)
	if !ok {
		return nil, false
	}
	return lookup(item, schemaPath)
}

// prove checks that every unit's subtree in the committed document equals
// the original generation's, and that the mapping holding it is there.
func prove(committed any, units []unit) error {
	for _, u := range units {
		item, ok := versionItem(committed, u.version)
		if !ok {
			return unreproduced("it has no version %s", u.version)
		}
		field := fieldPath(u.path[len(schemaPath):])
		parent, ok := lookup(item, u.path[:len(u.path)-1])
		if _, isMap := parent.(map[string]any); !ok || !isMap {
			return unreproduced("its schema of %s has no properties under %s, where controller-gen puts %s (a hand-written or unstructured schema)",
				u.version, fieldPath(u.path[len(schemaPath):len(u.path)-1]), field)
		}
		v, has := lookup(parent, u.path[len(u.path)-1:])
		switch {
		case has && !u.hasOrig:
			return unreproduced("its schema of %s has %s, which controller-gen does not generate from the original types", u.version, field)
		case !has && u.hasOrig:
			return unreproduced("its schema of %s lacks %s, which controller-gen generates from the original types", u.version, field)
		case has && !reflect.DeepEqual(v, u.orig):
			return unreproduced("its schema of %s at %s differs from what controller-gen generates from the original types (edited by hand, or made with other options or another controller-gen)", u.version, field)
		}
	}
	return nil
}

// Edit regenerates the subtrees of the CRD document named name that
// differ between each change's two generations. committed is the file as
// committed, against which the proof runs; current is the same file as it
// is now (it may carry other edits), which is edited. Every variant of
// the generator options is tried; the first under which the committed file
// reproduces is applied. It returns nil when no schema differs, and an
// *Unreproduced error when the committed file does not reproduce.
//
// A committed version schema that is the original generation but for
// fields it lacks (made from older types: the Go types were migrated, the
// CRD was not regenerated) is the base instead of the original
// generation: what differs from the rewritten generation, the lacking
// fields included, is regenerated. Lacking fields count only when all else
// equals the generation; otherwise they are no proof of a stale file, and
// the file is left with that reason when nothing else is to be edited.
func Edit(committed, current []byte, name string, changes []VersionChange) (*Edited, error) {
	return EditWith(committed, current, name, changes, "")
}

// EditWith is Edit on generations made with the provider's own generator
// options (generatedWith, "crd:maxDescLen=0 (Makefile:12)"), which name
// the variant that applies nothing more; "" is controller-gen's defaults.
func EditWith(committed, current []byte, name string, changes []VersionChange, generatedWith string) (*Edited, error) {
	variants := Variants
	if generatedWith != "" {
		variants = slices.Clone(Variants)
		variants[0].Name = generatedWith
	}
	committedDoc, _, _, err := findDoc(committed, name)
	if err != nil {
		return nil, err
	}
	var firstErr error
	fewest := -1
	reason := func(bad int, err error) {
		// The reason given is the variant's that got furthest.
		if fewest < 0 || bad < fewest {
			fewest, firstErr = bad, err
		}
	}
	for _, v := range variants {
		var units []unit
		var lacked []string
		var staleErr error
		staleBad := 0
		for _, c := range changes {
			o, err := v.apply(c.Original)
			if err != nil {
				return nil, err
			}
			n, err := v.apply(c.Rewritten)
			if err != nil {
				return nil, err
			}
			base, missing := o, [][]string(nil)
			if cs, ok := committedSchema(committedDoc, c.Version); ok && c.Original != nil {
				var g gap
				g.schema(nil, cs, o)
				switch {
				case len(g.missing) > 0 && len(g.others) == 0:
					base, missing = cs, g.missing
				case len(g.missing) > 0 && staleErr == nil:
					staleBad = len(g.others)
					staleErr = unreproduced("its schema of %s lacks %s, which controller-gen generates from the original types, but also differs from that generation at %s (edited by hand, or made with other options or another controller-gen), so it is not just stale",
						c.Version, fieldPath(g.missing[0]), fieldPath(g.others[0]))
				}
			}
			start := len(units)
			diff(c.Version, slices.Clone(schemaPath), base, n, c.Original != nil, c.Rewritten != nil, &units)
			for _, m := range missing {
				for i := start; i < len(units); i++ {
					if isPrefix(units[i].path[len(schemaPath):], m) {
						units[i].lacked = true
						lacked = append(lacked, c.Version+": "+fieldPath(m))
						break
					}
				}
			}
		}
		if len(units) == 0 {
			if staleErr == nil {
				return nil, nil
			}
			reason(staleBad, staleErr)
			continue
		}
		if err := prove(committedDoc, units); err != nil {
			reason(mismatches(committedDoc, units), err)
			continue
		}
		out, err := apply(current, name, units)
		if err != nil {
			return nil, err
		}
		e := &Edited{Content: out, Variant: v.Name, Lacked: lacked}
		for _, u := range units {
			e.Paths = append(e.Paths, u.String())
		}
		return e, nil
	}
	return nil, firstErr
}

// isPrefix reports whether p is a prefix of path.
func isPrefix(p, path []string) bool {
	return len(p) <= len(path) && slices.Equal(p, path[:len(p)])
}

func mismatches(doc any, units []unit) int {
	n := 0
	for _, u := range units {
		if prove(doc, []unit{u}) != nil {
			n++
		}
	}
	return n
}

// findDoc finds the document named name in a YAML stream and returns it
// as a generic value, and its text and the offset of its first line.
func findDoc(data []byte, name string) (any, string, int, error) {
	offset := 0
	for _, doc := range yamldocs.Split(string(data)) {
		start := offset
		offset += len(doc)
		if yamldocs.Blank(doc) {
			continue
		}
		var v any
		j, err := yaml.YAMLToJSON([]byte(doc))
		if err != nil {
			return nil, "", 0, unreproduced("it does not parse: %v", err)
		}
		if err := json.Unmarshal(j, &v); err != nil {
			return nil, "", 0, unreproduced("it does not parse: %v", err)
		}
		if n, _ := lookup(v, []string{"metadata", "name"}); n == name {
			return v, doc, start, nil
		}
	}
	return nil, "", 0, unreproduced("it has no document named %s", name)
}

// set puts v at path in a generic value (deletes it when !has).
func set(root any, path []string, v any, has bool) {
	parent, _ := lookup(root, path[:len(path)-1])
	m := parent.(map[string]any)
	if has {
		m[path[len(path)-1]] = v
	} else {
		delete(m, path[len(path)-1])
	}
}

// apply edits the text of the document named name so that each unit's
// subtree becomes the new generation's, and checks the result parses to
// exactly the document with those subtrees replaced.
func apply(data []byte, name string, units []unit) ([]byte, error) {
	want, text, start, err := findDoc(data, name)
	if err != nil {
		return nil, err
	}
	rn, err := kyaml.Parse(text)
	if err != nil {
		return nil, unreproduced("it does not parse: %v", err)
	}
	lines := strings.SplitAfter(text, "\n")
	var ops []op
	for _, u := range units {
		item, ok := versionItem(want, u.version)
		if !ok {
			return nil, unreproduced("it has no version %s", u.version)
		}
		set(item, u.path, u.next, u.hasNew)
		o, err := planOp(rn.YNode(), lines, u)
		if err != nil {
			return nil, err
		}
		ops = append(ops, o)
	}
	edited, err := splice(lines, ops)
	if err != nil {
		return nil, err
	}
	var got any
	j, err := yaml.YAMLToJSON([]byte(edited))
	if err == nil {
		err = json.Unmarshal(j, &got)
	}
	if err != nil || !reflect.DeepEqual(got, want) {
		return nil, unreproduced("its layout defeats an exact edit (the edited text does not read back as the regenerated schema)")
	}
	return []byte(string(data[:start]) + edited + string(data[start+len(text):])), nil
}

// op replaces lines [at, at+skip) with text; ops at the same line are
// ordered deeper first, then by the key order of their mapping.
type op struct {
	at, skip, column, order int
	text                    []string
}

func mapValue(m *kyaml.Node, key string) (k, v *kyaml.Node) {
	if m == nil || m.Kind != kyaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i], m.Content[i+1]
		}
	}
	return nil, nil
}

// versionNode is the spec.versions[] item named version.
func versionNode(doc *kyaml.Node, version string) *kyaml.Node {
	if doc.Kind == kyaml.DocumentNode && len(doc.Content) > 0 {
		doc = doc.Content[0]
	}
	_, spec := mapValue(doc, "spec")
	_, versions := mapValue(spec, versionsKey)
	if versions == nil {
		return nil
	}
	for _, it := range versions.Content {
		if _, n := mapValue(it, "name"); n != nil && n.Value == version {
			return it
		}
	}
	return nil
}

// indentOf is the number of leading spaces of a line.
func indentOf(line string) int { return len(line) - len(strings.TrimLeft(line, " ")) }

// entryEnd is the line after the last one of the mapping entry whose key
// is on line k at column col (0-based): the lines indented deeper, and a
// block sequence's items at the key's own column.
func entryEnd(lines []string, k, col int, seq bool) int {
	end := k + 1
	for end < len(lines) {
		l := strings.TrimRight(lines[end], "\r\n")
		if strings.TrimSpace(l) == "" {
			end++
			continue
		}
		ind := indentOf(l)
		if ind > col || (seq && ind == col && strings.HasPrefix(l[ind:], "-")) {
			end++
			continue
		}
		break
	}
	for end > k+1 && strings.TrimSpace(lines[end-1]) == "" {
		end--
	}
	return end
}

// keyLine is the 0-based line of a key that begins its line, or an error.
func keyLine(lines []string, key *kyaml.Node) (int, error) {
	k, col := key.Line-1, key.Column-1
	if k < 0 || k >= len(lines) || indentOf(lines[k]) != col {
		return 0, unreproduced("its layout defeats an exact edit (key %s does not begin its line)", key.Value)
	}
	return k, nil
}

func planOp(doc *kyaml.Node, lines []string, u unit) (op, error) {
	parent := versionNode(doc, u.version)
	for _, k := range u.path[:len(u.path)-1] {
		_, parent = mapValue(parent, k)
	}
	key := u.path[len(u.path)-1]
	if parent == nil || parent.Kind != kyaml.MappingNode || parent.Style&yaml3.FlowStyle != 0 || len(parent.Content) == 0 {
		return op{}, unreproduced("its layout defeats an exact edit (%s is not a block mapping)", fieldPath(u.path[len(schemaPath):len(u.path)-1]))
	}
	col := parent.Content[0].Column - 1
	var existing []string
	for i := 0; i+1 < len(parent.Content); i += 2 {
		existing = append(existing, parent.Content[i].Value)
	}
	order, err := emitterOrder(append(slices.Clone(existing), key))
	if err != nil {
		return op{}, err
	}
	var text []string
	if u.hasNew {
		if text, err = render(key, u.next, col); err != nil {
			return op{}, err
		}
	}
	o := op{column: col, order: slices.Index(order, key), text: text}
	if kn, vn := mapValue(parent, key); kn != nil {
		k, err := keyLine(lines, kn)
		if err != nil {
			return op{}, err
		}
		o.at, o.skip = k, entryEnd(lines, k, col, vn.Kind == kyaml.SequenceNode)-k
		return o, nil
	}
	// A new key goes before the first existing key the emitter writes
	// after it, as controller-gen would place it; else after the last.
	for _, next := range order[slices.Index(order, key)+1:] {
		if kn, _ := mapValue(parent, next); kn != nil {
			if o.at, err = keyLine(lines, kn); err != nil {
				return op{}, err
			}
			return o, nil
		}
	}
	last := parent.Content[len(parent.Content)-2]
	k, err := keyLine(lines, last)
	if err != nil {
		return op{}, err
	}
	o.at = entryEnd(lines, k, col, parent.Content[len(parent.Content)-1].Kind == kyaml.SequenceNode)
	return o, nil
}

// emitterOrder is the order in which controller-gen's YAML emitter
// (yaml.v2, through the same JSON-to-YAML conversion) writes keys.
func emitterOrder(keys []string) ([]string, error) {
	m := map[string]int{}
	for _, k := range keys {
		m[k] = 0
	}
	j, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	y, err := yaml.JSONToYAML(j)
	if err != nil {
		return nil, err
	}
	rn, err := kyaml.Parse(string(y))
	if err != nil {
		return nil, err
	}
	var out []string
	for i, n := range rn.YNode().Content {
		if i%2 == 0 {
			out = append(out, n.Value)
		}
	}
	return out, nil
}

// render writes key: value as controller-gen's emitter writes it at
// indent spaces: nested under indent/2 placeholder keys, so long lines
// fold at the same column as in a whole generated file.
func render(key string, value any, indent int) ([]string, error) {
	depth := 0
	if indent%2 == 0 {
		depth = indent / 2
	}
	var obj any = map[string]any{key: value}
	for range depth {
		obj = map[string]any{"x": obj}
	}
	j, err := json.Marshal(obj)
	if err != nil {
		return nil, err
	}
	y, err := yaml.JSONToYAML(j)
	if err != nil {
		return nil, err
	}
	lines := strings.SplitAfter(strings.TrimSuffix(string(y), "\n"), "\n")
	lines[len(lines)-1] += "\n"
	lines = lines[depth:]
	pad := strings.Repeat(" ", indent-2*depth)
	for i, l := range lines {
		lines[i] = pad + l
		if strings.TrimSpace(l) != "" && indentOf(lines[i]) < indent {
			return nil, fmt.Errorf("rendering %s: line %q is not indented %d", key, l, indent)
		}
	}
	return lines, nil
}

// splice applies non-overlapping line replacements.
func splice(lines []string, ops []op) (string, error) {
	sort.SliceStable(ops, func(i, j int) bool {
		a, b := ops[i], ops[j]
		if a.at != b.at {
			return a.at < b.at
		}
		if a.column != b.column {
			return a.column > b.column
		}
		return a.order < b.order
	})
	var b strings.Builder
	cur := 0
	for _, o := range ops {
		if o.at < cur {
			return "", unreproduced("its layout defeats an exact edit (overlapping subtrees)")
		}
		for _, l := range lines[cur:o.at] {
			b.WriteString(l)
		}
		if o.at > 0 && o.at == len(lines) && !strings.HasSuffix(lines[o.at-1], "\n") {
			b.WriteString("\n")
		}
		for _, l := range o.text {
			b.WriteString(l)
		}
		cur = o.at + o.skip
	}
	for _, l := range lines[cur:] {
		b.WriteString(l)
	}
	return b.String(), nil
}
