package contract

import "testing"

// TestGoAPIMovesExist proves each move against Cluster API's sources: the
// old package in v1.10.4, the new one in the pinned release and in the
// release the move comes with (make goapi-check downloads them): the
// errors package stayed at its path until v1.14.
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
		if m.Since.Less(ReleaseV1Beta2) {
			t.Errorf("%s → %s: since %s, before v1beta2's %s", m.From, m.To, m.Since, ReleaseV1Beta2)
		}
		if at, ok := releaseSources(pinned, m.Since); ok {
			if err := at.lookup(m.To, ""); err != nil {
				t.Errorf("%s → %s: %v", m.From, m.To, err)
			}
		}
	}
}
