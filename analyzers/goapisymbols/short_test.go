package goapisymbols

import (
	"go/token"
	"testing"

	"github.com/mpaudit/mpaudit/analyzers/internal/goapifix"
)

// TestShortMovedNamesTheFirstBlocker: the text report's line for a file
// whose move is not mechanical says where the first blocker is.
func TestShortMovedNamesTheFirstBlocker(t *testing.T) {
	fset := token.NewFileSet()
	f := fset.AddFile("c.go", -1, 100)
	f.SetLines([]int{0, 10, 20, 30, 40})
	at := func(line int) token.Pos { return f.LineStart(line) }
	for _, tc := range []struct {
		blockers []goapifix.Blocker
		want     string
	}{
		{nil, ""},
		{[]goapifix.Blocker{{Pos: at(3)}}, "; not mechanical at line 3"},
		{[]goapifix.Blocker{{Pos: at(5)}, {Pos: at(2)}, {Pos: at(4)}}, "; not mechanical at line 2 and 2 more (-o json lists them)"},
	} {
		got := shortMoved(fset, &filePlan{Plan: goapifix.Plan{Blockers: tc.blockers}})
		if got != tc.want {
			t.Errorf("%d blocker(s): got %q, want %q", len(tc.blockers), got, tc.want)
		}
	}
	if got := shortMoved(fset, &filePlan{with: "a.go"}); got != "; moves together with a.go" {
		t.Errorf("a kept group: got %q", got)
	}
}
