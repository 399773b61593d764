package main

import (
	"os"
	"testing"

	"github.com/mpaudit/mpaudit/report"
)

// TestRulesExplainIsTheDocPage: `rules ID`, `rules --explain ID` and
// `rules --explain NAME` print docs/rules/<ID>.md exactly.
func TestRulesExplainIsTheDocPage(t *testing.T) {
	page, err := os.ReadFile("../../docs/rules/MPA204.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"rules", "MPA204"},
		{"rules", "--explain", "MPA204"},
		{"rules", "--explain", "provisioned-write-without-ready"},
		{"rules", "--explain=MPA204", "MPA204"},
	} {
		code, out, errOut := run(t, args...)
		if code != 0 || out != string(page) {
			t.Errorf("%v: exit %d stderr %q\n%s\nwant docs/rules/MPA204.md:\n%s", args, code, errOut, out, page)
		}
	}
	for _, args := range [][]string{
		{"rules", "--explain", "MPA999"},
		{"rules", "--explain", ""},
		{"rules", "--explain", "MPA101", "MPA102"},
	} {
		if code, _, errOut := run(t, args...); code != report.ExitError || errOut == "" {
			t.Errorf("%v: exit %d stderr %q, want 2 with a message", args, code, errOut)
		}
	}
}
