package rewrite

import (
	"testing"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/report"
)

// TestWithhold: the blocked uses of one field make one withheld fix, each
// use once (a package and its test variant report it twice), named
// relative to the module; past five uses the line names the rest's files.
func TestWithhold(t *testing.T) {
	st := &stage{dir: "/stage"}
	use := func(file string, line int, text string) report.Finding {
		return report.Finding{Kind: "FooConfig", Type: "example.com/api.FooConfig", Field: "status.dataSecretName",
			Message: "`" + text + "`", Position: &report.Position{File: "/stage/" + file, Line: line}}
	}
	w := map[analyzers.FieldKey]*withheldFix{}
	blocked := []report.Finding{use("c/a.go", 3, "x.S"), use("c/a.go", 3, "x.S"), use("c/a_test.go", 9, "y.S")}
	if !withhold(w, blocked, st) {
		t.Fatal("no fix withheld")
	}
	if withhold(w, nil, st) {
		t.Error("nothing blocked, yet another fix is withheld")
	}
	notes := withheldNotes(w)
	want := "FooConfig status.dataSecretName keeps its v1beta1 shape: no fix rewrites its use at c/a.go:3 (`x.S`), c/a_test.go:9 (`y.S`); change them by hand, then run the rewrite again"
	if len(notes) != 1 || notes[0] != want {
		t.Errorf("notes:\n%q\nwant\n%q", notes, want)
	}
	settings := withholdSettings(w)
	key := analyzers.FieldKey{Type: "example.com/api.FooConfig", Field: "status.dataSecretName"}
	if got := settings[key]; got != "the use at c/a.go:3 (`x.S`) and 1 more would not compile (or would mean something else) after it, and no fix rewrites it" {
		t.Errorf("reason: %q", got)
	}

	var many []report.Finding
	for i := range 7 {
		many = append(many, use([]string{"c/a.go", "c/b_test.go"}[i/4], (i+1)*5, "x.S"))
	}
	w = map[analyzers.FieldKey]*withheldFix{}
	withhold(w, many, st)
	want = "FooConfig status.dataSecretName keeps its v1beta1 shape: no fix rewrites its use at c/a.go:5 (`x.S`), c/a.go:10 (`x.S`), c/a.go:15 (`x.S`), c/a.go:20 (`x.S`), c/b_test.go:25 (`x.S`) and 2 more in c/b_test.go; change them by hand, then run the rewrite again"
	if got := withheldNotes(w); len(got) != 1 || got[0] != want {
		t.Errorf("notes:\n%q\nwant\n%q", got, want)
	}
}
