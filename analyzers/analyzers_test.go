package analyzers_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/analyzers/internal/emit"
	"github.com/mpaudit/mpaudit/contract"
)

// quiet drops analysistest's // want mismatches: findings are compared here.
type quiet struct{}

func (quiet) Errorf(string, ...any) {}

// findings runs a fresh set's pooltypes on the example provider's
// ready-only pool type and lists its findings ("rule severity file:line")
// and diagnostics.
func findings(t *testing.T, s analyzers.Settings) (found, diagnosed []string) {
	t.Helper()
	set, err := analyzers.New(s)
	if err != nil {
		t.Error(err)
		return nil, nil
	}
	dir, _ := filepath.Abs("testdata/provider")
	for _, r := range analysistest.Run(quiet{}, dir, set.Analyzer("kindtypes"), "./apis/capdlike/...") {
		if r.Err != nil {
			t.Error(r.Err)
			continue
		}
		fs, _ := emit.FindingsOf(r.Result)
		for _, f := range fs.List {
			found = append(found, fmt.Sprintf("%s %s %s:%d", f.Rule, f.Severity, filepath.Base(f.Position.File), f.Position.Line))
		}
		for _, d := range r.Diagnostics {
			diagnosed = append(diagnosed, d.Message)
		}
	}
	slices.Sort(found)
	slices.Sort(diagnosed)
	return found, diagnosed
}

// TestSetsAreIndependent: sets built with different settings and run at
// the same time in one process (as check, go vet and the plugin could be)
// each report what their own settings say. With settings shared through
// the process, the check set's "no diagnostics" or one set's core version
// would leak into the others.
func TestSetsAreIndependent(t *testing.T) {
	settings := []analyzers.Settings{
		{ReportAt: analyzers.Never},                        // check: findings only; core v1.14.2 from go.mod
		{CAPIVersion: "v1.16.0", ReportAt: contract.Error}, // plugin: a core without v1beta1 compatibility, errors only
		{ReportAt: contract.Info, ModuleConfig: true},      // vet: everything
	}
	type outcome struct{ found, diagnosed []string }
	got := make([]outcome, len(settings))
	var wg sync.WaitGroup
	for i, s := range settings {
		wg.Go(func() { got[i].found, got[i].diagnosed = findings(t, s) })
	}
	wg.Wait()
	const readyOnly = "MPA101 %s dockermachinepool_types.go:18"
	check, plugin, vet := got[0], got[1], got[2]
	if !slices.Contains(check.found, fmt.Sprintf(readyOnly, "warning")) || len(check.diagnosed) != 0 {
		t.Errorf("check set (go.mod core, no diagnostics): findings %q, diagnostics %q", check.found, check.diagnosed)
	}
	if !slices.Contains(plugin.found, fmt.Sprintf(readyOnly, "error")) || len(plugin.diagnosed) != 1 ||
		!strings.HasPrefix(plugin.diagnosed[0], "MPA101 error") {
		t.Errorf("plugin set (core v1.16.0, errors): findings %q, diagnostics %q", plugin.found, plugin.diagnosed)
	}
	if !slices.Equal(vet.found, check.found) || len(vet.diagnosed) != len(vet.found) {
		t.Errorf("vet set (go.mod core, every finding): findings %q, diagnostics %q; check set found %q", vet.found, vet.diagnosed, check.found)
	}
}

func TestNewRejectsBadSettings(t *testing.T) {
	for _, s := range []analyzers.Settings{{CAPIVersion: "one"}, {ReportAt: analyzers.Never + 1}} {
		if _, err := analyzers.New(s); err == nil {
			t.Errorf("New(%+v) accepted", s)
		}
	}
}
