package contract

import "testing"

// TestGoAPIMovesExist proves each move against Cluster API's sources: the
// old package in v1.10.4, the new one in the pinned release (make
// goapi-check downloads v1.10.4).
func TestGoAPIMovesExist(t *testing.T) {
	pinned := pinnedSources(t)
	old := oldSources(t, pinned)
	if len(GoAPIMoves()) == 0 {
		t.Fatal("no moves")
	}
	for _, m := range GoAPIMoves() {
		if err := old.lookup(m.From, ""); err != nil {
			t.Errorf("%s → %s: %v", m.From, m.To, err)
		}
		if err := pinned.lookup(m.To, ""); err != nil {
			t.Errorf("%s → %s: %v", m.From, m.To, err)
		}
		if m.Since != ReleaseV1Beta2 {
			t.Errorf("%s → %s: since %s, want %s", m.From, m.To, m.Since, ReleaseV1Beta2)
		}
	}
}
