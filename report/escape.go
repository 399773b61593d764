package report

import (
	"fmt"
	"reflect"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	yaml3 "go.yaml.in/yaml/v3"
)

// Escape makes s safe to print inside one line of a report read in a
// terminal, a pull request or a CI page: control characters (C0, DEL, C1,
// hence ANSI escape sequences), line and paragraph separators and
// invisible format characters (bidi overrides and isolates, as in Trojan
// Source attacks) become Go-style escapes, as do bytes that are not UTF-8.
// Everything else is kept, so a reader still sees what the input holds.
func Escape(s string) string {
	if !needsEscaping(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case c == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case !needsEscape(c):
			b.WriteString(s[i : i+size])
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < utf8.RuneSelf:
			fmt.Fprintf(&b, `\x%02x`, c)
		default:
			fmt.Fprintf(&b, `\u%04x`, c)
		}
		i += size
	}
	return b.String()
}

// EscapeLines is Escape for text of several lines (an error quoting a
// compiler's or a test's output): each line is escaped, the line breaks
// between them kept.
func EscapeLines(s string) string {
	if !needsEscaping(s) {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = Escape(l)
	}
	return strings.Join(lines, "\n")
}

// EscapeText is EscapeLines keeping tabs as they are: source text (a
// diff of Go files, which gofmt indents with tabs) shown in a terminal.
func EscapeText(s string) string {
	if !needsEscaping(s) {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		cells := strings.Split(l, "\t")
		for j, c := range cells {
			cells[j] = Escape(c)
		}
		lines[i] = strings.Join(cells, "\t")
	}
	return strings.Join(lines, "\n")
}

func needsEscaping(s string) bool {
	for i, c := range s {
		if needsEscape(c) || c == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD") {
			return true
		}
	}
	return false
}

// needsEscape reports whether a terminal or a renderer acts on c instead of
// showing it: Cc (C0, DEL, C1), Cf (bidi controls, zero-width characters),
// Zl and Zp (U+2028, U+2029).
func needsEscape(c rune) bool {
	return unicode.In(c, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp)
}

// escaped returns a copy of r whose every string (findings, problems,
// notes, object names, summary, target) has gone through Escape. The text,
// Markdown and JUnit printers render this copy, so no field can be printed
// raw, including fields added later.
func (r *Report) escaped() *Report {
	return escapeValue(reflect.ValueOf(r)).Interface().(*Report)
}

func escapeValue(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.String:
		out := reflect.New(v.Type()).Elem()
		out.SetString(Escape(v.String()))
		return out
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		out := reflect.New(v.Type().Elem())
		out.Elem().Set(escapeValue(v.Elem()))
		return out
	case reflect.Struct:
		out := reflect.New(v.Type()).Elem()
		out.Set(v) // unexported fields are copied as they are
		for i := range v.NumField() {
			if out.Field(i).CanSet() {
				out.Field(i).Set(escapeValue(v.Field(i)))
			}
		}
		return out
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			out.Index(i).Set(escapeValue(v.Index(i)))
		}
		return out
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		out := reflect.MakeMapWithSize(v.Type(), v.Len())
		iter := v.MapRange()
		for iter.Next() {
			out.SetMapIndex(escapeValue(iter.Key()), escapeValue(iter.Value()))
		}
		return out
	}
	return v
}

// escapeJSON rewrites what encoding/json leaves raw but Escape would escape
// (DEL, C1, format characters) as \u escapes. Outside strings JSON is ASCII,
// so the document decodes to the same value; it is safe to print to a
// terminal.
func escapeJSON(b []byte) []byte { return escapeJSONRunes(b, true) }

// escapeJSONRunes is escapeJSON; astral says whether characters beyond the
// BMP become surrogate pairs, which YAML parsers refuse (escapeYAML escapes
// those its own way).
func escapeJSONRunes(b []byte, astral bool) []byte {
	if !needsEscaping(string(b)) {
		return b
	}
	out := make([]byte, 0, len(b)+64)
	for i := 0; i < len(b); {
		c, size := utf8.DecodeRune(b[i:])
		switch {
		case c < utf8.RuneSelf && c != 0x7f, !needsEscape(c), c > 0xffff && !astral:
			out = append(out, b[i:i+size]...)
		case c > 0xffff:
			r1, r2 := utf16.EncodeRune(c)
			out = fmt.Appendf(out, `\u%04x\u%04x`, r1, r2)
		default:
			out = fmt.Appendf(out, `\u%04x`, c)
		}
		i += size
	}
	return out
}

// escapeYAML re-emits a YAML document whose strings hold characters a
// terminal acts on (bidi controls, separators: YAML calls them printable
// and writes them raw). Every such string becomes double-quoted, the one
// style with escapes, and the characters are written as \u escapes there,
// so the document still decodes to the same values.
func escapeYAML(doc []byte) ([]byte, error) {
	var root yaml3.Node
	if err := yaml3.Unmarshal(doc, &root); err != nil {
		return nil, err
	}
	var quote func(n *yaml3.Node)
	quote = func(n *yaml3.Node) {
		if n.Kind == yaml3.ScalarNode && needsEscaping(n.Value) {
			n.Style = yaml3.DoubleQuotedStyle
		}
		for _, c := range n.Content {
			quote(c)
		}
	}
	quote(&root)
	var buf strings.Builder
	enc := yaml3.NewEncoder(&buf)
	enc.SetIndent(2)
	enc.CompactSeqIndent() // as sigs.k8s.io/yaml writes the rest
	if err := enc.Encode(&root); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	out := make([]byte, 0, buf.Len()+64)
	for _, c := range buf.String() {
		switch {
		case !needsEscape(c) || c == '\n':
			out = utf8.AppendRune(out, c)
		case c > 0xffff:
			out = fmt.Appendf(out, `\U%08x`, c)
		default:
			out = fmt.Appendf(out, `\u%04x`, c)
		}
	}
	return out, nil
}
