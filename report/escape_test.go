package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"sigs.k8s.io/yaml"

	"github.com/mpaudit/mpaudit/contract"
)

// hostileLiveReport carries cluster-supplied strings that try to colour the
// terminal, rewrite the line, reorder it (Trojan Source) and forge a
// passing summary line.
func hostileLiveReport(t *testing.T) *Report {
	t.Helper()
	r := &Report{Tool: "mpaudit", Mode: "live", Target: mustTarget(t, "v1.14.2"), FailOn: contract.Warning}
	obj := &Object{Group: "infrastructure.cluster.x-k8s.io", Kind: "DockerMachinePool", Namespace: "team\x1b[2K",
		Name: "pool\u202eevil\u2066", Cluster: "kind\rmgmt"}
	r.Findings = []Finding{{
		Rule: contract.RuleObjectFailure, Severity: contract.Error, Kind: "DockerMachinePool", Field: contract.PathFailureMessage,
		Message: "failureMessage \"\x1b[32mall good\x1b[0m\nsummary: 0 error(s), 0 warning(s), 0 info; fail-on warning: exit 0\u2028x\u009b31m\x7f\"",
		Object:  obj,
	}}
	r.Notes = []string{"annotation mpaudit.io/ignore: \"MPA401\rnote: forged\""}
	r.Problems = []Problem{{Subject: "pools\x00", Message: "denied\n\tnot loaded: nothing"}}
	r.Summary.Resources = []Resource{{CRD: "x\x1b]8;;http://evil\x07", Readiness: map[string]int{"dual\nagree": 1}}}
	r.Finish()
	return r
}

// controlFree reports the first byte or rune of out that a terminal or a
// renderer would act on instead of showing; newlines are the printer's own.
func controlFree(out []byte) (string, bool) {
	if !utf8.Valid(out) {
		return "invalid UTF-8", false
	}
	for _, c := range string(out) {
		if c != '\n' && needsEscape(c) {
			return strings.ToValidUTF8(string(c), "?"), false
		}
	}
	return "", true
}

func TestTextEscapesClusterStrings(t *testing.T) {
	r := hostileLiveReport(t)
	out := render(t, PrintText, r)
	if c, ok := controlFree(out); !ok {
		t.Errorf("text output passes %q through:\n%s", c, out)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	// One line per finding and heading (file or object), problem, note and
	// resource, the target, the summary.
	groups := map[string]bool{}
	for _, f := range r.Findings {
		g, _ := textPlace(f)
		groups[g] = true
	}
	if want := len(r.Findings) + len(groups) + len(r.Problems) + len(r.Notes) + len(r.Summary.Resources) + 2; len(lines) != want {
		t.Errorf("%d lines, want %d:\n%s", len(lines), want, out)
	}
	summaries := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "summary:") {
			summaries++
		}
		if strings.HasPrefix(l, "note: forged") || strings.HasPrefix(l, "\tnot loaded") {
			t.Errorf("forged line %q", l)
		}
	}
	if summaries != 1 || !strings.HasSuffix(lines[len(lines)-1], "exit 2") {
		t.Errorf("%d summary lines; last line %q", summaries, lines[len(lines)-1])
	}
	// Escaped, not dropped: a reader still sees what the cluster holds.
	for _, want := range []string{`\x1b[32mall good`, `\n`, `\u202e`, `\u2028`, `\u009b`, `\x7f`, `\r`, `\x00`} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestMarkdownAndJUnitEscapeClusterStrings(t *testing.T) {
	r := hostileLiveReport(t)
	for name, p := range map[string]Printer{"markdown": PrintMarkdown, "junit": PrintJUnit} {
		out := render(t, p, r)
		if c, ok := controlFree(out); !ok {
			t.Errorf("%s output passes %q through:\n%s", name, c, out)
		}
		if bytes.Contains(out, []byte("\nsummary:")) || bytes.Contains(out, []byte("\nnote: forged")) {
			t.Errorf("%s output has a forged line:\n%s", name, out)
		}
	}
}

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"plain text, ünïcödé ✅":      "plain text, ünïcödé ✅",
		"a\nb\r\tc":                  `a\nb\r\tc`,
		"\x1b[31mred\x1b[0m":         `\x1b[31mred\x1b[0m`,
		"\x00\x07\x7f":               `\x00\x07\x7f`,
		"c1 \u0085 \u009b":           `c1 \u0085 \u009b`,
		"ls\u2028ps\u2029":           `ls\u2028ps\u2029`,
		"rlo\u202e lri\u2067 \u200f": `rlo\u202e lri\u2067 \u200f`,
		"bad \xff\xfe utf8":          `bad \xff\xfe utf8`,
		`C:\path`:                    `C:\path`,
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestStructuredFormatsKeepStringsExactly: JSON, SARIF and YAML escape in
// their own syntax, so a consumer decodes the cluster's strings unchanged,
// and none is printed raw to a terminal (YAML included: it calls bidi
// controls printable).
func TestStructuredFormatsKeepStringsExactly(t *testing.T) {
	r := hostileLiveReport(t)
	want := r.Findings[0].Message
	for name, p := range map[string]Printer{"json": PrintJSON, "yaml": PrintYAML, "sarif": PrintSARIF} {
		out := render(t, p, r)
		for _, c := range string(out) {
			if c != '\n' && (unicode.Is(unicode.Cc, c) || needsEscape(c)) {
				t.Errorf("%s output passes %q through", name, c)
				break
			}
		}
		if name == "sarif" {
			continue
		}
		var back Report
		if err := yaml.Unmarshal(out, &back); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(back.Findings) != 1 || back.Findings[0].Message != want || back.Findings[0].Object.Name != r.Findings[0].Object.Name {
			t.Errorf("%s does not round-trip: %+v", name, back.Findings)
		}
	}
}

// FuzzPrinters: whatever strings a cluster or a source tree supplies, the
// text, Markdown and JUnit outputs have the line structure of the same
// report with plain strings, and no control character reaches them.
func FuzzPrinters(f *testing.F) {
	for _, seed := range [][3]string{
		{"plain", "pool-1", "api/types.go"},
		{"\x1b[31mred\x1b[0m\nsummary: exit 0", "pool\u202eevil", "a\rb.go"},
		{"| --- |\n| forged | row |", "<details>", "`x|y`"},
		{"]]></failure><failure>", "\u2028\u2029\u0085", "\xff\xfe"},
		{"- [ ] 1. # heading", "@team", "\\|"},
	} {
		f.Add(seed[0], seed[1], seed[2])
	}
	plain := fuzzReport(f, "message", "name", "file.go")
	want := map[string][]byte{}
	for name, p := range fuzzPrinters {
		var buf bytes.Buffer
		if err := p(&buf, plain); err != nil {
			f.Fatal(err)
		}
		want[name] = buf.Bytes()
	}
	f.Fuzz(func(t *testing.T, message, name, file string) {
		if message == "" || name == "" || file == "" {
			t.Skip("an empty string leaves out a part, changing the structure")
		}
		r := fuzzReport(t, message, name, file)
		for format, p := range fuzzPrinters {
			var buf bytes.Buffer
			if err := p(&buf, r); err != nil {
				t.Fatalf("%s: %v", format, err)
			}
			out := buf.Bytes()
			if c, ok := controlFree(out); !ok {
				t.Fatalf("%s passes %q through:\n%s", format, c, out)
			}
			if got, exp := lineShape(format, out), lineShape(format, want[format]); got != exp {
				t.Fatalf("%s: line structure %q, want %q:\n%s", format, got, exp, out)
			}
		}
	})
}

var fuzzPrinters = map[string]Printer{"text": PrintText, "markdown": PrintMarkdown, "junit": PrintJUnit}

// fuzzReport puts the fuzzed strings in every kind of place a printer shows.
func fuzzReport(tb testing.TB, message, name, file string) *Report {
	tg, err := contract.TargetForVersion("v1.14.2", "flag")
	if err != nil {
		tb.Fatal(err)
	}
	tg.Source = name
	obj := &Object{Group: name, Kind: name, Namespace: name, Name: name, Cluster: name}
	r := &Report{Tool: "mpaudit", Mode: "live", Target: tg, FailOn: contract.Warning}
	r.Findings = []Finding{
		{Rule: contract.RuleObjectFailure, Severity: contract.Error, Kind: name, Field: message, Message: message, Object: obj},
		{Rule: contract.RuleReadyOnly, Severity: contract.Warning, Kind: name, APIVersion: name, Type: name, Message: message,
			Position: &Position{File: file, Line: 3}},
		{Rule: contract.RuleDeprecatedFieldUse, Severity: contract.Info, Kind: name, Message: message, Access: name,
			Position: &Position{File: file, Line: 4}},
	}
	r.Problems = []Problem{{Subject: name, Message: message, Position: &Position{File: file, Line: 1}}}
	r.Notes = []string{message}
	r.Summary.Resources = []Resource{{Cluster: name, CRD: name, Contract: name, APIVersion: name, StorageVersion: name,
		Readiness: map[string]int{name: 1}}}
	r.Summary.Clusters = []Cluster{{Name: name, Target: tg}, {Name: "other", Target: tg}}
	r.Summary.TypeRefs = []TypeRef{{Kind: name, Group: name, Version: name, Name: name, Cluster: name},
		{Kind: contract.KindInfraMachinePool, Group: name, Version: name, Name: name, GoType: name, Storage: true, Cluster: "other"}}
	r.Finish()
	return r
}

// lineShape is what must not depend on the strings: the number of lines
// and, for Markdown, where table rows are and how many cells each has;
// for JUnit, the XML element structure and the lines of each body.
func lineShape(format string, out []byte) string {
	lines := strings.Split(string(out), "\n")
	var b strings.Builder
	fmt.Fprintf(&b, "%d lines", len(lines))
	switch format {
	case "markdown":
		for i, l := range lines {
			if strings.HasPrefix(l, "|") {
				fmt.Fprintf(&b, "; row %d: %d cells", i, len(cells(l)))
			}
		}
	case "junit":
		dec := xml.NewDecoder(bytes.NewReader(out))
		for {
			tok, err := dec.Token()
			if err != nil {
				if err != io.EOF {
					fmt.Fprintf(&b, "; %v", err)
				}
				break
			}
			switch tok := tok.(type) {
			case xml.StartElement:
				b.WriteString(" <" + tok.Name.Local)
			case xml.CharData:
				fmt.Fprintf(&b, " %d", strings.Count(strings.TrimSpace(string(tok)), "\n"))
			}
		}
	}
	return b.String()
}

// Format characters beyond the BMP (tag characters) need YAML's 8-digit
// escape; keys and values alike.
func TestYAMLEscapesAstralFormatCharacters(t *testing.T) {
	msg := "tag\U000E0041 bidi\u202e end"
	r := &Report{Findings: []Finding{{Rule: "MPA101", Message: msg}}, Summary: Summary{ByRule: map[string]int{"MPA\u2066101": 1}}}
	out := render(t, PrintYAML, r)
	for _, c := range string(out) {
		if c != '\n' && needsEscape(c) {
			t.Fatalf("YAML passes %q through:\n%s", c, out)
		}
	}
	var back Report
	if err := yaml.Unmarshal(out, &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Findings) != 1 || back.Findings[0].Message != msg || back.Summary.ByRule["MPA\u2066101"] != 1 {
		t.Errorf("does not round-trip: %+v %v", back.Findings, back.Summary.ByRule)
	}
}

// TestEscapeLines keeps the line breaks of a many-line error and escapes
// what a terminal would act on inside each line.
func TestEscapeLines(t *testing.T) {
	in := "build failed:\n  a.go:3: \x1b[31mred\x1b[0m\n  b.go:4: \u202eevil"
	want := "build failed:\n  a.go:3: \\x1b[31mred\\x1b[0m\n  b.go:4: \\u202eevil"
	if got := EscapeLines(in); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := EscapeLines("plain\ntext"); got != "plain\ntext" {
		t.Errorf("plain text changed: %q", got)
	}
}

// TestEscapeTextKeepsTabsAndLines escapes what a terminal would act on
// in source text, and nothing a diff needs to read as itself.
func TestEscapeTextKeepsTabsAndLines(t *testing.T) {
	in := "+\tx := \"\x1b[2Jcleared\"\n-\ty := 1 // \u202eevil\n"
	want := "+\tx := \"\\x1b[2Jcleared\"\n-\ty := 1 // \\u202eevil\n"
	if got := EscapeText(in); got != want {
		t.Errorf("EscapeText(%q) = %q, want %q", in, got, want)
	}
	plain := "+\tfunc f() {}\n"
	if got := EscapeText(plain); got != plain {
		t.Errorf("EscapeText changed plain text: %q", got)
	}
}
