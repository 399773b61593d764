package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
)

// The text report lists errors and warnings under their file and counts
// info findings by rule on one line; ListInfo lists them too.
func TestTextFoldsInfo(t *testing.T) {
	r := staticReport(t)
	text := string(render(t, PrintText, r))
	for _, want := range []string{
		"api/v1beta2/types.go\n  8:6 MPA108 error DockerMachinePool spec.providerIDList: ",
		"  18:2 MPA101 warning DockerMachinePool status.ready: ",
		"info: 3 not listed (MPA201 ×2, MPA110 ×1); --show-info lists them\n",
		"summary: 2 error(s), 1 warning(s), 3 info;",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q\n%s", want, text)
		}
	}
	if strings.Contains(text, " MPA201 info ") {
		t.Errorf("info finding listed without ListInfo:\n%s", text)
	}
	r.ListInfo = true
	text = string(render(t, PrintText, r))
	if !strings.Contains(text, " MPA201 info ") || strings.Contains(text, "not listed") {
		t.Errorf("ListInfo does not list info findings:\n%s", text)
	}
}

// DropBelow leaves findings out of every format, but not out of the summary.
func TestDropBelow(t *testing.T) {
	r := staticReport(t)
	r.DropBelow(contract.Error)
	for _, f := range r.Findings {
		if f.Severity < contract.Error {
			t.Errorf("kept %s %s", f.Rule, f.Severity)
		}
	}
	text := string(render(t, PrintText, r))
	if strings.Contains(text, "MPA101") || strings.Contains(text, "info:") || !strings.Contains(text, "summary: 2 error(s), 1 warning(s), 3 info;") {
		t.Errorf("text after DropBelow(error):\n%s", text)
	}
	if js := string(render(t, PrintJSON, r)); strings.Contains(js, `"rule": "MPA101"`) {
		t.Errorf("json keeps a dropped finding")
	}
}

// The info line stays within its width however many rules it counts.
func TestInfoLineWidth(t *testing.T) {
	by := map[string]int{}
	for i := range 40 {
		by[fmt.Sprintf("MPA%d", 100+i)] = i + 1
	}
	line := infoLine(by)
	if len(line) > infoLineWidth || !strings.HasPrefix(line, "info: 820 not listed (MPA139 ×40, MPA138 ×39") || !strings.Contains(line, ", …); --show-info") {
		t.Errorf("%d bytes: %s", len(line), line)
	}
}
