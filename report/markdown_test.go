package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
)

// cells splits a Markdown table row on unescaped pipes.
func cells(row string) []string {
	row = strings.TrimSpace(row)
	var out []string
	var cur strings.Builder
	for i := 0; i < len(row); i++ {
		switch {
		case row[i] == '\\' && i+1 < len(row):
			cur.WriteByte(row[i])
			cur.WriteByte(row[i+1])
			i++
		case row[i] == '|':
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(row[i])
		}
	}
	out = append(out, strings.TrimSpace(cur.String()))
	if len(out) >= 2 {
		out = out[1 : len(out)-1] // the outer pipes
	}
	return out
}

// checkTables asserts every row of every table has the header's width.
func checkTables(t *testing.T, md string) {
	t.Helper()
	width := 0
	for line := range strings.SplitSeq(md, "\n") {
		if !strings.HasPrefix(line, "|") {
			width = 0
			continue
		}
		n := len(cells(line))
		if width == 0 {
			width = n
			continue
		}
		if n != width {
			t.Errorf("table row has %d cells, header %d: %s", n, width, line)
		}
	}
}

func TestMarkdownStatic(t *testing.T) {
	r := staticReport(t)
	md := string(render(t, PrintMarkdown, r))
	checkTables(t, md)
	for _, want := range []string{
		"## ❌ mpaudit check: 2 errors, 1 warning, 3 info\n",
		"Exit code 1: findings at or above `--fail-on warning`.",
		"**Target core:** Cluster API v1.14.2 (flag); its MachinePool controller reads an InfraMachinePool's `status.ready`",
		"**Audited:** 2 provider types; 3 package(s) loaded, 0 not loaded.",
		"| Rule | Severity | Where | Field | Message |",
		"| [MPA108](" + contract.MustRule(contract.RuleProviderIDList).DocURL + ") | error | `api/v1beta2/types.go:8` DockerMachinePool | `spec.providerIDList` | spec has no providerIDList \\| want \\[\\]string &lt;b&gt;&amp;&lt;/b&gt; `a\\|b` |",
		"| [MPA101](" + contract.MustRule(contract.RuleReadyOnly).DocURL + ") | warning | `api/v1beta2/types.go:18` DockerMachinePool | `status.ready` |",
		"<details>\n<summary>3 info findings</summary>\n\n| Rule |",
		"| info (spoke) | `api/v1beta1/types.go:30` DockerMachinePool | `status.conditions` |",
		"`internal/ctrl/my file.go:3` DockerMachinePool | `status.ready` | status.ready write of `p.Status.Ready` |",
		"</details>\n",
		"### Notes\n\n- config/crd read without kustomize\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q\n%s", want, md)
		}
	}
	// Errors come before warnings, and info findings only in <details>.
	mpa108, mpa301, mpa101 := strings.Index(md, "[MPA108]"), strings.Index(md, "[MPA301]"), strings.Index(md, "[MPA101]")
	details := strings.Index(md, "<details>")
	if !(mpa108 < mpa101 && mpa301 < mpa101 && mpa101 < details) {
		t.Errorf("order: MPA108 %d, MPA301 %d, MPA101 %d, details %d", mpa108, mpa301, mpa101, details)
	}
	if i := strings.Index(md, "[MPA110]"); i < details {
		t.Errorf("info finding MPA110 outside <details>")
	}
	for _, unwanted := range []string{"### Not loaded", "### Audited CRDs"} {
		if strings.Contains(md, unwanted) {
			t.Errorf("static report has %q", unwanted)
		}
	}
}

func TestMarkdownLive(t *testing.T) {
	md := string(render(t, PrintMarkdown, liveReport(t)))
	checkTables(t, md)
	for _, want := range []string{
		"## ❌ mpaudit live: 1 error, 2 warnings, 0 info\n",
		"**Target cores:**\n\n- `kind-mgmt`: Cluster API v1.14.2 (flag); its MachinePool controller reads an InfraMachinePool's `status.ready`\n- `kind-prod`:",
		"| error | `kind-mgmt: DockerMachinePool.infrastructure.cluster.x-k8s.io team-a/pool-1` | `status.initialization.provisioned` |",
		"### Audited CRDs\n\n| Cluster | CRD | Contract | Read as | Storage | Objects | Readiness |",
		"| `kind-mgmt` | `dockermachinepools.infrastructure.cluster.x-k8s.io` | v1beta2 | v1beta2 | v1beta2 | 3 | dual-agree 2, provisioned-only 1 |",
		"| `kind-prod` | `dockermachinepools.infrastructure.cluster.x-k8s.io` | unresolved | - | v1beta2 | 0 |  |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q\n%s", want, md)
		}
	}
	if strings.Contains(md, "<details>") || strings.Contains(md, "**Audited:**") {
		t.Errorf("live report without info findings or types:\n%s", md)
	}
}

// A report on other kinds says nothing of what core reads of a pool.
func TestMarkdownTargetWithoutPools(t *testing.T) {
	r := emptyReport(t)
	r.Target.Behaviour.PoolReadinessFields = []string{contract.PathReady}
	r.Summary.TypeRefs = []TypeRef{{Kind: contract.ControlPlane.Name, Name: "FooControlPlane", Storage: true}}
	md := string(render(t, PrintMarkdown, r))
	if strings.Contains(md, "status.ready") {
		t.Errorf("control-plane report names a pool's readiness field:\n%s", md)
	}
	r.Summary.TypeRefs = append(r.Summary.TypeRefs, TypeRef{Kind: contract.InfraMachinePool.Name, Name: "FooMachinePool", Storage: true})
	if md := string(render(t, PrintMarkdown, r)); !strings.Contains(md, "reads an InfraMachinePool's `status.ready`") {
		t.Errorf("pool report lacks the pool's readiness field:\n%s", md)
	}
}

func TestMarkdownEmptyAndProblems(t *testing.T) {
	md := string(render(t, PrintMarkdown, emptyReport(t)))
	for _, want := range []string{
		"## ✅ mpaudit check: 0 errors, 0 warnings, 0 info\n",
		"Exit code 0: nothing at or above `--fail-on warning`.",
		"No errors or warnings.",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("empty markdown lacks %q\n%s", want, md)
		}
	}
	if strings.Contains(md, "<details>") || strings.Contains(md, "| Rule |") {
		t.Errorf("empty report has a table:\n%s", md)
	}

	md = string(render(t, PrintMarkdown, problemsReport(t)))
	checkTables(t, md)
	for _, want := range []string{
		"## ⚠️ mpaudit check: 0 errors, 0 warnings, 1 info\n",
		"Exit code 2: 2 inputs could not be loaded",
		"### Not loaded\n\n- `example.com/provider/broken`: undefined: Foo\\\\n\\\\tsecond line (`broken/broken.go:5:2`)\n- `example.com/missing/dep`: no required module",
		"<summary>1 info finding</summary>",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("problems markdown lacks %q\n%s", want, md)
		}
	}
}

func TestMarkdownCapsLongTables(t *testing.T) {
	r := &Report{Mode: "live", Target: mustTarget(t, "v1.14.2"), FailOn: contract.Warning}
	for i := range markdownMaxRows + 37 {
		r.Findings = append(r.Findings, Finding{Rule: contract.RuleObjectDisagree, Severity: contract.Warning, Kind: "DockerMachinePool",
			Message: "disagree", Object: &Object{Kind: "DockerMachinePool", Namespace: "ns", Name: fmt.Sprintf("pool-%04d", i)}})
	}
	r.Finish()
	md := string(render(t, PrintMarkdown, r))
	checkTables(t, md)
	if rows := strings.Count(md, "| [MPA402]("); rows != markdownMaxRows {
		t.Errorf("%d rows, want %d", rows, markdownMaxRows)
	}
	if !strings.Contains(md, "…and 37 more; `-o json` lists every finding.") {
		t.Errorf("no truncation note:\n%s", md[len(md)-300:])
	}
	if !strings.Contains(md, "## ❌ mpaudit live: 0 errors, 237 warnings, 0 info") {
		t.Errorf("heading must count every finding")
	}
}

func TestMarkdownEscaping(t *testing.T) {
	for in, want := range map[string]string{
		"plain text":                  "plain text",
		"a | b":                       `a \| b`,
		"use `x|y` here":              "use `x\\|y` here",
		"odd ` backtick * and _":      "odd \\` backtick \\* and \\_",
		"<script>alert(1)</script>":   "&lt;script&gt;alert(1)&lt;/script&gt;",
		"line one\nline two\r\n":      "line one line two",
		"*string; want `*string`":     "\\*string; want `*string`",
		"[link](http://example.com)":  `\[link\](http:&#8203;//example.com)`,
		"ping @octocat and @org/team": "ping @&#8203;octocat and @&#8203;org/team",
		"see #12, a # b, user@":       `see \#&#8203;12, a \# b, user@`,
		"https://evil.example/x":      "https:&#8203;//evil.example/x",
		"code `@octocat` stays":       "code `@octocat` stays",
		"use `a\\|b` here":            "use \\`a\\\\\\|b\\` here",
	} {
		if got := mdText(in); got != want {
			t.Errorf("mdText(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"- [ ] nested list": `\- [ ] nested list`,
		"12. ordered":       `12\. ordered`,
		"v1.2 is 3.5":       "v1.2 is 3.5",
		"-":                 `\-`,
	} {
		if got := mdBlockSafe(in); got != want {
			t.Errorf("mdBlockSafe(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"a`b|c":      "`a'b\\|c`",
		`a\|b`:       `a\\\|b`,
		`C:\dir`:     `C:\\dir`,
		"plain.go:3": "`plain.go:3`",
	} {
		if got := mdCode(in); got != want {
			t.Errorf("mdCode(%q) = %q, want %q", in, got, want)
		}
	}
}
