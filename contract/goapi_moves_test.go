package contract

import (
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

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

// TestGoAPIStage1Homes proves the claim the hybrid rests on: every
// exported name of each utility before v1.11 is in its deprecated copy at
// v1.11 and in the pinned release.
func TestGoAPIStage1Homes(t *testing.T) {
	pinned := pinnedSources(t)
	old := oldSources(t, pinned)
	v111, ok := releaseSources(pinned, ReleaseV1Beta2)
	if !ok {
		t.Skipf("sigs.k8s.io/cluster-api@%s is not in the module cache; run `make goapi-check`", ReleaseV1Beta2)
	}
	for from, home := range stage1Homes {
		if got, ok := GoAPIStage1Home(from, "v1.10.0"); !ok || got != home {
			t.Errorf("GoAPIStage1Home(%s, v1.10.0) = %q, %v", from, got, ok)
		}
		if got, ok := GoAPIStage1Home(home, ReleaseV1Beta2); !ok || got != home {
			t.Errorf("GoAPIStage1Home(%s, %s) = %q, %v", home, ReleaseV1Beta2, got, ok)
		}
		if err := old.lookup(from, ""); err != nil {
			t.Fatal(err)
		}
		esc := filepath.Join(old.modules[capi], strings.TrimPrefix(from, capi))
		names, err := old.namesIn(esc)
		if err != nil {
			t.Fatal(err)
		}
		for name := range names {
			typ, member, _ := strings.Cut(name, ".")
			if !token.IsExported(typ) || member != "" && !token.IsExported(member) {
				continue
			}
			for _, src := range []*goSources{v111, pinned} {
				if err := src.lookup(home, name); err != nil {
					t.Errorf("%s.%s: %v", from, name, err)
				}
			}
		}
	}
	if _, ok := GoAPIStage1Home(conditionsPkg, ReleaseV1Beta2); ok {
		t.Error("util/conditions is v1beta2's from v1.11, not a stage-1 home")
	}
}

// TestGoAPIStage1Copy: the copies are copies, their old paths are not.
func TestGoAPIStage1Copy(t *testing.T) {
	for old, home := range stage1Homes {
		if !GoAPIStage1Copy(home) {
			t.Errorf("GoAPIStage1Copy(%s) = false", home)
		}
		if GoAPIStage1Copy(old) {
			t.Errorf("GoAPIStage1Copy(%s) = true for the path before v1.11", old)
		}
		if got, ok := GoAPIStage1Home(home, ReleaseV1Beta2); !ok || got != home {
			t.Errorf("GoAPIStage1Home(%s, v1.11) = %q, %v; want itself", home, got, ok)
		}
	}
}
