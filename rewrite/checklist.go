package rewrite

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/mpaudit/mpaudit/analyzers/kindtypes"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// checkItem is one step of the PR body's ordered checklist.
type checkItem struct {
	title   string
	done    bool
	summary string
	details []string
}

// changedBy lists the changed files whose reasons include a rule of scope.
func (res *Result) changedBy(scope contract.Scope) []string {
	var out []string
	for _, c := range res.Changes {
		for _, w := range c.Why {
			if r, ok := contract.Lookup(w); ok && r.Scope == scope {
				out = append(out, "`"+c.Rel+"`")
				break
			}
		}
	}
	return out
}

// remainingOf lists findings of the result (storage versions) of a scope
// that the rewrite covers (at any severity) or that hold a label back: the contract's field
// points, not the type as an object (contract.ObjectRules: its metadata,
// list and template, which check reports and no migration changes).
func (res *Result) remainingOf(scope contract.Scope) []string {
	if res.After == nil {
		return nil
	}
	kindOf := contractKinds(res.After)
	var out []string
	for _, f := range res.After.Findings {
		r, ok := contract.Lookup(f.Rule)
		// A finding of a rule the rewrite fixes is left for a person at
		// any severity (Remaining); others only when they are a problem.
		if !ok || r.Scope != scope || f.Spoke || (f.Severity < contract.Warning && !r.FixedBy.Has(contract.Rewrite)) || slices.Contains(contract.ObjectRules, f.Rule) {
			continue
		}
		d := describeFinding(f)
		if k, ok := contract.KindByName(kindOf[f.Type]); ok && f.Rule == contract.RuleKindV1Beta1WriteAlone {
			d += derivedCounterHint(k, f.Field)
		}
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}

// countOf counts the result's findings of a rule on storage versions.
func (res *Result) countOf(rule string) int {
	if res.After == nil {
		return 0
	}
	n := 0
	for _, f := range res.After.Findings {
		if f.Rule == rule && !f.Spoke {
			n++
		}
	}
	return n
}

// contractKinds maps the Go types rep audited to their contract kinds.
func contractKinds(rep *report.Report) map[string]string {
	out := map[string]string{}
	for _, r := range rep.Summary.TypeRefs {
		out[r.GoType] = r.Kind
	}
	return out
}

func describeFinding(f report.Finding) string {
	pos := ""
	if f.Position != nil {
		pos = fmt.Sprintf(" (%s:%d)", f.Position.File, f.Position.Line)
	}
	return fmt.Sprintf("%s %s %s%s", f.Rule, f.Kind, f.Field, pos)
}

func (res *Result) checklist() []checkItem {
	var items []checkItem

	fields := checkItem{title: "Fields"}
	typed := res.changedBy(contract.ScopeType)
	left := append(append([]string(nil), res.fieldsTodo...), res.remainingOf(contract.ScopeType)...)
	fields.done = len(left) == 0
	switch {
	case len(typed) > 0:
		fields.summary = "v1beta2 fields added beside the kept v1beta1 ones in " + strings.Join(typed, ", ")
	default:
		fields.summary = "no type needed a change"
	}
	if len(res.fdMigrated) > 0 {
		_, v2, _ := fdPoints()
		var kinds []string
		for _, k := range res.fdMigrated {
			kinds = append(kinds, k.String())
		}
		fields.summary += fmt.Sprintf("; %s is the v1beta2 list in the storage version of %s, changed with its label (older API versions keep the map and convert)",
			v2.Path, strings.Join(kinds, ", "))
	}
	if made := res.madePointers(); len(made) > 0 {
		fields.summary += fmt.Sprintf("; %s made pointers, as the v1beta2 contract has them: %s", strings.Join(made, ", "), kindtypes.PointerShapeNote)
	}
	fields.details = append(append(left, res.keptFailures()...), res.v1beta1Conditions()...)
	items = append(items, fields)

	writes := checkItem{title: "Writes"}
	used := res.changedBy(contract.ScopeUse)
	wleft := res.remainingOf(contract.ScopeUse)
	writes.done = len(wleft) == 0
	if len(used) > 0 {
		writes.summary = "the v1beta2 fields are written wherever the v1beta1 ones are, in " + strings.Join(used, ", ")
	} else {
		writes.summary = "no write needed a change"
	}
	if n := res.countOf(contract.RuleKindRemovedFieldRead); n > 0 {
		writes.summary += fmt.Sprintf("; reads of v1beta1 fields stay (%d, %s at info): right while both names are written, to move before the v1beta1 fields are dropped",
			n, contract.RuleKindRemovedFieldRead)
	}
	writes.details = wleft
	items = append(items, writes)

	conv := checkItem{title: "Conversion", done: len(res.conversionTodo) == 0}
	switch {
	case len(res.conversionTodo) > 0:
		conv.summary = "conversion functions to write by hand"
		conv.details = res.conversionTodo
	case len(res.conversionDone) > 0:
		var dirs []string
		for d := range res.conversionDone {
			dirs = append(dirs, "`"+d+"`")
		}
		sort.Strings(dirs)
		conv.summary = "regenerated with conversion-gen and completed in " + strings.Join(dirs, ", ")
	default:
		conv.summary = "no older API version converts to a changed type"
	}
	items = append(items, conv)

	items = append(items, res.crdItem(len(typed) > 0))

	labels := checkItem{title: "Labels", done: len(res.held) == 0}
	var labelled []string
	if lp := res.labels; lp != nil {
		for _, m := range []map[labelKey]string{lp.flipped, lp.templates, lp.pools} {
			for key, v := range m {
				labelled = append(labelled, fmt.Sprintf("%s (%s: %s)", key, contract.LabelKey(contract.V1Beta2), v))
			}
		}
	}
	sort.Strings(labelled)
	switch {
	case len(labelled) > 0:
		labels.summary = "labelled " + strings.Join(labelled, ", ")
	case len(res.held) == 0:
		labels.summary = "no contract label needed a change"
	default:
		labels.summary = "no label changed"
	}
	for _, h := range res.held {
		if h.reason != "" {
			line := fmt.Sprintf("%s keeps its label: %s", h.key, h.reason)
			if len(h.missing) > 0 {
				line += fmt.Sprintf("; under %s core would also miss %s", contract.LabelKey(contract.V1Beta2), strings.Join(h.missing, "; "))
			}
			labels.details = append(labels.details, line)
			continue
		}
		labels.details = append(labels.details, fmt.Sprintf("%s keeps its label: under %s core would miss %s", h.key, contract.LabelKey(contract.V1Beta2), strings.Join(h.missing, "; ")))
	}
	items = append(items, labels)

	meta := checkItem{title: "clusterctl metadata", done: true, summary: "no label changed, so " + metadataFile + " keeps its contract"}
	if res.labels != nil && res.labels.metadata != nil {
		meta.done, meta.summary = res.labels.metadata.done, res.labels.metadata.text
	} else if len(labelled) > 0 {
		meta.summary = "no " + metadataFile + " in the module root"
	}
	items = append(items, meta)
	return items
}

// keptFailures names, per storage type and field, the top-level failure
// fields the result keeps because a supported core reads them by the
// v1beta1 contract (the gate kindtypes applies, contract.V1Beta1Reader).
func (res *Result) keptFailures() []string {
	if res.After == nil {
		return nil
	}
	cores := contract.SupportedCores(res.Target.Release())
	var out []string
	for _, ref := range res.After.Summary.TypeRefs {
		k, ok := contract.KindByName(ref.Kind)
		if !ref.Storage || !ok {
			continue
		}
		for _, path := range []string{contract.PathFailureReason, contract.PathFailureMessage} {
			if !slices.Contains(ref.Points, path) {
				continue
			}
			w, ok := contract.V1Beta1Reader(k, path, ref.Version, ref.Labels, cores)
			if !ok {
				continue
			}
			terminal := ""
			if w.From.Less(contract.ReleaseV1Beta2) {
				terminal = fmt.Sprintf(" (cores before %s take it as a terminal failure)", contract.ReleaseV1Beta2)
			}
			out = append(out, fmt.Sprintf("%s %s stays top-level: cores %s read it by the v1beta1 contract%s; move it under %s once those cores are not supported",
				ref.Name, path, w, terminal, contract.PathDeprecatedV1B1))
		}
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// v1beta1Conditions names the storage types whose status.conditions keep
// the v1beta1 Conditions type after the rewrite (MPA127 at any severity:
// a warning from the core that reads them by the v1beta2 contract on).
// Moving them is the guide's conditions stages, which the rewrite does not do.
func (res *Result) v1beta1Conditions() []string {
	if res.After == nil {
		return nil
	}
	storage := map[string]bool{}
	for _, ref := range res.After.Summary.TypeRefs {
		storage[ref.GoType] = ref.Storage
	}
	var out []string
	for _, f := range res.After.Findings {
		if f.Rule == contract.RuleKindConditionsV1Beta1 && storage[f.Type] && !f.Spoke {
			out = append(out, fmt.Sprintf("%s %s keeps the v1beta1 Conditions type: cores that read it by the %s contract (from %s, under its %s label) expect []metav1.Condition there; move them as the migration guide's conditions stages say (%s)",
				f.Kind, f.Field, contract.V1Beta2, contract.ReleaseV1Beta2, contract.LabelKey(contract.V1Beta2), f.Rule))
		}
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// worksOn says, per kind the rewrite labelled or held and per field its
// storage version has, which supported cores (the target up to the newest
// catalogued release) read it and by which contract, from the catalog and
// the labels the result's audit read.
func (res *Result) worksOn() []string {
	keys := map[labelKey]string{} // -> what follows the computed reads
	if lp := res.labels; lp != nil {
		for _, m := range []map[labelKey]string{lp.flipped, lp.pools} {
			for key := range m {
				keys[key] = ""
			}
		}
	}
	for _, key := range res.fdMigrated {
		keys[key] = ""
	}
	for _, h := range res.held {
		keys[h.key] = "; its label stays until the checklist's Labels item is done"
	}
	if len(keys) == 0 || res.After == nil {
		return nil
	}
	cores := contract.SupportedCores(res.Target.Release())
	var out []string
	for _, r := range res.After.Summary.TypeRefs {
		tail, ok := keys[labelKey{r.Group, r.Name}]
		k, known := contract.KindByName(r.Kind)
		if !ok || !known || !r.Storage {
			continue
		}
		out = append(out, worksOnLine(labelKey{r.Group, r.Name}, r.Version, r.Kind,
			contract.ReadsOver(k, r.Version, r.Labels, r.Points, cores))+tail)
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// worksOnLine renders the reads of one API version, adjacent windows that
// read alike joined.
func worksOnLine(key labelKey, version, kind string, reads []contract.WindowReads) string {
	var parts []string
	for i := 0; i < len(reads); {
		j := i + 1
		for j < len(reads) && reads[j].Contract == reads[i].Contract && slices.Equal(reads[j].Paths, reads[i].Paths) {
			j++
		}
		w := contract.CoreWindow{From: reads[i].Window.From, Until: reads[j-1].Window.Until}
		switch r := reads[i]; {
		case r.Contract == "":
			parts = append(parts, fmt.Sprintf("cores %s read another API version or cannot resolve its labels", w))
		case len(r.Paths) == 0:
			parts = append(parts, fmt.Sprintf("cores %s read it by the %s contract: none of its fields", w, r.Contract))
		default:
			parts = append(parts, fmt.Sprintf("cores %s read it by the %s contract: %s", w, r.Contract, strings.Join(r.Paths, ", ")))
		}
		i = j
	}
	return fmt.Sprintf("%s %s (%s): %s", key, version, kind, strings.Join(parts, "; "))
}

// madePointers lists the value fields of storage types (kind and path) the
// MPA126 pointer fix changed: reported before the rewrite, not after.
func (res *Result) madePointers() []string {
	if res.Before == nil || res.After == nil {
		return nil
	}
	key := func(f report.Finding) string { return f.Type + " " + f.Field }
	after := map[string]bool{}
	for _, f := range res.After.Findings {
		if f.Rule == contract.RuleKindV1Beta1Shape {
			after[key(f)] = true
		}
	}
	kindOf := contractKinds(res.Before)
	var out []string
	for _, f := range res.Before.Findings {
		k, ok := contract.KindByName(kindOf[f.Type])
		if f.Rule != contract.RuleKindV1Beta1Shape || f.Spoke || !ok || after[key(f)] {
			continue
		}
		if _, ok := kindtypes.PointerShape(k, f.Field); ok {
			out = append(out, fmt.Sprintf("%s %s", f.Kind, f.Field))
		}
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// derivedCounterHint says what to write beside a write of a v1beta1
// counter whose v1beta2 successor is not a copy (a control plane's
// unavailableReplicas → availableReplicas): the rewrite cannot, because
// core computed the v1beta1 reading when it read the object
// (contract.ControlPlaneCounters), so a value fixed at write time differs
// as soon as the other operand changes without a status update.
func derivedCounterHint(k *contract.Kind, field string) string {
	for _, c := range contract.ControlPlaneCounters {
		old, ok1 := k.PointOf(contract.V1Beta1, c.Aspect)
		next, ok2 := k.PointOf(contract.V1Beta2, c.Aspect)
		other, ok3 := k.PointOf(contract.V1Beta2, c.ComplementOf)
		if !ok1 || !ok2 || !ok3 || c.ComplementOf == "" || old.Path != field {
			continue
		}
		return fmt.Sprintf(": write %[1]s there too, the number of available machines your controller counts; "+
			"under the v1beta1 label core computed it when reading as %[2]s − %[3]s, so `%[1]s = %[2]s − %[3]s` (0 for an unset %[2]s) "+
			"repeats that only until %[2]s changes without a status update, which is why mpaudit does not write it",
			next.Path, other.Path, old.Path)
	}
	return ""
}
