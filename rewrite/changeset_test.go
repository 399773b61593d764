package rewrite

import (
	"maps"
	"path/filepath"
	"slices"
	"testing"
)

// A phase's marks count in the whole change set, and the phase holds only
// its own: what follows from the phase reads only what it changed.
func TestChangeSetPhase(t *testing.T) {
	dir := t.TempDir()
	st := &stage{root: dir, dir: dir}
	cs := newChangeSet(st)
	a, b := filepath.Join(dir, "a.go"), filepath.Join(dir, "b.go")
	cs.mark(a, "fix")
	p := cs.phase()
	if !p.empty() {
		t.Fatalf("a new phase holds %v", p.files)
	}
	p.mark(b, "shape")
	if got := slices.Sorted(maps.Keys(p.files)); !slices.Equal(got, []string{b}) {
		t.Errorf("phase holds %v, want [%s]", got, b)
	}
	if got := slices.Sorted(maps.Keys(cs.files)); !slices.Equal(got, []string{a, b}) {
		t.Errorf("whole holds %v, want [%s %s]", got, a, b)
	}
	if !cs.files[b]["shape"] {
		t.Errorf("the whole lost the reason: %v", cs.files[b])
	}
}
