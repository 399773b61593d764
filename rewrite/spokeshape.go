package rewrite

import (
	"fmt"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/analyzers/kindtypes"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// withholdSpokeShapes withholds in w the string-shape fixes
// spokePointerBlocks names, and reports whether it added one.
func withholdSpokeShapes(w map[analyzers.FieldKey]*withheldFix, rep *report.Report) bool {
	added := false
	for _, f := range spokePointerBlocks(rep) {
		key := analyzers.FieldKey{Type: f.Type, Field: f.Field}
		if w[key] == nil {
			w[key] = &withheldFix{key: key, kind: f.Kind, spoke: f.Message}
			added = true
		}
	}
	return added
}

func spokeReason(spoke string) string {
	return fmt.Sprintf("conversion spoke %s keeps it as *string, and a pointer to \"\" would come back nil through the hub's string (spoke→hub→spoke, as utilconversion.FuzzTestFunc checks)", spoke)
}

// spokePointerBlocks lists, as blocked uses the withholding takes, the
// string-shape fixes of storage types one of whose conversion spokes keeps
// the field as *string: the spoke's pointer to "" becomes the hub's "" and
// comes back nil, so the spoke→hub→spoke round trip that
// utilconversion.FuzzTestFunc runs fails. Core reads *string and string
// alike, so keeping the pointer changes nothing any core reads.
func spokePointerBlocks(rep *report.Report) []report.Finding {
	if rep == nil {
		return nil
	}
	type resource struct{ group, name string }
	storage := map[resource]report.TypeRef{}
	spokes := map[string]report.TypeRef{}
	for _, r := range rep.Summary.TypeRefs {
		if r.Storage {
			storage[resource{r.Group, r.Name}] = r
		} else {
			spokes[r.GoType] = r
		}
	}
	var out []report.Finding
	seen := map[string]bool{}
	for _, f := range rep.Findings {
		spoke, ok := spokes[f.Type]
		// Not f.Spoke: a version the v1beta1 label alone names is judged as
		// what v1beta1 cores read, yet still converts from the storage one.
		if !ok || !isStringShape(f, spoke.Kind) {
			continue
		}
		hub, ok := storage[resource{spoke.Group, spoke.Name}]
		if !ok || seen[hub.GoType+" "+f.Field] {
			continue
		}
		seen[hub.GoType+" "+f.Field] = true
		out = append(out, report.Finding{
			Rule: f.Rule, Kind: f.Kind, Type: hub.GoType, Field: f.Field, Position: f.Position,
			Message: spoke.Group + "/" + spoke.Version,
		})
	}
	return out
}

// isStringShape reports whether f, on a type of contract kind kind, is the
// MPA126 finding of a *string at a point the v1beta2 contract makes a
// string: the change the string-shape fix makes.
func isStringShape(f report.Finding, kind string) bool {
	k, ok := contract.KindByName(kind)
	if !ok || f.Rule != contract.RuleKindV1Beta1Shape {
		return false
	}
	_, ok = kindtypes.StringShape(k, f.Field)
	return ok
}
