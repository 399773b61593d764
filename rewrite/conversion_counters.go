package rewrite

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/mpaudit/mpaudit/analyzers/kindtypes"
	"github.com/mpaudit/mpaudit/contract"
)

// hubCounter is a renamed status field of a hub (a control plane's
// upToDateReplicas, availableReplicas) that its spoke's status lacks, with
// its v1beta1 partner, which both statuses have.
type hubCounter struct {
	path     string // the v1beta2 point's path
	name     string // the hub's field
	old      string // the v1beta1 partner's field (in hub and spoke)
	oldPath  string
	copies   bool // the catalog marks the new field a copy of the old
	pointers bool // new is *T where old is T (a copy can be derived)
	nilable  bool // new is a pointer
}

// hubOnlyCounters lists the hub-only renamed fields of the kind a spoke type
// name belongs to, by the catalog's renamed pairs of the same struct.
func hubOnlyCounters(typeName string, hubStatus, spokeStatus types.Type) []hubCounter {
	var out []hubCounter
	for _, k := range contract.LabelDrivenKinds {
		if !k.MatchesTypeName(typeName) {
			continue
		}
		for _, pair := range kindtypes.RenamedPairs(k) {
			status := contract.Segment(pair.New.Path, 0)
			if status != contract.ObjectStatus {
				continue
			}
			hubNew := fieldByJSON(hubStatus, contract.Leaf(pair.New.Path))
			hubOld := fieldByJSON(hubStatus, contract.Leaf(pair.Old.Path))
			spokeOld := fieldByJSON(spokeStatus, contract.Leaf(pair.Old.Path))
			if hubNew == nil || hubOld == nil || spokeOld == nil || fieldByJSON(spokeStatus, contract.Leaf(pair.New.Path)) != nil {
				continue
			}
			if !types.Identical(hubOld.Type(), spokeOld.Type()) || hubOld.Name() != spokeOld.Name() {
				continue
			}
			out = append(out, hubCounter{
				path: pair.New.Path, name: hubNew.Name(), old: hubOld.Name(), oldPath: pair.Old.Path, copies: pair.New.Copies,
				pointers: types.Identical(hubNew.Type(), types.NewPointer(hubOld.Type())),
			})
			_, out[len(out)-1].nilable = types.Unalias(hubNew.Type()).(*types.Pointer)
		}
		break
	}
	return out
}

// counterDerive sets, before the annotation is read, each copied counter
// from its v1beta1 partner (an object never converted from the hub has no
// other source); derived counters stay unset.
func counterDerive(cs []hubCounter, dst, st string, imports *importSet) string {
	var b strings.Builder
	for _, c := range cs {
		if !c.copies || !c.pointers {
			continue
		}
		p := imports.name(ptrPkg, "ptr")
		fmt.Fprintf(&b, "\t// %s exists only in the hub: without the annotation it is a copy of %s.\n", c.path, c.oldPath)
		fmt.Fprintf(&b, "\t%[1]s.%[2]s.%[3]s = %[5]s.To(%[1]s.%[2]s.%[4]s)\n", dst, st, c.name, c.old, p)
	}
	return b.String()
}

// counterRestore restores each counter from the annotation's hub while its
// v1beta1 partner is still what ConvertFrom wrote; else a copy keeps what
// counterDerive set and a derived counter is left unset (its old value
// would be stale).
func counterRestore(cs []hubCounter, dst, st, restored string) string {
	var b strings.Builder
	for _, c := range cs {
		fmt.Fprintf(&b, "\t// %s exists only in the hub: restored while %s is unchanged.\n", c.path, c.oldPath)
		fmt.Fprintf(&b, "\tif %[1]s.%[2]s.%[4]s == %[5]s.%[2]s.%[4]s {\n\t\t%[1]s.%[2]s.%[3]s = %[5]s.%[2]s.%[3]s\n\t}", dst, st, c.name, c.old, restored)
		if (!c.copies || !c.pointers) && c.nilable {
			fmt.Fprintf(&b, " else {\n\t\t%[1]s.%[2]s.%[3]s = nil\n\t}", dst, st, c.name)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// ptrPkg is the pointer helper package the completed conversions call.
const ptrPkg = "k8s.io/utils/ptr"

// hubPointer is a status field the hub holds as a pointer (*int32, *bool)
// where the spoke holds the value (kindtypes.PointerShape): conversion-gen
// maps unset to the zero and back to a pointer to the zero.
type hubPointer struct {
	path, name, zero string
}

// hubPointerShapes lists them for the kind a spoke type name belongs to.
func hubPointerShapes(typeName string, hubStatus, spokeStatus types.Type) []hubPointer {
	var out []hubPointer
	for _, k := range contract.LabelDrivenKinds {
		if !k.MatchesTypeName(typeName) {
			continue
		}
		for _, q := range k.Points(contract.V1Beta2) {
			if contract.Segment(q.Path, 0) != contract.ObjectStatus || len(q.Segments()) != 2 {
				continue
			}
			if _, ok := kindtypes.PointerShape(k, q.Path); !ok {
				continue
			}
			hub, spoke := fieldByJSON(hubStatus, contract.Leaf(q.Path)), fieldByJSON(spokeStatus, contract.Leaf(q.Path))
			if hub == nil || spoke == nil || !types.Identical(hub.Type(), types.NewPointer(spoke.Type())) {
				continue
			}
			b, ok := spoke.Type().Underlying().(*types.Basic)
			if !ok {
				continue
			}
			out = append(out, hubPointer{path: q.Path, name: hub.Name(), zero: zeroLiteral(b)})
		}
		break
	}
	return out
}

// pointerRestore keeps an unset hub pointer unset across a round trip: the
// spoke's zero came from it when the annotation's hub has it unset.
func pointerRestore(ps []hubPointer, dst, st, restored string) string {
	var b strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&b, "\t// %s is a pointer only in the hub: unset stays unset while the spoke holds the zero it was converted to.\n", p.path)
		fmt.Fprintf(&b, "\tif %[4]s.%[2]s.%[3]s == nil && %[1]s.%[2]s.%[3]s != nil && *%[1]s.%[2]s.%[3]s == %[5]s {\n\t\t%[1]s.%[2]s.%[3]s = nil\n\t}\n", dst, st, p.name, restored, p.zero)
	}
	return b.String()
}
