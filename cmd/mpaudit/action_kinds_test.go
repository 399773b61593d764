package main

import (
	"os"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/mpaudit/mpaudit/contract"
)

// TestActionDescriptionNamesKinds: the Action's description (what the
// Marketplace shows) names every kind the catalog audits, templates as such.
func TestActionDescriptionNamesKinds(t *testing.T) {
	raw, err := os.ReadFile(actionFile)
	if err != nil {
		t.Fatal(err)
	}
	var a struct {
		Description string `json:"description"`
	}
	if err := yaml.Unmarshal(raw, &a); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	for _, k := range contract.Kinds {
		name := k.Name
		if k.IsTemplate() {
			name = "templates"
		}
		if !strings.Contains(a.Description, name) {
			t.Errorf("action.yml description does not name %s (%s):\n%s", name, k.Name, a.Description)
		}
	}
}
