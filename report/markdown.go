package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/mpaudit/mpaudit/contract"
)

// Markdown output (-o markdown), for pull-request comments and bodies: a
// heading with the outcome, the target core, one table of errors and
// warnings (errors first), the info findings folded in a <details> block,
// what could not be loaded, notes and, for live reports, one row per
// audited CRD. The output depends only on the report (and the binary's
// version), so re-posting an unchanged report gives the same comment.
//
// A table shows at most markdownMaxRows findings and says how many it left
// out: GitHub refuses comments over 65,536 characters.
const markdownMaxRows = 200

// PrintMarkdown writes the report as GitHub-flavoured Markdown.
func PrintMarkdown(w io.Writer, r *Report) error {
	r = r.escaped()
	ew := &errWriter{w: w}
	s := r.Summary

	icon, outcome := "✅", fmt.Sprintf("Exit code 0: nothing at or above `--fail-on %s`.", r.FailOn)
	switch s.ExitCode {
	case ExitFindings:
		icon, outcome = "❌", fmt.Sprintf("Exit code 1: findings at or above `--fail-on %s`.", r.FailOn)
	case ExitError:
		icon, outcome = "⚠️", fmt.Sprintf("Exit code 2: %s could not be loaded; the report covers everything else.", plural(len(r.Problems), "input", "inputs"))
	}
	title := "mpaudit"
	if r.Mode != "" {
		title += " " + r.Mode
	}
	ew.printf("## %s %s: %s, %s, %d info\n\n", icon, title, plural(s.Errors, "error", "errors"), plural(s.Warnings, "warning", "warnings"), s.Info)
	ew.printf("%s\n\n", outcome)

	if len(s.Clusters) > 1 {
		ew.printf("**Target cores:**\n\n")
		for _, c := range s.Clusters {
			ew.printf("- %s: %s\n", mdCode(c.Name), mdTarget(c.Target, judgesPools(r)))
		}
		ew.printf("\n")
	} else {
		ew.printf("**Target core:** %s\n\n", mdTarget(r.Target, judgesPools(r)))
	}
	if r.Mode == "check" || len(s.Types) > 0 {
		ew.printf("**Audited:** %s; %d package(s) loaded, %d not loaded.\n\n", plural(len(s.Types), "provider type", "provider types"), s.Loaded, s.NotLoaded)
	}

	// Errors first, then warnings, each in the report's order; info folded.
	var ordered, info []Finding
	for _, sev := range []contract.Severity{contract.Error, contract.Warning} {
		for _, f := range r.Findings {
			if f.Severity == sev {
				ordered = append(ordered, f)
			}
		}
	}
	for _, f := range r.Findings {
		if f.Severity < contract.Warning {
			info = append(info, f)
		}
	}

	ew.printf("### Findings\n\n")
	if len(ordered) == 0 {
		ew.printf("No errors or warnings.\n\n")
	} else {
		mdFindingTable(ew, ordered)
	}
	if len(info) > 0 {
		ew.printf("<details>\n<summary>%s</summary>\n\n", plural(len(info), "info finding", "info findings"))
		mdFindingTable(ew, info)
		ew.printf("</details>\n\n")
	}

	if left := goAPILeft(r.Findings); len(left) > 0 {
		ew.printf("### Cluster API v1beta1 Go API left, per package\n\n| Package | Uses | Files |\n| --- | ---: | ---: |\n")
		for _, p := range left {
			ew.printf("| %s | %d | %d |\n", mdCode(p.Dir), p.Uses, p.Files)
		}
		ew.printf("\n")
	}
	if len(r.Problems) > 0 {
		ew.printf("### Not loaded\n\n")
		for _, p := range r.Problems {
			where := ""
			if p.Position != nil && p.Position.File != "" {
				where = " (" + mdCode(positionString(*p.Position)) + ")"
			}
			ew.printf("- %s: %s%s\n", mdCode(p.Subject), mdText(p.Message), where)
		}
		ew.printf("\n")
	}
	if len(r.Notes) > 0 {
		ew.printf("### Notes\n\n")
		for _, n := range r.Notes {
			ew.printf("- %s\n", mdBlockSafe(mdText(n)))
		}
		ew.printf("\n")
	}

	if len(s.Resources) > 0 {
		multi := len(s.Clusters) > 1
		ew.printf("### Audited CRDs\n\n")
		if multi {
			ew.printf("| Cluster | CRD | Contract | Read as | Storage | Objects | Readiness |\n| --- | --- | --- | --- | --- | ---: | --- |\n")
		} else {
			ew.printf("| CRD | Contract | Read as | Storage | Objects | Readiness |\n| --- | --- | --- | --- | ---: | --- |\n")
		}
		for _, res := range s.Resources {
			contractVersion := res.Contract
			if contractVersion == "" {
				contractVersion = "unresolved"
			}
			objects, classes := fmt.Sprint(res.Objects), strings.TrimSuffix(strings.TrimPrefix(readiness(res.Readiness), " ("), ")")
			if res.ObjectsNotJudged != "" {
				objects, classes = "–", res.ObjectsNotJudged
			}
			row := []string{mdCode(res.CRD), mdText(contractVersion), mdText(orDash(res.APIVersion)), mdText(orDash(res.StorageVersion)),
				objects, mdText(classes)}
			if multi {
				row = append([]string{mdCode(res.Cluster)}, row...)
			}
			ew.printf("| %s |\n", strings.Join(row, " | "))
		}
		ew.printf("\n")
		for _, k := range auditedKinds(s.Resources) {
			ew.printf("- **%s:** %s\n", mdText(k.kind), mdText(k.text))
		}
		ew.printf("\n")
	}

	printMatrixMarkdown(ew, r.Matrix)
	ew.printf("<sub>[mpaudit](%s) %s · fail-on %s · exit %d</sub>\n", sarifInformationURI, mdText(toolVersion()), r.FailOn, s.ExitCode)
	return ew.err
}

func mdFindingTable(ew *errWriter, fs []Finding) {
	ew.printf("| Rule | Severity | Where | Field | Message |\n| --- | --- | --- | --- | --- |\n")
	for i, f := range fs {
		if i == markdownMaxRows {
			break
		}
		rule := mdText(f.Rule)
		if r, ok := contract.Lookup(f.Rule); ok && r.DocURL != "" {
			rule = "[" + rule + "](" + mdURL(r.DocURL) + ")"
		}
		sev := f.Severity.String()
		if f.Spoke {
			sev += " (spoke)"
		}
		where := ""
		switch {
		case f.Position != nil && f.Position.File != "":
			where = mdCode(positionString(Position{File: f.Position.File, Line: f.Position.Line}))
			if f.Kind != "" {
				where += " " + mdText(f.Kind)
			}
		case f.Object != nil:
			where = mdCode(describeObject(f.Object))
		default:
			where = mdText(f.Kind)
		}
		field := ""
		if f.Field != "" {
			field = mdCode(f.Field)
		}
		ew.printf("| %s | %s | %s | %s | %s |\n", rule, sev, where, field, mdText(f.Message))
	}
	ew.printf("\n")
	if len(fs) > markdownMaxRows {
		ew.printf("…and %d more; `-o json` lists every finding.\n\n", len(fs)-markdownMaxRows)
	}
}

// mdTarget describes the target core; pools says the report judged an
// InfraMachinePool, the one kind whose readiness the core's behaviour
// record (PoolReadinessFields) is about.
func mdTarget(t contract.CoreTarget, pools bool) string {
	s := mdText(t.String())
	if fields := t.Behaviour.PoolReadinessFields; len(fields) > 0 && pools {
		quoted := make([]string, len(fields))
		for i, f := range fields {
			quoted[i] = mdCode(f)
		}
		s += "; its MachinePool controller reads an InfraMachinePool's " + strings.Join(quoted, ", then ")
	}
	if t.Behaviour.Assumed {
		s += " (assumed, not verified)"
	}
	return s
}

// judgesPools reports whether the report audited an InfraMachinePool type
// or CRD, or has a finding of a pool rule.
func judgesPools(r *Report) bool {
	for _, f := range r.Findings {
		if rule, ok := contract.Lookup(f.Rule); ok && rule.Kind != nil && rule.Kind.Name == contract.InfraMachinePool.Name && !rule.Unsuppressible {
			return true
		}
	}
	for _, t := range r.Summary.TypeRefs {
		if t.Kind == contract.InfraMachinePool.Name {
			return true
		}
	}
	for _, res := range r.Summary.Resources {
		if res.ContractKind == contract.InfraMachinePool.Name {
			return true
		}
	}
	return false
}

func positionString(p Position) string {
	s := p.File
	if p.Line > 0 {
		s += fmt.Sprintf(":%d", p.Line)
		if p.Column > 0 {
			s += fmt.Sprintf(":%d", p.Column)
		}
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// mdText makes s safe as inline Markdown in a table cell or list item: one
// line, pipes escaped, and Markdown and HTML syntax shown literally. Code
// spans (`...`) in messages are kept as code when the backticks pair up
// and hold no backslash (see mdCode).
func mdText(s string) string {
	s = oneLine(s)
	if strings.Count(s, "`")%2 != 0 || strings.Contains(s, `\`) {
		return mdEscape(s, true)
	}
	parts := strings.Split(s, "`")
	for i, p := range parts {
		if i%2 == 1 {
			parts[i] = strings.ReplaceAll(p, "|", `\|`)
		} else {
			parts[i] = mdEscape(p, false)
		}
	}
	return strings.Join(parts, "`")
}

// mdCode shows s as a code span that is safe in a table: backticks cannot
// close it and pipes cannot split the cell. GitHub splits a row on a pipe
// after an escaped backslash even inside a code span, and a code span
// cannot escape its backslashes, so s holding one is shown as escaped
// text instead.
func mdCode(s string) string {
	s = strings.ReplaceAll(oneLine(s), "`", "'")
	if strings.Contains(s, `\`) {
		return mdEscape(s, false)
	}
	return "`" + strings.ReplaceAll(s, "|", `\|`) + "`"
}

// mdBlockSafe escapes what would start a nested list at the start of a
// list item ("- x", "+ x", "1. x"); mdText escaped the rest.
func mdBlockSafe(s string) string {
	if s == "" {
		return s
	}
	if s[0] == '-' || s[0] == '+' {
		return `\` + s
	}
	digits := len(s) - len(strings.TrimLeft(s, "0123456789"))
	if digits > 0 && digits < len(s) && (s[digits] == '.' || s[digits] == ')') {
		return s[:digits] + `\` + s[digits:]
	}
	return s
}

// zeroWidthSpace, written as an entity so the source stays plain ASCII,
// breaks what GitHub would act on without changing what a reader sees.
const zeroWidthSpace = "&#8203;"

// mdEscape shows s literally: Markdown and HTML syntax escaped, and
// neither @mentions, #references nor bare URLs that GitHub would turn into
// notifications, cross-references or links (text from a cluster or a
// source tree must not ping people from a PR or a CI comment).
func mdEscape(s string, backticks bool) string {
	var b strings.Builder
	for i, c := range s {
		switch c {
		case '\\', '*', '_', '[', ']', '|', '~':
			b.WriteByte('\\')
			b.WriteRune(c)
		case '#', '@':
			if c == '#' {
				b.WriteByte('\\')
			}
			b.WriteRune(c)
			if i+1 < len(s) && isWordByte(s[i+1]) {
				b.WriteString(zeroWidthSpace)
			}
		case ':':
			b.WriteRune(c)
			if strings.HasPrefix(s[i+1:], "//") {
				b.WriteString(zeroWidthSpace)
			}
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '`':
			if backticks {
				b.WriteByte('\\')
			}
			b.WriteRune(c)
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// MarkdownText is mdText for other packages' Markdown (the rewrite's PR
// body): s as inline text, one line, nothing GitHub acts on.
func MarkdownText(s string) string { return mdText(Escape(oneLine(s))) }

// MarkdownCode is mdCode for other packages' Markdown: s as a code span.
func MarkdownCode(s string) string { return mdCode(Escape(oneLine(s))) }

func mdURL(u string) string {
	return strings.NewReplacer(" ", "%20", "(", "%28", ")", "%29", "<", "%3C", ">", "%3E").Replace(u)
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\r", "")), " ")
}
