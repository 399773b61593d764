package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/mpaudit/mpaudit/contract"
)

// JUnit XML output (-o junit), for CI systems that show test reports.
//
// Layout: a "load" testsuite first, then one testsuite per catalog rule in
// catalog (ID) order, then one per rule ID the catalog does not know.
//
//   - The "load" suite holds one testcase, "load", with one <error> per
//     input that could not be loaded (Report.Problems); notes go to its
//     <system-out>.
//   - A rule's suite holds one testcase per finding. A finding at or above
//     --fail-on (the test Report.Finish applies) is a <failure> whose type is
//     the rule ID; a finding below it is <skipped/>: reported, not gating.
//   - A rule without findings holds one testcase, "no findings", that
//     passes, or is <skipped/> when the rule does not apply to the target
//     core.
//
// So the JUnit verdict is the exit code's: errors > 0 exactly when the exit
// code is 2, else failures > 0 exactly when it is 1. The tests, failures,
// errors and skipped attributes count testcases (a testcase with several
// <error>s counts once), so tests >= failures + errors + skipped.
type junitTestSuites struct {
	XMLName  xml.Name         `xml:"testsuites"`
	Name     string           `xml:"name,attr"`
	Tests    int              `xml:"tests,attr"`
	Failures int              `xml:"failures,attr"`
	Errors   int              `xml:"errors,attr"`
	Skipped  int              `xml:"skipped,attr"`
	Time     string           `xml:"time,attr"`
	Suites   []junitTestSuite `xml:"testsuite"`
}

type junitTestSuite struct {
	Name       string           `xml:"name,attr"`
	Tests      int              `xml:"tests,attr"`
	Failures   int              `xml:"failures,attr"`
	Errors     int              `xml:"errors,attr"`
	Skipped    int              `xml:"skipped,attr"`
	Time       string           `xml:"time,attr"`
	Properties *junitProperties `xml:"properties,omitempty"`
	Cases      []junitTestCase  `xml:"testcase"`
}

type junitProperties struct {
	Property []junitProperty `xml:"property"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitTestCase struct {
	Name      string        `xml:"name,attr"`
	ClassName string        `xml:"classname,attr"`
	File      string        `xml:"file,attr,omitempty"`
	Time      string        `xml:"time,attr"`
	Skipped   *junitSkipped `xml:"skipped,omitempty"`
	Errors    []junitResult `xml:"error,omitempty"`
	Failures  []junitResult `xml:"failure,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitSkipped struct {
	Message string `xml:"message,attr,omitempty"`
}

type junitResult struct {
	Type    string `xml:"type,attr"`
	Message string `xml:"message,attr"`
	Body    string `xml:",chardata"`
}

// PrintJUnit writes the report as JUnit XML.
func PrintJUnit(w io.Writer, r *Report) error {
	doc := buildJUnit(r.escaped())
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// junitFails is Report.Finish's test for a finding that fails the run.
func junitFails(r *Report, f Finding) bool {
	return f.Severity >= r.FailOn && f.Severity > contract.Off
}

func buildJUnit(r *Report) *junitTestSuites {
	doc := &junitTestSuites{Name: "mpaudit", Time: "0"}
	doc.Suites = append(doc.Suites, junitLoadSuite(r))

	byRule := map[string][]Finding{}
	for _, f := range r.Findings {
		byRule[f.Rule] = append(byRule[f.Rule], f)
	}
	ctx := contract.Context{Core: r.Target.Behaviour}
	for _, rule := range contract.Rules() {
		doc.Suites = append(doc.Suites, junitRuleSuite(r, rule.ID+" "+rule.Name, rule, rule.Severity(ctx) == contract.Off, byRule[rule.ID]))
		delete(byRule, rule.ID)
	}
	unknown := make([]string, 0, len(byRule))
	for id := range byRule {
		unknown = append(unknown, id)
	}
	sort.Strings(unknown)
	for _, id := range unknown {
		doc.Suites = append(doc.Suites, junitRuleSuite(r, id, nil, false, byRule[id]))
	}

	for i := range doc.Suites {
		s := &doc.Suites[i]
		for _, c := range s.Cases {
			s.Tests++
			switch {
			case len(c.Errors) > 0:
				s.Errors++
			case len(c.Failures) > 0:
				s.Failures++
			case c.Skipped != nil:
				s.Skipped++
			}
		}
		doc.Tests += s.Tests
		doc.Failures += s.Failures
		doc.Errors += s.Errors
		doc.Skipped += s.Skipped
	}
	return doc
}

func junitLoadSuite(r *Report) junitTestSuite {
	tc := junitTestCase{Name: "load", ClassName: "mpaudit", Time: "0"}
	for _, p := range r.Problems {
		body := p.Message
		if p.Position != nil && p.Position.File != "" {
			body = positionString(*p.Position) + ": " + body
		}
		tc.Errors = append(tc.Errors, junitResult{Type: "load", Message: strings.TrimPrefix(problemText(p), "not loaded: "), Body: body})
	}
	var out []string
	for _, n := range r.Notes {
		out = append(out, "note: "+n)
	}
	tc.SystemOut = strings.Join(out, "\n")
	props := []junitProperty{
		{Name: "mode", Value: r.Mode},
		{Name: "target", Value: r.Target.String()},
	}
	for _, c := range r.Summary.Clusters {
		props = append(props, junitProperty{Name: "target." + c.Name, Value: c.Target.String()})
	}
	props = append(props,
		junitProperty{Name: "fail-on", Value: r.FailOn.String()},
		junitProperty{Name: "exit-code", Value: fmt.Sprint(r.Summary.ExitCode)},
		junitProperty{Name: "version", Value: toolVersion()},
	)
	return junitTestSuite{Name: "load", Time: "0", Properties: &junitProperties{Property: props}, Cases: []junitTestCase{tc}}
}

func junitRuleSuite(r *Report, name string, rule *contract.Rule, off bool, fs []Finding) junitTestSuite {
	suite := junitTestSuite{Name: name, Time: "0"}
	class := "mpaudit." + strings.SplitN(name, " ", 2)[0]
	if len(fs) == 0 {
		tc := junitTestCase{Name: "no findings", ClassName: class, Time: "0"}
		if off {
			tc.Skipped = &junitSkipped{Message: "does not apply to " + r.Target.String()}
		}
		suite.Cases = append(suite.Cases, tc)
		return suite
	}
	for _, f := range fs {
		tc := junitTestCase{Name: junitCaseName(f), ClassName: class, Time: "0"}
		if f.Position != nil {
			tc.File = f.Position.File
		}
		if junitFails(r, f) {
			tc.Failures = []junitResult{{Type: f.Rule, Message: f.Message, Body: junitBody(f, rule)}}
		} else {
			tc.Skipped = &junitSkipped{Message: fmt.Sprintf("%s: below --fail-on %s", f.Severity, r.FailOn)}
		}
		suite.Cases = append(suite.Cases, tc)
	}
	return suite
}

// junitCaseName is where the finding is and what it is about.
func junitCaseName(f Finding) string {
	var parts []string
	switch {
	case f.Position != nil && f.Position.File != "":
		parts = append(parts, positionString(*f.Position))
	case f.Object != nil:
		parts = append(parts, describeObject(f.Object))
	}
	subject := f.Kind
	if f.APIVersion != "" {
		subject = f.APIVersion + " " + f.Kind
	}
	if f.Field != "" {
		subject = strings.TrimSpace(subject + " " + f.Field)
	}
	if f.Access != "" {
		subject = strings.TrimSpace(subject + " (" + f.Access + ")")
	}
	if subject != "" {
		parts = append(parts, subject)
	}
	if len(parts) == 0 {
		return f.Message
	}
	return strings.Join(parts, " ")
}

func junitBody(f Finding, rule *contract.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s: %s\n", f.Rule, f.Severity, f.Message)
	switch {
	case f.Position != nil && f.Position.File != "":
		fmt.Fprintf(&b, "where: %s\n", positionString(*f.Position))
	case f.Object != nil:
		fmt.Fprintf(&b, "where: %s\n", describeObject(f.Object))
	}
	if f.Type != "" {
		fmt.Fprintf(&b, "type: %s\n", f.Type)
	}
	if f.Field != "" {
		fmt.Fprintf(&b, "field: %s\n", f.Field)
	}
	if rule != nil {
		fmt.Fprintf(&b, "rule: %s\n", rule.Title)
		if rule.Fix != "" {
			fmt.Fprintf(&b, "fix: %s\n", rule.Fix)
		}
		if rule.DocURL != "" {
			fmt.Fprintf(&b, "docs: %s\n", rule.DocURL)
		}
	}
	return b.String()
}
