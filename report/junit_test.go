package report

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
)

// Independent of the printer's types, so a field the printer drops or
// misnames shows up here.
type xSuites struct {
	XMLName  xml.Name `xml:"testsuites"`
	Name     string   `xml:"name,attr"`
	Tests    int      `xml:"tests,attr"`
	Failures int      `xml:"failures,attr"`
	Errors   int      `xml:"errors,attr"`
	Skipped  int      `xml:"skipped,attr"`
	Suites   []xSuite `xml:"testsuite"`
}

type xSuite struct {
	Name       string `xml:"name,attr"`
	Tests      int    `xml:"tests,attr"`
	Failures   int    `xml:"failures,attr"`
	Errors     int    `xml:"errors,attr"`
	Skipped    int    `xml:"skipped,attr"`
	Properties []struct {
		Name  string `xml:"name,attr"`
		Value string `xml:"value,attr"`
	} `xml:"properties>property"`
	Cases []xCase `xml:"testcase"`
}

type xCase struct {
	Name      string `xml:"name,attr"`
	ClassName string `xml:"classname,attr"`
	File      string `xml:"file,attr"`
	Skipped   *struct {
		Message string `xml:"message,attr"`
	} `xml:"skipped"`
	Errors   []xResult `xml:"error"`
	Failures []xResult `xml:"failure"`
	Out      string    `xml:"system-out"`
}

type xResult struct {
	Type    string `xml:"type,attr"`
	Message string `xml:"message,attr"`
	Body    string `xml:",chardata"`
}

// parseJUnit checks the document is well-formed XML (every token decodes),
// decodes it, checks the count attributes against the testcases, and
// round-trips it through encoding/xml.
func parseJUnit(t *testing.T, b []byte) xSuites {
	t.Helper()
	if !bytes.HasPrefix(b, []byte(xml.Header)) {
		t.Errorf("no XML header")
	}
	dec := xml.NewDecoder(bytes.NewReader(b))
	depth, roots := 0, 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, b)
		}
		switch tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				roots++
			}
			depth++
		case xml.EndElement:
			depth--
		}
	}
	if depth != 0 || roots != 1 {
		t.Fatalf("depth %d, %d root elements", depth, roots)
	}
	var doc xSuites
	if err := xml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}

	// Counts: each testcase is exactly one of passed, failed, errored or
	// skipped, and the attributes count them.
	var total xSuites
	for _, s := range doc.Suites {
		var tests, failures, errors, skipped int
		for _, c := range s.Cases {
			tests++
			outcomes := 0
			if len(c.Errors) > 0 {
				errors++
				outcomes++
			}
			if len(c.Failures) > 0 {
				failures++
				outcomes++
			}
			if c.Skipped != nil {
				skipped++
				outcomes++
			}
			if outcomes > 1 {
				t.Errorf("suite %s case %s has %d outcomes", s.Name, c.Name, outcomes)
			}
		}
		if s.Tests != tests || s.Failures != failures || s.Errors != errors || s.Skipped != skipped {
			t.Errorf("suite %s says tests=%d failures=%d errors=%d skipped=%d; has %d %d %d %d",
				s.Name, s.Tests, s.Failures, s.Errors, s.Skipped, tests, failures, errors, skipped)
		}
		if tests < failures+errors+skipped || tests == 0 {
			t.Errorf("suite %s: tests=%d < failures+errors+skipped", s.Name, tests)
		}
		total.Tests += tests
		total.Failures += failures
		total.Errors += errors
		total.Skipped += skipped
	}
	if doc.Tests != total.Tests || doc.Failures != total.Failures || doc.Errors != total.Errors || doc.Skipped != total.Skipped {
		t.Errorf("testsuites says %d/%d/%d/%d, suites add up to %d/%d/%d/%d", doc.Tests, doc.Failures, doc.Errors, doc.Skipped,
			total.Tests, total.Failures, total.Errors, total.Skipped)
	}

	// Round trip: what decodes re-encodes to a document that decodes the same.
	again, err := xml.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	var doc2 xSuites
	if err := xml.Unmarshal(again, &doc2); err != nil {
		t.Fatalf("re-encoded document does not decode: %v", err)
	}
	if len(doc2.Suites) != len(doc.Suites) || doc2.Tests != doc.Tests {
		t.Errorf("round trip changed the document")
	}
	return doc
}

func suiteNamed(t *testing.T, doc xSuites, prefix string) xSuite {
	t.Helper()
	for _, s := range doc.Suites {
		if s.Name == prefix || strings.HasPrefix(s.Name, prefix+" ") {
			return s
		}
	}
	t.Fatalf("no suite %q", prefix)
	return xSuite{}
}

func TestJUnitLayout(t *testing.T) {
	r := staticReport(t)
	doc := parseJUnit(t, render(t, PrintJUnit, r))
	catalog := contract.Rules()
	if len(doc.Suites) != 1+len(catalog) {
		t.Fatalf("%d suites, want load + %d rules", len(doc.Suites), len(catalog))
	}
	if doc.Name != "mpaudit" || doc.Suites[0].Name != "load" {
		t.Errorf("names %q %q", doc.Name, doc.Suites[0].Name)
	}
	for i, rule := range catalog {
		if got, want := doc.Suites[i+1].Name, rule.ID+" "+rule.Name; got != want {
			t.Errorf("suite %d is %q, want %q", i+1, got, want)
		}
	}

	load := doc.Suites[0]
	if len(load.Cases) != 1 || load.Cases[0].Name != "load" || len(load.Cases[0].Errors) != 0 || load.Cases[0].Out != "note: config/crd read without kustomize" {
		t.Errorf("load suite %+v", load)
	}
	props := map[string]string{}
	for _, p := range load.Properties {
		props[p.Name] = p.Value
	}
	if props["fail-on"] != "warning" || props["exit-code"] != "1" || props["mode"] != "check" || !strings.Contains(props["target"], "v1.14.2") {
		t.Errorf("load properties %v", props)
	}

	// Error and warning: failures typed with the rule ID.
	s := suiteNamed(t, doc, contract.RuleProviderIDList)
	if len(s.Cases) != 1 || len(s.Cases[0].Failures) != 1 {
		t.Fatalf("MPA108 suite %+v", s)
	}
	c := s.Cases[0]
	f := c.Failures[0]
	if f.Type != "MPA108" || f.Message != "spec has no providerIDList | want []string <b>&</b> `a|b`" ||
		c.Name != "api/v1beta2/types.go:8:6 infrastructure.cluster.x-k8s.io/v1beta2 DockerMachinePool spec.providerIDList" ||
		c.ClassName != "mpaudit.MPA108" || c.File != "api/v1beta2/types.go" {
		t.Errorf("MPA108 case %+v", c)
	}
	rule := contract.MustRule(contract.RuleProviderIDList)
	for _, want := range []string{"MPA108 error: ", "where: api/v1beta2/types.go:8:6", "rule: " + rule.Title, "fix: " + rule.Fix, "docs: " + rule.DocURL} {
		if !strings.Contains(f.Body, want) {
			t.Errorf("failure body lacks %q:\n%s", want, f.Body)
		}
	}
	if s := suiteNamed(t, doc, contract.RuleReadyOnly); len(s.Cases[0].Failures) != 1 || s.Cases[0].Failures[0].Type != "MPA101" {
		t.Errorf("warning at fail-on warning must fail: %+v", s)
	}

	// Info below --fail-on: skipped, not failed.
	use := suiteNamed(t, doc, contract.RuleDeprecatedFieldUse)
	if len(use.Cases) != 2 || use.Skipped != 2 || use.Failures != 0 || use.Cases[0].Skipped.Message != "info: below --fail-on warning" ||
		!strings.HasSuffix(use.Cases[0].Name, "status.ready (write)") {
		t.Errorf("MPA201 suite %+v", use)
	}

	// A rule without findings passes; one that does not apply is skipped.
	none := suiteNamed(t, doc, contract.RuleFailureReason)
	if len(none.Cases) != 1 || none.Cases[0].Name != "no findings" || none.Cases[0].Skipped != nil || none.Failures+none.Errors+none.Skipped != 0 {
		t.Errorf("MPA105 suite %+v", none)
	}
	r.Target = mustTarget(t, "v1.16.0") // reads only status.initialization.provisioned
	r.Finish()
	doc = parseJUnit(t, render(t, PrintJUnit, r))
	if s := suiteNamed(t, doc, contract.RuleProvisionedOnly); s.Skipped != 1 || !strings.HasPrefix(s.Cases[0].Skipped.Message, "does not apply to Cluster API v1.16.0") {
		t.Errorf("MPA102 on a core that reads provisioned: %+v", s)
	}
}

func TestJUnitProblems(t *testing.T) {
	r := problemsReport(t)
	doc := parseJUnit(t, render(t, PrintJUnit, r))
	load := doc.Suites[0]
	if load.Errors != 1 || doc.Errors != 1 || len(load.Cases[0].Errors) != len(r.Problems) {
		t.Fatalf("load suite %+v", load)
	}
	e := load.Cases[0].Errors[0]
	if e.Type != "load" || !strings.HasPrefix(e.Message, "example.com/provider/broken: undefined: Foo") || !strings.HasPrefix(e.Body, "broken/broken.go:5:2: undefined: Foo") {
		t.Errorf("load error %+v", e)
	}
}

// The JUnit verdict is the exit code's, whatever --fail-on.
func TestJUnitAgreesWithExitCode(t *testing.T) {
	for _, build := range []func(*testing.T) *Report{staticReport, liveReport, emptyReport, problemsReport} {
		for _, failOn := range []contract.Severity{contract.Info, contract.Warning, contract.Error} {
			r := build(t)
			r.FailOn = failOn
			code := r.Finish()
			doc := parseJUnit(t, render(t, PrintJUnit, r))
			var verdict int
			switch {
			case doc.Errors > 0:
				verdict = ExitError
			case doc.Failures > 0:
				verdict = ExitFindings
			default:
				verdict = ExitOK
			}
			if verdict != code {
				t.Errorf("%s report, fail-on %s: exit %d, JUnit says %d (failures %d, errors %d)", r.Mode, failOn, code, verdict, doc.Failures, doc.Errors)
			}
			gating := 0
			for _, f := range r.Findings {
				if f.Severity >= failOn {
					gating++
				}
			}
			if doc.Failures != gating {
				t.Errorf("fail-on %s: %d failures for %d findings at or above it", failOn, doc.Failures, gating)
			}
			if want := 1 + len(contract.Rules()); len(doc.Suites) != want {
				t.Errorf("%d suites, want %d", len(doc.Suites), want)
			}
		}
	}
}

func TestJUnitUnknownRuleAndControlCharacters(t *testing.T) {
	r := &Report{Mode: "check", Target: mustTarget(t, "v1.14.2"), FailOn: contract.Warning}
	r.Findings = []Finding{
		{Rule: "MPA999", Severity: contract.Error, Message: "bell \a and NUL \x00 and ]]> end", Position: &Position{File: "a.go", Line: 1}},
	}
	r.Finish()
	doc := parseJUnit(t, render(t, PrintJUnit, r))
	last := doc.Suites[len(doc.Suites)-1]
	if last.Name != "MPA999" || last.Failures != 1 || last.Cases[0].ClassName != "mpaudit.MPA999" {
		t.Errorf("unknown rule suite %+v", last)
	}
	if msg := last.Cases[0].Failures[0].Message; !strings.Contains(msg, "]]> end") {
		t.Errorf("message %q", msg)
	}
}
