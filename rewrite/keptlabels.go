package rewrite

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// errFailuresUnderKeptLabel ends an attempt whose fixes moved failure
// fields that a supported core still reads once the labels are final: the
// fixes were judged for the labels the rewrite meant to write
// (Settings.Relabel), and a label it held afterwards keeps a core reading
// the version by the v1beta1 contract. Run rewrites again keeping them.
var errFailuresUnderKeptLabel = errors.New("failure fields moved under a label the rewrite kept")

// failuresUnderKeptLabels lists the top-level failure fields a storage type
// had before the rewrite and not after it (moved under
// status.deprecated.v1beta1) while, with the labels its CRD has after the
// rewrite, a supported core reads them by the v1beta1 contract; with why
// (held says why the rewrite left a kind's label, "" when it does not
// know). Fields already in kept are not listed again. The next attempt
// keeps them, which may let the label move after all (a CRD that could not
// take the move's schema change): they stay then too, and a later run moves
// them under the new label.
func failuresUnderKeptLabels(before, after *report.Report, target contract.CoreTarget, kept map[analyzers.FieldKey]string, held func(group, kind string) string) map[analyzers.FieldKey]string {
	if before == nil || after == nil {
		return nil
	}
	had := map[string][]string{} // Go type -> its points before
	for _, ref := range before.Summary.TypeRefs {
		if ref.GoType != "" {
			had[ref.GoType] = append(had[ref.GoType], ref.Points...)
		}
	}
	cores := contract.SupportedCores(target.Release())
	out := map[analyzers.FieldKey]string{}
	for _, ref := range after.Summary.TypeRefs {
		k, ok := contract.KindByName(ref.Kind)
		if !ok || !ref.Storage || ref.GoType == "" {
			continue
		}
		for _, path := range []string{contract.PathFailureReason, contract.PathFailureMessage} {
			key := analyzers.FieldKey{Type: ref.GoType, Field: path}
			if _, done := kept[key]; done || !slices.Contains(had[ref.GoType], path) || slices.Contains(ref.Points, path) {
				continue
			}
			if w, ok := contract.V1Beta1Reader(k, path, ref.Version, ref.Labels, cores); ok {
				why := ""
				if h := held(ref.Group, ref.Name); h != "" {
					why = " (" + h + ")"
				}
				out[key] = fmt.Sprintf("with the fields moved, the rewrite left its CRD's labels %s%s, under which cores %s read %s by the v1beta1 contract",
					describeLabels(ref.Labels), why, w, path)
			}
		}
	}
	return out
}

// describeLabels is a CRD's contract labels, sorted, for a message.
func describeLabels(labels map[string]string) string {
	var parts []string
	for key, value := range labels {
		if strings.HasPrefix(key, contract.LabelPrefix) {
			parts = append(parts, key+": "+value)
		}
	}
	if len(parts) == 0 {
		return "(none)"
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

func compareFieldKeys(a, b analyzers.FieldKey) int {
	return strings.Compare(a.Type+"\x00"+a.Field, b.Type+"\x00"+b.Field)
}

// heldReason describes why the label of group/kind was held, from the
// holds the attempt recorded.
func heldReason(group, kind string, holds ...[]heldLabel) string {
	for _, hs := range holds {
		for _, h := range hs {
			if h.key.group != group || h.key.kind != kind {
				continue
			}
			if h.reason != "" {
				return h.reason
			}
			if len(h.missing) > 0 {
				return "core would miss " + strings.Join(h.missing, "; ")
			}
		}
	}
	return ""
}
