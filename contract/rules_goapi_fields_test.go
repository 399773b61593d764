package contract

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGoAPIReleaseOfLocalTree: a local Cluster API tree is judged by the
// Go API packages it has, not as the latest verified core.
func TestGoAPIReleaseOfLocalTree(t *testing.T) {
	tree := func(pkgs ...string) string {
		dir := t.TempDir()
		for _, p := range pkgs {
			if err := os.MkdirAll(filepath.Join(dir, p), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	for _, c := range []struct {
		name   string
		target CoreTarget
		want   Severity
	}{
		{"v1.10 tree (api/v1beta1 only)", CoreTarget{LocalTree: tree("api/v1beta1")}, Info},
		{"v1.11+ tree (both)", CoreTarget{LocalTree: tree("api/core/v1beta1", "api/core/v1beta2")}, Warning},
		{"tree without v1beta1", CoreTarget{LocalTree: tree("api/core/v1beta2")}, Error},
		{"released v1.10.4", CoreTarget{Version: "v1.10.4"}, Info},
		{"released v1.14.2", CoreTarget{Version: "v1.14.2"}, Warning},
	} {
		got := MustRule(RuleGoAPIField).Severity(Context{Release: c.target.GoAPIRelease()})
		if got != c.want {
			t.Errorf("%s: %v (release %s), want %v", c.name, got, c.target.GoAPIRelease(), c.want)
		}
	}
}
