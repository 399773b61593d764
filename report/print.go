package report

import (
	"encoding/json"
	"fmt"
	"io"
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

// PrintText writes one line per finding, then problems and a summary.
// Strings from the input are escaped: none can add a line.
func PrintText(w io.Writer, r *Report) error {
	r = r.escaped()
	ew := &errWriter{w: w}
	for _, f := range r.Findings {
		where := ""
		switch {
		case f.Position != nil:
			where = f.Position.File
			if f.Position.Line > 0 {
				where += fmt.Sprintf(":%d", f.Position.Line)
				if f.Position.Column > 0 {
					where += fmt.Sprintf(":%d", f.Position.Column)
				}
			}
			where += ": "
		case f.Object != nil:
			where = describeObject(f.Object) + ": "
		}
		subject := f.Kind
		if f.APIVersion != "" {
			subject = f.APIVersion + " " + f.Kind
		}
		if f.Field != "" {
			subject = strings.TrimSpace(subject + " " + f.Field) // no kind: a Go API finding
		}
		ew.printf("%s%s %s: %s: %s\n", where, f.Rule, f.Severity, subject, f.Message)
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
	for _, p := range goAPILeft(r.Findings) {
		ew.printf("go api left: %s: %s in %s on Cluster API's v1beta1 Go API\n", p.Dir, plural(p.Uses, "use", "uses"), plural(p.Files, "file", "files"))
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
