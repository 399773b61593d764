package rewrite

import "testing"

func TestApplySplices(t *testing.T) {
	src := []byte("import old \"a/b\"\nx := old.F()\n")
	got, err := applySplices(src, []splice{
		{at: 22, end: 25, text: "nu"},                 // old.F → nu.F
		{at: 11, end: 16, text: `"c/d"`},              // the path
		{at: 28, end: 28, text: "1"},                  // an insertion
		{at: 28, end: 28, text: ", 2"},                // after it, in order
		{at: len(src), end: len(src), text: "// end"}, // at the end
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := "import old \"c/d\"\nx := nu.F(1, 2)\n// end"; string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestApplySplicesRefusesOverlaps(t *testing.T) {
	for _, edits := range [][]splice{
		{{at: 0, end: 4, text: "a"}, {at: 2, end: 3, text: "b"}},
		{{at: 3, end: 2, text: "a"}},
		{{at: 0, end: 9, text: "a"}},
	} {
		if out, err := applySplices([]byte("abcdef"), edits); err == nil {
			t.Errorf("applySplices(%v) = %q, want an error", edits, out)
		}
	}
}
