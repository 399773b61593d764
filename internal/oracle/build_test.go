package oracle

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
)

// TestRunnerSources: every layout's runner is a Go main that imports the
// reconcilers from where that release keeps them.
func TestRunnerSources(t *testing.T) {
	for _, tc := range []struct {
		release contract.Release
		imports []string
		// exp: the MachinePool reconciler comes from exp/controllers
		// (gone in v1.12, where controllers/alias.go has it).
		exp bool
	}{
		{"v1.10.4", []string{"sigs.k8s.io/cluster-api/api/v1beta1", "sigs.k8s.io/cluster-api/exp/controllers", "sigs.k8s.io/cluster-api/api/v1beta1/index"}, true},
		{"v1.11.3", []string{"sigs.k8s.io/cluster-api/api/core/v1beta2", "sigs.k8s.io/cluster-api/exp/controllers"}, true},
		{"v1.12.4", []string{"sigs.k8s.io/cluster-api/api/core/v1beta2", "sigs.k8s.io/cluster-api/controllers"}, false},
		{"v1.13.4", []string{"sigs.k8s.io/cluster-api/api/core/v1beta2", "sigs.k8s.io/cluster-api/controllers"}, false},
		{"v1.14.2", []string{"sigs.k8s.io/cluster-api/core/reconcilers/machine", "sigs.k8s.io/cluster-api/core/setup"}, false},
	} {
		src, err := runnerSource(tc.release)
		if err != nil {
			t.Fatalf("%s: %v", tc.release, err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), "main.go", src, parser.ImportsOnly)
		if err != nil {
			t.Fatalf("%s: %v", tc.release, err)
		}
		got := map[string]bool{}
		for _, im := range f.Imports {
			got[strings.Trim(im.Path.Value, `"`)] = true
		}
		for _, want := range tc.imports {
			if !got[want] {
				t.Errorf("%s: runner does not import %s", tc.release, want)
			}
		}
		if got["sigs.k8s.io/cluster-api/exp/controllers"] != tc.exp {
			t.Errorf("%s: exp/controllers imported: %v", tc.release, got["sigs.k8s.io/cluster-api/exp/controllers"])
		}
	}
	if _, err := runnerSource("v1.9.0"); err == nil {
		t.Error("v1.9.0: want an error, the catalog starts at v1.10")
	}
}

// TestRunnerGoMod: core's requirements verbatim, core and (from v1.14) its
// split-out API module at the release, local replaces dropped.
func TestRunnerGoMod(t *testing.T) {
	core := []byte(`module sigs.k8s.io/cluster-api

go 1.26.0

replace sigs.k8s.io/cluster-api/api => ./api

replace github.com/example/fork => github.com/example/fork v1.2.3

require (
	sigs.k8s.io/cluster-api/api v0.0.0-00010101000000-000000000000
	sigs.k8s.io/controller-runtime v0.24.1
	github.com/pkg/errors v0.9.1 // indirect
)
`)
	got, err := runnerGoMod("v1.14.2", core)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"go 1.26.0", "sigs.k8s.io/cluster-api v1.14.2", "sigs.k8s.io/cluster-api/api v1.14.2",
		"sigs.k8s.io/controller-runtime v0.24.1", "github.com/pkg/errors v0.9.1 // indirect", "github.com/example/fork => github.com/example/fork v1.2.3"} {
		if !strings.Contains(got, want) {
			t.Errorf("go.mod lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "./api") {
		t.Errorf("go.mod keeps core's local replace:\n%s", got)
	}
	if _, err := runnerGoMod("v1.14.2", []byte("module x\n")); err == nil {
		t.Error("a go.mod without a go directive: want an error")
	}
}
