// Package ruledoc renders the rule catalog (contract.Rules) as Markdown.
//
// It is the only renderer of rule documentation: `mpaudit rules ID` and
// `mpaudit rules --explain ID` print Rule's output, and hack/docgen writes
// the same text to docs/rules/<ID>.md (plus Index as docs/rules/README.md),
// so the CLI and the published docs cannot differ. The test in this package
// fails when docs/rules/ is not what Files renders (run `make docs`).
package ruledoc

import (
	"fmt"
	"strings"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/gendir"
	"github.com/mpaudit/mpaudit/suppression"
)

// IndexFile is the name of the catalog index in the docs folder.
const IndexFile = "README.md"

// Suppression syntax, documented on every rule page.
const (
	// IgnoreComment is the Go source directive, followed by a rule ID and a reason.
	IgnoreComment = suppression.CommentDirective
	// IgnoreAnnotation is the object annotation read by `mpaudit live`;
	// its value is "<ID>: <reason>".
	IgnoreAnnotation = suppression.AnnotationKey
)

var scopeDescriptions = map[contract.Scope]string{
	contract.ScopeType:   "Go API types",
	contract.ScopeUse:    "Go code: use sites of contract fields and of Cluster API's Go API",
	contract.ScopeCRD:    "CRD definitions",
	contract.ScopeObject: "objects in a management cluster",
	contract.ScopeGoAPI:  "Go code: uses of Cluster API's own Go API",
}

// suppressionsDescription is the scope of the rules about suppressions.
const suppressionsDescription = "suppressions: `" + IgnoreComment + "` comments in Go code, `" + IgnoreAnnotation + "` annotations in a cluster"

// FileName is the name of r's page in the docs folder.
func FileName(r *contract.Rule) string { return r.ID + ".md" }

// Rule renders one rule's documentation as Markdown. It ends with a newline.
func Rule(r *contract.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s %s\n\n", r.ID, r.Name)
	fmt.Fprintf(&b, "%s\n\n", inline(r.Title))

	fmt.Fprintf(&b, "- **ID:** %s\n", r.ID)
	fmt.Fprintf(&b, "- **Name:** `%s`\n", r.Name)
	scope := string(r.Scope)
	if d, ok := scopeDescriptions[r.Scope]; ok {
		switch {
		case r.Unsuppressible:
			d = suppressionsDescription
		case r.Scope == contract.ScopeCRD:
			d += ": " + crdSources(r.Modes)
		}
		scope += " — " + d
	}
	fmt.Fprintf(&b, "- **Scope:** %s\n", scope)
	fmt.Fprintf(&b, "- **Reported by:** %s\n", reportedBy(r.Modes))
	if r.Field != "" {
		fmt.Fprintf(&b, "- **Field:** `%s`\n", r.Field)
	}
	if r.Kind != nil && r.Kind.Name != "" {
		fmt.Fprintf(&b, "- **Contract resource:** %s\n", r.Kind.Name)
	} else if len(r.Kinds) > 0 {
		names := make([]string, len(r.Kinds))
		for i, k := range r.Kinds {
			names[i] = k.Name
		}
		fmt.Fprintf(&b, "- **Contract resources:** %s\n", strings.Join(names, ", "))
	}
	fmt.Fprintf(&b, "- **Automatic fix:** %s\n", fixedBy(r.FixedBy))
	if r.Unsuppressible {
		b.WriteString("- **Suppressible:** no\n")
	} else {
		b.WriteString("- **Suppressible:** yes\n")
	}

	fmt.Fprintf(&b, "\n## Why\n\n%s\n", inline(r.Rationale))
	b.WriteString("\n## How to fix\n\n")
	if r.Fix != "" {
		fmt.Fprintf(&b, "%s\n", inline(r.Fix))
	} else {
		b.WriteString("Nothing to fix: the finding is informational.\n")
	}

	b.WriteString("\n## Severity by target core\n\n")
	b.WriteString("| Target Cluster API core | Severity |\n|---|---|\n")
	for _, row := range r.SeverityTable() {
		sev := row.Severity.String()
		if row.Severity == contract.Off {
			sev = "off (not reported)"
		}
		fmt.Fprintf(&b, "| %s | %s |\n", cell(row.Core), sev)
	}
	b.WriteString("\n")
	for _, sev := range []contract.Severity{contract.Error, contract.Warning, contract.Info} {
		for _, c := range r.Reasons(sev) {
			fmt.Fprintf(&b, "- %s: %s — %s\n", sev, c, c.Text())
		}
	}
	b.WriteString("\nThe severity follows the [policy](" + IndexFile + "#severity-policy) every rule shares.\n\n")
	switch {
	case r.Scope == contract.ScopeType:
		b.WriteString("Findings on older API versions (conversion spokes, i.e. not the storage version) " +
			"are at most info and never fail a run.\n")
	case r.LowersOnSpokes():
		b.WriteString("Findings in older API versions of the provider (conversion spokes, i.e. not the storage version) " +
			"are info and never fail a run.\n")
	default:
		b.WriteString("The severity does not depend on the API version: only type findings " +
			"(scope `type`) on conversion spokes are lowered to info.\n")
	}
	var from []string
	if r.Modes.Has(contract.Static) {
		from = append(from, "the provider's go.mod")
	}
	if r.Modes.Has(contract.Live) {
		from = append(from, "the cluster")
	}
	if r.Modes.Has(contract.Static | contract.Live) {
		from = []string{"the provider's go.mod (`mpaudit check`) or the cluster (`mpaudit live`)"}
	}
	if len(from) == 0 && r.Modes.Has(contract.Validate) {
		from = []string{"the go.mod above the first PATH (`mpaudit contract validate`)"}
	}
	if len(from) == 0 && r.Modes.Has(contract.Conform) {
		from = []string{"the go.mod above the first `--crds` PATH (`mpaudit conform`)"}
	}
	fmt.Fprintf(&b, "The target core comes from %s, or from `--capi-version`; every report names it. "+
		"`--fail-on` (default warning) sets the lowest severity that makes the exit code 1.\n", strings.Join(from, ""))

	heading := "Contract"
	if !strings.Contains(r.DocURL, "cluster-api.sigs.k8s.io") {
		heading = "Reference"
	}
	fmt.Fprintf(&b, "\n## %s\n\n<%s>\n", heading, r.DocURL)

	b.WriteString("\n## Suppressing\n\n")
	if r.Unsuppressible {
		fmt.Fprintf(&b, "%s is about suppressions themselves and cannot be suppressed. "+
			"If you must, disable it for the module in `.mpaudit.yaml`:\n\n", r.ID)
		fmt.Fprintf(&b, "```yaml\nrules:\n  %s: {enabled: false}\n```\n", r.ID)
		return b.String()
	}
	b.WriteString("A suppression takes the rule ID and a reason saying why the finding does not apply " +
		"(without a reason it suppresses nothing and is reported as " + contract.RuleSuppressionNoReason + ").\n\n")
	if r.Modes.Has(contract.Static) {
		b.WriteString("- In Go source (" + commands(contract.Static) + "): a comment on the reported line, or on the field or type it belongs to:\n\n")
		fmt.Fprintf(&b, "  ```go\n  %s %s <reason>\n  ```\n\n", IgnoreComment, r.ID)
	}
	if r.Modes.Has(contract.Live) {
		b.WriteString("- In a cluster (" + commands(contract.Live) + "): an annotation on the reported object:\n\n")
		fmt.Fprintf(&b, "  ```yaml\n  metadata:\n    annotations:\n      %s: \"%s: <reason>\"\n  ```\n\n", IgnoreAnnotation, r.ID)
	}
	where := "for a whole module"
	if !r.Modes.Has(contract.Static) {
		where = "for every audit that reads the file"
	}
	fmt.Fprintf(&b, "To turn the rule off %s instead, set `rules: {%s: {enabled: false}}` in `.mpaudit.yaml`.\n", where, r.ID)
	return b.String()
}

// crdSources says where the CRDs a rule checks come from in modes.
func crdSources(modes contract.Modes) string {
	var out []string
	if modes.Has(contract.Static) {
		out = append(out, "the provider's `config/crd`")
	}
	if modes.Has(contract.Live) {
		out = append(out, "the cluster's CRDs")
	}
	if modes.Has(contract.Validate) {
		out = append(out, "CRD YAML (a file, release bundle or directory)")
	}
	return strings.Join(out, " or ")
}

// reportedBy names the commands that report a rule in modes.
func reportedBy(modes contract.Modes) string {
	if modes == 0 {
		return "nothing (the catalog lists no mode)"
	}
	return commands(modes)
}

func commands(modes contract.Modes) string {
	names := modes.Commands()
	for i, n := range names {
		names[i] = "`" + n + "`"
	}
	return strings.Join(names, ", ")
}

// fixedBy says what resolves a rule's findings without a person.
func fixedBy(f contract.Fixers) string {
	var out []string
	if f.Has(contract.SuggestedFix) {
		out = append(out, "a SuggestedFix on the finding (`go fix -fixtool=$(command -v mpaudit)`, gopls, the fixes in `-o json` and `-o sarif`)")
	}
	if f.Has(contract.Rewrite) {
		out = append(out, "`mpaudit rewrite`")
	}
	if len(out) == 0 {
		return "none; a person decides"
	}
	return strings.Join(out, "; ")
}

// Index renders the catalog index: one table row per rule, linking its page.
func Index(rules []*contract.Rule) string {
	var b strings.Builder
	b.WriteString("# mpaudit rules\n\n")
	b.WriteString("<!-- Generated from contract/rules.go by `make docs`; do not edit. -->\n\n")
	b.WriteString("Every rule mpaudit reports, generated from the catalog in `contract/rules.go`. " +
		"The same text is printed by `mpaudit rules --explain <ID>`.\n\n")
	fmt.Fprintf(&b, "Severities are the highest on released cores (≤ %s; a pool's core reads only `status.ready`, "+
		"the other kinds' cores read the fields the CRD's contract label selects); "+
		"each rule's page gives them per core and label.\n\n", contract.LatestVerifiedCore)
	b.WriteString("## Severity policy\n\n" +
		"One policy, the same for every kind: a finding's severity is that of its consequence, " +
		"and every rule declares which consequence each severity it reports stands for (a test checks each rule against it).\n\n")
	b.WriteString("| Severity | Consequence | When |\n|---|---|---|\n")
	for _, c := range contract.Consequences() {
		fmt.Fprintf(&b, "| %s | %s | %s |\n", c.Severity(), c, cell(c.Text()))
	}
	b.WriteString("\nFindings on older API versions of a provider type (conversion spokes) are at most info.\n\n")
	b.WriteString("Mode *static* is " + commands(contract.Static) + " (the same analyzers); *live* is " +
		commands(contract.Live) + ", against a cluster or a dump; *validate* is " + commands(contract.Validate) + ", on CRD YAML alone; *conform* is " + commands(contract.Conform) +
		", core's own reconcilers run against the provider's CRDs in an envtest.\n\n")
	fmt.Fprintf(&b, "| ID | Name | Scope | Severity (core ≤ %s) | Mode | Title | Contract |\n", contract.LatestVerifiedCore)
	b.WriteString("|---|---|---|---|---|---|---|\n")
	for _, r := range rules {
		sev := r.ReleasedSeverity().String()
		fmt.Fprintf(&b, "| [%s](%s) | `%s` | %s | %s | %s | %s | [link](%s) |\n",
			r.ID, FileName(r), r.Name, r.Scope, sev, r.Modes, cell(inline(r.Title)), r.DocURL)
	}
	b.WriteString("\nSuppress a finding with `" + IgnoreComment + " <ID> <reason>` in Go source, or the annotation `" +
		IgnoreAnnotation + ": \"<ID>: <reason>\"` on an object in a cluster; see any rule's page.\n")
	return b.String()
}

// Files renders the whole docs folder: file name → content.
func Files() map[string][]byte {
	rules := contract.Rules()
	out := map[string][]byte{IndexFile: []byte(Index(rules))}
	for _, r := range rules {
		out[FileName(r)] = []byte(Rule(r))
	}
	return out
}

// Write renders Files into dir, creating it, and removes *.md files there
// that no longer belong to the catalog.
func Write(dir string) error { return gendir.Write(dir, Files(), "*.md") }

// Diff compares dir with Files and describes each difference (missing,
// stale or outdated files); nil means dir is up to date.
func Diff(dir string) ([]string, error) { return gendir.Diff(dir, Files(), "*.md") }

// inline makes catalog prose safe as Markdown while keeping it readable as
// plain text in a terminal: outside code spans, placeholders such as
// <group> (which Markdown would take for HTML) and Go pointer types such as
// *string (an emphasis marker) become code spans.
func inline(s string) string {
	var b strings.Builder
	inCode := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '`':
			inCode = !inCode
			b.WriteByte(c)
		case !inCode && c == '<':
			end := strings.IndexByte(s[i:], '>')
			if end < 0 {
				b.WriteString(`\<`)
				continue
			}
			b.WriteString("`" + s[i:i+end+1] + "`")
			i += end
		case !inCode && c == '*' && i+1 < len(s) && isWordByte(s[i+1]):
			j := i + 1
			for j < len(s) && (isWordByte(s[j]) || s[j] == '.') {
				j++
			}
			// A trailing '.' ends the sentence, not the type.
			for j > i+1 && s[j-1] == '.' {
				j--
			}
			b.WriteString("`" + s[i:j] + "`")
			i = j - 1
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// cell escapes a table cell's pipes.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
