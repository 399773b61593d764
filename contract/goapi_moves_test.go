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
		if m.Until == "" || pinned.release.Less(m.Until) {
			if err := pinned.lookup(m.To, ""); err != nil {
				t.Errorf("%s → %s: %v", m.From, m.To, err)
			}
		} else if err := pinned.lookup(m.To, ""); err == nil {
			t.Errorf("%s → %s: %s has it, though it is said to be removed in %s", m.From, m.To, pinned.release, m.Until)
		}
		if m.Until != "" {
			if !m.Since.Less(m.Until) {
				t.Errorf("%s → %s: removed in %s, not after %s", m.From, m.To, m.Until, m.Since)
			}
			if at, ok := releaseSources(pinned, m.Until); ok {
				if at.lookup(m.To, "") == nil {
					t.Errorf("%s → %s: %s still has it", m.From, m.To, m.Until)
				}
			}
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

func TestGoAPIMoveApplies(t *testing.T) {
	m := GoAPIMove{From: "a", To: "b", Since: ReleaseV1Beta2, Until: "v1.13.0"}
	for _, c := range []struct {
		built, to Release
		want      bool
	}{
		{"v1.10.0", "v1.11.0", true},
		{"v1.10.0", "v1.12.4", true},
		{"v1.10.0", "v1.13.0", false}, // removed there
		{"v1.11.0", "v1.12.0", false}, // already built past the move
		{"v1.9.0", "v1.10.4", false},  // not raised far enough
	} {
		if got := m.Applies(c.built, c.to); got != c.want {
			t.Errorf("%s → %s: Applies = %v, want %v", c.built, c.to, got, c.want)
		}
	}
	m.Until = ""
	if !m.Applies("v1.10.0", "v1.14.0") {
		t.Error("a move never removed does not apply at a later release")
	}
}
