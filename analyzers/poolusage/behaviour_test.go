package poolusage

import (
	"bytes"
	"encoding/gob"
	"reflect"
	"testing"

	"github.com/mpaudit/mpaudit/analyzers/poolfinder"
)

// TestWritesFactGob: go vet hands facts to the next package gob-encoded.
func TestWritesFactGob(t *testing.T) {
	in := &WritesFact{Writes: []ParamWrite{{Param: -1, Fields: []string{"FooMachinePool"},
		Pool: poolfinder.PoolRef{Kind: "FooMachinePool", Type: "example.com/api.FooMachinePool", HasReady: true, HasProvisioned: true},
		Ready: Sets, Provisioned: Resets, Deferred: true}}}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(in); err != nil {
		t.Fatal(err)
	}
	out := &WritesFact{}
	if err := gob.NewDecoder(&buf).Decode(out); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(in, out) {
		t.Errorf("round trip: got %v, want %v", out, in)
	}
}
