package goapiprobe

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
)

// TestCatalogMatchesConversions: the catalog's Go API map is what the
// pinned Cluster API's own conversion does, field by field (run
// `make goapi` after changing the Cluster API version in go.mod).
func TestCatalogMatchesConversions(t *testing.T) {
	observed, err := Changes()
	if err != nil {
		t.Fatal(err)
	}
	if len(observed) < 1000 {
		t.Fatalf("only %d fields observed: the probe walked too little", len(observed))
	}
	if d := Diff(observed, contract.GoAPIFields()); len(d) > 0 {
		t.Errorf("%d difference(s) between contract/goapi_fields.go and Cluster API's conversion (make goapi):\n%s", len(d), strings.Join(d[:min(len(d), 30)], "\n"))
	}
	if got, want := contract.GoAPIStructs(), Structs(); !maps.Equal(got, want) {
		t.Errorf("contract/goapi_fields.go's %d struct places differ from the %d the types have (make goapi)", len(got), len(want))
	}
	values := Values(observed)
	n := 0
	for key, want := range values {
		root, path, _ := strings.Cut(key, " ")
		if got, ok := contract.GoAPIValueType(root, path); !ok || got != want {
			t.Errorf("%s: contract/goapi_fields.go says %q (%t), the types %q (make goapi)", key, got, ok, want)
		}
		n++
	}
	if got := contract.GoAPIValueTypes(); got != n {
		t.Errorf("contract/goapi_fields.go has %d value types, the types %d (make goapi)", got, n)
	}
}

// TestValueSuccessors: a struct-valued field's successor type is the
// v1beta2 field's, pointer or not, renamed or not, and stays where some of
// its fields stay (KCP's machineTemplate, most of whose fields move to
// machineTemplate.spec).
func TestValueSuccessors(t *testing.T) {
	const kcp = "sigs.k8s.io/cluster-api/api/controlplane/kubeadm/v1beta1.KubeadmControlPlane"
	observed, err := Changes()
	if err != nil {
		t.Fatal(err)
	}
	values := Values(observed)
	for path, want := range map[string]string{
		"Spec.KubeadmConfigSpec.ClusterConfiguration": "sigs.k8s.io/cluster-api/api/bootstrap/kubeadm/v1beta2.ClusterConfiguration",
		"Spec.RemediationStrategy":                    "sigs.k8s.io/cluster-api/api/controlplane/kubeadm/v1beta2.KubeadmControlPlaneRemediationSpec",
		"Spec.MachineTemplate":                        "sigs.k8s.io/cluster-api/api/controlplane/kubeadm/v1beta2.KubeadmControlPlaneMachineTemplate",
	} {
		if got := values[kcp+" "+path]; got != want {
			t.Errorf("%s: %q, want %q", path, got, want)
		}
	}
	if got := values[contract.PkgClusterV1Beta1+".Machine Status.NodeRef"]; got != contract.PkgClusterV1+".MachineNodeReference" {
		t.Errorf("Machine Status.NodeRef: %q", got)
	}
}

// TestDiffCatchesWrongEntries: a wrong successor, a missing entry and an
// entry for no field are each reported.
func TestDiffCatchesWrongEntries(t *testing.T) {
	observed, err := Changes()
	if err != nil {
		t.Fatal(err)
	}
	const machine = contract.PkgClusterV1Beta1 + ".Machine"
	i := slices.IndexFunc(observed, func(c contract.GoFieldChange) bool { return c.Root == machine && c.Old == "Status.BootstrapReady" })
	if i < 0 {
		t.Fatal("Machine Status.BootstrapReady not observed")
	}
	if got := observed[i]; !slices.Equal(got.New, []string{"Status.Initialization.BootstrapDataSecretCreated"}) || got.Class != contract.ChangeValueToPointer || !got.Moved {
		t.Errorf("Machine Status.BootstrapReady observed as %+v", got)
	}
	wrong := slices.Clone(observed)
	wrong[i].New = []string{"Status.Initialization.InfrastructureProvisioned"}
	wrong = slices.Delete(wrong, i+1, i+2)
	wrong = append(wrong, contract.GoFieldChange{Root: machine, Old: "Status.NoSuchField"})
	d := strings.Join(Diff(observed, wrong), "\n")
	for _, want := range []string{
		machine + " Status.BootstrapReady: the catalog says [Status.Initialization.InfrastructureProvisioned]",
		": not mapped; the conversion puts it at",
		machine + " Status.NoSuchField: mapped, but the v1beta1 type has no such field",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("diff lacks %q:\n%s", want, d)
		}
	}
}

// TestProbeFindsEachClass: the conversions show every change class the
// catalog names on the types providers use most.
func TestProbeFindsEachClass(t *testing.T) {
	observed, err := Changes()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]contract.ChangeClass{
		contract.PkgClusterV1Beta1 + ".Machine Spec.ProviderID":                      contract.ChangeStringPointer,
		contract.PkgClusterV1Beta1 + ".Machine Spec.NodeDrainTimeout":                contract.ChangeDurationToSeconds,
		contract.PkgClusterV1Beta1 + ".Machine Spec.InfrastructureRef.APIVersion":    contract.ChangeReference,
		contract.PkgClusterV1Beta1 + ".Machine Spec.InfrastructureRef.Namespace":     contract.ChangeRemoved,
		contract.PkgClusterV1Beta1 + ".Machine Status.FailureReason":                 contract.ChangeSame,
		contract.PkgClusterV1Beta1 + ".Machine Status.LastUpdated":                   contract.ChangePointerToValue,
		contract.PkgClusterV1Beta1 + ".Cluster Status.FailureDomains{}.ControlPlane": contract.ChangeMapToList,
	}
	got := map[string]contract.GoFieldChange{}
	for _, c := range observed {
		got[c.Root+" "+c.Old] = c
	}
	for k, class := range want {
		if c, ok := got[k]; !ok || c.Class != class {
			t.Errorf("%s: %+v, want class %s", k, c, class)
		}
	}
	if c := got[contract.PkgClusterV1Beta1+".Machine Status.FailureReason"]; !slices.Equal(c.New, []string{"Status.Deprecated.V1Beta1.FailureReason"}) {
		t.Errorf("Machine Status.FailureReason went to %v", c.New)
	}
}

// TestFieldsAtAStruct: a selector below a nested v1beta1 struct (a
// MachineSpec value, not a Machine) finds the root-relative changes.
func TestFieldsAtAStruct(t *testing.T) {
	for _, tc := range []struct {
		structType, sel string
		class           contract.ChangeClass
		newPath         string
	}{
		{contract.PkgClusterV1Beta1 + ".MachineSpec", "ProviderID", contract.ChangeStringPointer, "Spec.ProviderID"},
		{contract.PkgClusterV1Beta1 + ".MachineStatus", "BootstrapReady", contract.ChangeValueToPointer, "Status.Initialization.BootstrapDataSecretCreated"},
		{contract.PkgClusterV1Beta1 + ".MachineSpec", "NodeDrainTimeout", contract.ChangeDurationToSeconds, "Spec.Deletion.NodeDrainTimeoutSeconds"},
	} {
		got, _, ok := contract.GoAPIFieldsAt(tc.structType, tc.sel)
		if !ok || len(got) != 1 || got[0].Class != tc.class || !slices.Equal(got[0].New, []string{tc.newPath}) {
			t.Errorf("%s %s: %+v", tc.structType, tc.sel, got)
		}
	}
	// A struct-valued field lists every leaf below it.
	if got, _, ok := contract.GoAPIFieldsAt(contract.PkgClusterV1Beta1+".MachineSpec", "InfrastructureRef"); !ok || len(got) != 7 {
		t.Errorf("MachineSpec InfrastructureRef: %d leaves %+v", len(got), got)
	}
	if _, _, ok := contract.GoAPIFieldsAt(contract.PkgClusterV1Beta1+".MachineSpec", "NoSuchField"); ok {
		t.Error("a field that does not exist was found")
	}
}

// TestNumbersMadePointers: the rewrite reads a number v1beta2 retypes to
// a pointer to another number as T(ptr.Deref(p, 0)) and writes it as
// ptr.To(T(v)) (goapifix numberToPointer): the conversion must keep 0 as
// a pointer to 0, and give 0 for nil, for every such field.
func TestNumbersMadePointers(t *testing.T) {
	roots := map[string]Root{}
	for _, r := range Roots() {
		roots[TypeString(reflect.TypeOf(r.Old).Elem())] = r
	}
	n := 0
	for _, f := range contract.GoAPIFields() {
		elem, isPtr := strings.CutPrefix(f.NewType, "*")
		if f.Class != contract.ChangeRetyped || !isPtr || !number(f.OldType) || !number(elem) {
			continue
		}
		n++
		r, ok := roots[f.Root]
		if !ok || strings.ContainsAny(f.Old, "[{") || len(f.New) != 1 {
			t.Errorf("%s %s: not a root and plain path the test can drive", f.Root, f.Old)
			continue
		}
		old, hub := reflect.New(reflect.TypeOf(r.Old).Elem()), reflect.New(reflect.TypeOf(r.New).Elem())
		walk(old.Elem(), f.Old).SetInt(0)
		if err := r.Convert(old.Interface(), hub.Interface()); err != nil {
			t.Fatal(err)
		}
		if p := walk(hub.Elem(), f.New[0]); p.IsNil() || p.Elem().Int() != 0 {
			t.Errorf("%s %s: 0 converts to %v, not a pointer to 0", f.Root, f.Old, p)
		}
	}
	if n == 0 {
		t.Fatal("no retyped number-to-pointer field: the test checks nothing (drop it with goapifix's numberToPointer)")
	}
}

func number(t string) bool {
	switch t {
	case "int", "int32", "int64", "uint", "uint32", "uint64", "float32", "float64":
		return true
	}
	return false
}

// walk is the field at a dotted path below v, allocating the pointers
// on the way but not the last.
func walk(v reflect.Value, path string) reflect.Value {
	segs := strings.Split(path, ".")
	for i, s := range segs {
		if v.Kind() == reflect.Pointer && i > 0 {
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.FieldByName(s)
	}
	return v
}
