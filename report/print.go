package report

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strings"

	"sigs.k8s.io/yaml"

	"github.com/mpaudit/mpaudit/contract"
)

// Printer renders a finished report.
type Printer func(w io.Writer, r *Report) error

// Printers maps -o values to printers.
var Printers = map[string]Printer{
	"text": PrintText,
	"json": PrintJSON,
	"yaml": PrintYAML,

	"sarif":    PrintSARIF,
	"markdown": PrintMarkdown,
	"junit":    PrintJUnit,
}

// Formats lists the -o values, sorted.
func Formats() []string {
	var out []string
	for k := range Printers {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Lookup returns the printer for an -o value.
func Lookup(format string) (Printer, error) {
	p, ok := Printers[format]
	if !ok {
		return nil, fmt.Errorf("unknown output format %q (want one of %s)", format, strings.Join(Formats(), ", "))
	}
	return p, nil
}

// PrintJSON writes the report as one JSON document.
func PrintJSON(w io.Writer, r *Report) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(escapeJSON(b), '\n'))
	return err
}

// PrintYAML writes the same document as YAML.
func PrintYAML(w io.Writer, r *Report) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	// YAML refuses raw control characters: escape them in the JSON first.
	y, err := yaml.JSONToYAML(escapeJSONRunes(b, false))
	if err != nil {
		return err
	}
	if needsEscaping(string(y)) {
		if y, err = escapeYAML(y); err != nil {
			return err
		}
	}
	_, err = w.Write(y)
	return err
}

// PrintText writes the findings grouped by file (or object), one line each,
// info findings counted by rule on one line unless Report.ListInfo, then
// problems and a summary. Strings from the input are escaped: none can add
// a line.
func PrintText(w io.Writer, r *Report) error {
	r = r.escaped()
	ew := &errWriter{w: w}
	group := ""
	info := map[string]int{}
	for _, f := range r.Findings {
		if f.Severity <= contract.Info && !r.ListInfo {
			info[f.Rule]++
			continue
		}
		g, at := textPlace(f)
		if g != group && g != "" {
			ew.printf("%s\n", g)
		}
		group = g
		subject := f.Kind
		if f.Field != "" {
			subject = strings.TrimSpace(subject + " " + f.Field) // no kind: a Go API finding
		}
		indent := "  "
		if g == "" {
			indent = ""
		}
		ew.printf("%s%s%s %s %s: %s\n", indent, at, f.Rule, f.Severity, subject, f.TextMessage())
	}
	if line := infoLine(info); line != "" {
		ew.printf("%s\n", line)
	}
	for _, p := range r.Problems {
		where := ""
		if p.Position != nil {
			where = p.Position.File
			if p.Position.Line > 0 {
				where += fmt.Sprintf(":%d", p.Position.Line)
			}
			where += ": "
		}
		ew.printf("%snot loaded: %s: %s\n", where, p.Subject, p.Message)
	}
	for _, n := range r.Notes {
		ew.printf("note: %s\n", n)
	}
	if line := goAPILeftLine(goAPILeft(r.Findings)); line != "" {
		ew.printf("%s\n", line)
	}
	s := r.Summary
	for _, res := range s.Resources {
		where := ""
		if len(s.Clusters) > 1 {
			where = res.Cluster + ": "
		}
		contract := res.Contract
		if contract == "" {
			contract = "unresolved"
		}
		objects := fmt.Sprintf("%d object(s)%s", res.Objects, readiness(res.Readiness))
		if res.ObjectsNotJudged != "" {
			objects = res.ObjectsNotJudged
		}
		ew.printf("crd: %s%s contract %s, read as %s, storage %s, %s\n",
			where, res.CRD, contract, orDash(res.APIVersion), orDash(res.StorageVersion), objects)
	}
	kinds := auditedKinds(s.Resources)
	for _, k := range kinds {
		ew.printf("audited %s: %s\n", k.kind, k.text)
	}
	if len(s.Clusters) > 1 {
		for _, c := range s.Clusters {
			ew.printf("target: %s: %s\n", c.Name, c.Target.String())
		}
	} else {
		ew.printf("target: %s\n", r.Target.String())
	}
	suppressed := ""
	if s.Suppressed > 0 {
		suppressed = fmt.Sprintf(" (%d suppressed)", s.Suppressed)
	}
	audited := fmt.Sprintf("%d type(s) audited", len(s.Types))
	if r.Mode == "live" {
		audited = fmt.Sprintf("%d CRD(s) of %d kind(s) audited", len(s.Resources), len(kinds))
	}
	ew.printf("summary: %d error(s), %d warning(s), %d info%s; %s; %d loaded, %d not loaded; fail-on %s: exit %d\n",
		s.Errors, s.Warnings, s.Info, suppressed, audited, s.Loaded, s.NotLoaded, r.FailOn, s.ExitCode)
	printMatrixText(ew, r.Matrix)
	return ew.err
}

// textPlace is the heading a finding is grouped under (its file, or its
// object) and its place under it ("12:3 ").
func textPlace(f Finding) (group, at string) {
	switch {
	case f.Position != nil:
		if f.Position.Line > 0 {
			at = fmt.Sprintf("%d", f.Position.Line)
			if f.Position.Column > 0 {
				at += fmt.Sprintf(":%d", f.Position.Column)
			}
			at += " "
		}
		return f.Position.File, at
	case f.Object != nil:
		return describeObject(f.Object), ""
	}
	return "", ""
}

// goAPILeftLine says in one line how many uses of Cluster API's v1beta1 Go
// API are left, and where, most first, in at most infoLineWidth columns.
func goAPILeftLine(left []packageLeft) string {
	if len(left) == 0 {
		return ""
	}
	if len(left) == 1 {
		p := left[0]
		return fmt.Sprintf("go api left: %s: %s in %s on Cluster API's v1beta1 Go API", p.Dir, plural(p.Uses, "use", "uses"), plural(p.Files, "file", "files"))
	}
	uses, files := 0, 0
	for _, p := range left {
		uses += p.Uses
		files += p.Files
	}
	line := fmt.Sprintf("go api left: %s in %s of %d packages on Cluster API's v1beta1 Go API: ", plural(uses, "use", "uses"), plural(files, "file", "files"), len(left))
	for i, p := range left {
		part := fmt.Sprintf("%s %d", p.Dir, p.Uses)
		if i > 0 {
			part = ", " + part
		}
		if i > 0 && len(line)+len(part)+len(", …") > infoLineWidth {
			return line + ", …"
		}
		line += part
	}
	return line
}

// infoLineWidth bounds the lines that count info findings and Go API uses.
const infoLineWidth = 160

// infoLine counts the info findings not listed, by rule, most frequent
// first, in at most infoLineWidth columns.
func infoLine(byRule map[string]int) string {
	if len(byRule) == 0 {
		return ""
	}
	rules := slices.Collect(maps.Keys(byRule))
	total := 0
	for _, n := range byRule {
		total += n
	}
	slices.SortFunc(rules, func(a, b string) int {
		if byRule[a] != byRule[b] {
			return byRule[b] - byRule[a]
		}
		return strings.Compare(a, b)
	})
	head := fmt.Sprintf("info: %d not listed (", total)
	const tail = "); --show-info lists them"
	var parts []string
	for i, id := range rules {
		part := fmt.Sprintf("%s ×%d", id, byRule[id])
		rest := ""
		if i < len(rules)-1 {
			rest = ", …"
		}
		if len(head)+len(strings.Join(append(parts, part), ", "))+len(rest)+len(tail) > infoLineWidth && len(parts) > 0 {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, part)
	}
	return head + strings.Join(parts, ", ") + tail
}

type auditedKind struct{ kind, text string }

// auditedKinds says, per contract kind of the audited CRDs (live), what was
// audited in the kind's own field names, in catalog order.
func auditedKinds(resources []Resource) []auditedKind {
	crds, objects := map[string]int{}, map[string]int{}
	for _, res := range resources {
		if res.ContractKind != "" {
			crds[res.ContractKind]++
			objects[res.ContractKind] += res.Objects
		}
	}
	var out []auditedKind
	for _, k := range contract.Kinds {
		n, ok := crds[k.Name]
		if !ok {
			continue
		}
		text := fmt.Sprintf("%d CRD(s)", n)
		if k.ObjectsJudged(contract.Live) {
			text += fmt.Sprintf(", %d object(s)", objects[k.Name])
		}
		out = append(out, auditedKind{kind: k.Name, text: text + "; " + k.ObjectAudit()})
	}
	return out
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func readiness(m map[string]int) string {
	if len(m) == 0 {
		return ""
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

func describeObject(o *Object) string {
	gk := o.Kind
	if o.Group != "" {
		gk += "." + o.Group
	}
	name := o.Name
	if o.Namespace != "" {
		name = o.Namespace + "/" + o.Name
	}
	s := gk + " " + name
	if o.Cluster != "" {
		s = o.Cluster + ": " + s
	}
	return s
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}
