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
// rewrite, a supported core reads them by the v1beta1 contract; with why.
// Fields already in kept are not listed again.
func failuresUnderKeptLabels(before, after *report.Report, target contract.CoreTarget, kept map[analyzers.FieldKey]string) map[analyzers.FieldKey]string {
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
				out[key] = fmt.Sprintf("its CRD keeps the labels %s, so cores %s read %s by the v1beta1 contract", describeLabels(ref.Labels), w, path)
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
