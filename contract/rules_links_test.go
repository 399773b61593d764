package contract

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// The main book keeps only the current migration guides: a guide to
// v1.N lives in the release-1-N book.
func TestMigrationGuideLinks(t *testing.T) {
	guide := regexp.MustCompile(`/migrations/v1\.\d+-to-v1\.(\d+)`)
	seen := false
	for _, r := range Rules() {
		m := guide.FindStringSubmatch(r.DocURL)
		if m == nil {
			continue
		}
		seen = true
		u, err := url.Parse(r.DocURL)
		if err != nil {
			t.Fatalf("%s: %v", r.ID, err)
		}
		if want := "release-1-" + m[1] + ".cluster-api.sigs.k8s.io"; u.Host != want || !strings.HasPrefix(u.Path, "/developer/providers/migrations/") {
			t.Errorf("%s links %s, want host %s", r.ID, r.DocURL, want)
		}
	}
	if !seen {
		t.Error("no rule links a migration guide")
	}
}
