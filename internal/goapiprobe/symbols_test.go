package goapiprobe

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
)

var loaded = sync.OnceValues(LoadSymbols)

// TestSymbolMapComplete: every exported name and method of the covered
// packages of the pinned Cluster API is mapped (by hand or by a rule) or
// out of scope with a reason, and contract/goapi_symbols_gen.go is what
// hack/goapisymgen writes from them (make goapi).
func TestSymbolMapComplete(t *testing.T) {
	s, err := loaded()
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Names) < 1500 {
		t.Fatalf("only %d names read: the covered packages were not all read", len(s.Names))
	}
	d := s.Derive()
	for _, u := range d.Unmapped {
		t.Errorf("%s is neither mapped nor out of scope (map it in contract/goapi_symbols_api.go, or leave it out with a reason in GoAPIOutOfScope)", u)
	}
	for _, sym := range s.Names {
		if _, ok := contract.GoAPISymbol(sym.Path, sym.Name, s.Release); !ok && contract.GoAPIOutOfScopeReason(sym.Path, sym.Name, sym.Kind) == "" {
			t.Errorf("%s.%s: the catalog has no entry (make goapi)", sym.Path, sym.Name)
		}
	}
	if _, err := Pre111Dir(); err != nil {
		t.Skipf("%v: the generated file's pre-v1.11 part is not checked", err)
	}
	want, err := RenderSymbols(s, d)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join("..", "..", "contract", "goapi_symbols_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("contract/goapi_symbols_gen.go is not what the rules derive from the pinned Cluster API (make goapi)")
	}
}

// TestHandSymbolsMatchTypes: the hand-written entries agree with the pinned
// types (a same-class successor of the same shape or value).
func TestHandSymbolsMatchTypes(t *testing.T) {
	s, err := loaded()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range s.CheckHand() {
		t.Error(p)
	}
}

// TestSymbolRulesCatchWrongEntries: a hand entry naming a successor of
// another value, and a name no entry or scope covers, are each caught.
func TestSymbolRulesCatchWrongEntries(t *testing.T) {
	s, err := loaded()
	if err != nil {
		t.Fatal(err)
	}
	const core = "sigs.k8s.io/cluster-api/api/core/v1beta1"
	// ReadyCondition is "Ready"; InfrastructureReadyCondition is not.
	o, n := s.lookup(core, "ReadyCondition"), s.lookup("sigs.k8s.io/cluster-api/api/core/v1beta2", "InfrastructureReadyCondition")
	if same, _, ok := s.compare(o, n, true); same || ok {
		t.Errorf("ReadyCondition → v1beta2.InfrastructureReadyCondition compared as same=%v ok=%v; want another value", same, ok)
	}
	// GetConditions has a namesake of another signature in v1beta2.
	o, n = s.lookup(core, "Cluster.GetConditions"), s.lookup("sigs.k8s.io/cluster-api/api/core/v1beta2", "Cluster.GetConditions")
	if same, change, ok := s.compare(o, n, true); same || !ok || !strings.Contains(change, "signature") {
		t.Errorf("Cluster.GetConditions compared as same=%v ok=%v %q; want a signature change", same, ok, change)
	}
	// A name with no namesake, rule or scope stays unmapped.
	e, ok := s.derive(Symbol{Path: core, Name: "MachineSetDeletePolicy", Kind: contract.SymType, obj: s.lookup(core, "MachineSetDeletePolicy")}, nil)
	if ok {
		t.Errorf("MachineSetDeletePolicy derived as %+v; only its hand entry maps it", e)
	}
}

// TestSymbolMapCompletePre111: every exported name of the pre-v1.11 API
// packages (Cluster API Pre111Release) is mapped there, out of scope, or a
// namesake in its v1.11 home (whose entry, and pre-v1.11 entry when
// reported one by one, the test above checks).
func TestSymbolMapCompletePre111(t *testing.T) {
	s, err := loaded()
	if err != nil {
		t.Fatal(err)
	}
	dir, err := Pre111Dir()
	if err != nil {
		t.Skip(err)
	}
	now := map[string]bool{}
	for _, sym := range s.Names {
		now[sym.Path+"."+sym.Name] = true
	}
	checked := 0
	for home, olds := range contract.GoAPIPre111Packages() {
		for _, old := range olds {
			names, err := Pre111Names(dir, old)
			if err != nil {
				t.Fatal(err)
			}
			for name, kind := range names {
				checked++
				if now[home+"."+name] {
					continue
				}
				if _, ok := contract.GoAPISymbol(old, name, Pre111Release); ok || contract.GoAPIOutOfScopeReason(old, name, kind) != "" {
					continue
				}
				t.Errorf("%s %s.%s (Cluster API %s) is not in %s from v1.11, and neither mapped nor out of scope", kind, old, name, Pre111Release, home)
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d pre-v1.11 names read", checked)
	}
}
