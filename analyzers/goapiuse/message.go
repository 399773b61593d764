package goapiuse

import (
	"cmp"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/mpaudit/mpaudit/contract"
)

// describe says in one sentence where the value at path (below a value of
// the struct type that sits at rootPath in its root) goes in v1beta2.
// changed are the changes among fields, all those under it; valueType is the
// value's Go type (package-qualified, v1.11+ paths; "" unknown).
func describe(subject, rootPath, path string, changed, fields []contract.GoFieldChange, valueType string) string {
	total := len(fields)
	full := path
	if rootPath != "" {
		full = rootPath + "." + path
	}
	if len(changed) == 1 && total == 1 && leafOf(changed[0].Old, full) {
		return leaf(subject, rootPath, changed[0])
	}
	if len(changed) == total {
		if all(changed, func(c contract.GoFieldChange) bool { return c.Class == contract.ChangeRemoved }) {
			return subject + " is not carried to v1beta2"
		}
		if list, ok := mapToList(full, changed); ok {
			return fmt.Sprintf("%s becomes the list %s in v1beta2 (a map keyed by name becomes a list with the name as a field)", subject, relative(rootPath, changed[0].Root, list))
		}
		if kept, ok := reference(full, changed); ok {
			return fmt.Sprintf("%s is a reference of another type in v1beta2 (of its corev1.ObjectReference fields only %s carried)", subject, kept)
		}
		if to, ok := movedTogether(full, changed); ok {
			return fmt.Sprintf("%s moves to %s in v1beta2", subject, relative(rootPath, changed[0].Root, to))
		}
	}
	return whole(subject, rootPath, full, changed, fields, valueType)
}

// whole describes the use of a struct (or list or map of them) as one
// value: its successor, and how many and which of the fields below it
// change, by class.
func whole(subject, rootPath, full string, changed, fields []contract.GoFieldChange, valueType string) string {
	root := changed[0].Root
	var succ []string
	if valueType != "" {
		succ = append(succ, "a "+short(valueType))
	}
	if t, ok := contract.GoAPIValueType(root, full); ok {
		in := "in v1beta2 a " + short(t)
		if to, moved := contract.GoSuccessorPath(full, fields); moved && to != full {
			in += " at " + relative(rootPath, root, to)
		}
		succ = append(succ, in)
	}
	if len(succ) > 0 {
		subject += " (" + strings.Join(succ, "; ") + ")"
	}
	classes := map[string]int{}
	for _, c := range changed {
		classes[classLabel(c)]++
	}
	labels := slices.Collect(maps.Keys(classes))
	slices.SortFunc(labels, func(a, b string) int { return cmp.Or(classes[b]-classes[a], strings.Compare(a, b)) })
	var counts []string
	for _, l := range labels {
		counts = append(counts, fmt.Sprintf("%d %s", classes[l], l))
	}
	const listed = 3
	var names []string
	for _, c := range changed[:min(listed, len(changed))] {
		rel := strings.TrimPrefix(strings.TrimPrefix(c.Old, full), ".")
		if rel == "" {
			rel = c.Old[strings.LastIndex(c.Old, ".")+1:]
		}
		names = append(names, rel)
	}
	more := ""
	if len(changed) > listed {
		more = fmt.Sprintf(", and %d more", len(changed)-listed)
	}
	return fmt.Sprintf("%s is used whole: %d of its %d fields change (%s): %s%s", subject, len(changed), len(fields), strings.Join(counts, ", "), strings.Join(names, ", "), more)
}

// classLabel names a change's class for a count ("moved" for a field at
// another path, whatever else changes).
func classLabel(c contract.GoFieldChange) string {
	if c.Moved && c.Class != contract.ChangeMapToList {
		return "moved"
	}
	return string(c.Class)
}

// leafOf: old is the field at full itself, or the elements or values of
// the list or map at full.
func leafOf(old, full string) bool {
	return old == full || old == full+"[]" || old == full+"{}"
}

// leaf describes one field's change.
func leaf(subject, rootPath string, c contract.GoFieldChange) string {
	if c.Class == contract.ChangeRemoved {
		return subject + " is not carried to v1beta2"
	}
	newType, oldType := short(c.NewType), short(c.OldType)
	if c.Class == contract.ChangeMapToList {
		list := c.New[0]
		if i := strings.LastIndex(list, "[]"); i >= 0 {
			list = list[:i]
		}
		return fmt.Sprintf("%s becomes the list %s in v1beta2 (a map keyed by name becomes a list with the name as a field)", subject, relative(rootPath, c.Root, list))
	}
	if c.Moved {
		var to []string
		for _, n := range c.New {
			to = append(to, relative(rootPath, c.Root, n))
		}
		return fmt.Sprintf("%s moves to %s (%s%s) in v1beta2", subject, strings.Join(to, " and "), newType, note(c))
	}
	switch c.Class {
	case contract.ChangeStringPointer:
		return subject + ` is a string in v1beta2 (*string → string, "" for unset)`
	case contract.ChangePointerToValue:
		return fmt.Sprintf("%s is a %s in v1beta2 (%s → %s, the zero value for unset)", subject, newType, oldType, newType)
	case contract.ChangeValueToPointer:
		return fmt.Sprintf("%s is a %s in v1beta2 (%s → %s, nil for unset)", subject, newType, oldType, newType)
	case contract.ChangeDurationToSeconds:
		return fmt.Sprintf("%s is %s seconds in v1beta2 (%s → %s: clusterv1.ConvertToSeconds)", subject, newType, oldType, newType)
	case contract.ChangeReference:
		return subject + " is a field of the reference type that replaces corev1.ObjectReference in v1beta2 (apiVersion becomes apiGroup; namespace, uid, resourceVersion and fieldPath are not carried)"
	}
	return fmt.Sprintf("%s is a %s in v1beta2 (was %s)", subject, newType, oldType)
}

// note is what a moved field's class adds to its new type.
func note(c contract.GoFieldChange) string {
	switch c.Class {
	case contract.ChangeStringPointer:
		return `, "" for unset`
	case contract.ChangeValueToPointer:
		return ", nil for unset"
	case contract.ChangePointerToValue:
		return ", the zero value for unset"
	case contract.ChangeDurationToSeconds:
		return " seconds: clusterv1.ConvertToSeconds"
	case contract.ChangeReference:
		return " of a contract-versioned reference"
	}
	return ""
}

// mapToList: the value at full is a map that becomes a list; list is the
// list's path.
func mapToList(full string, changed []contract.GoFieldChange) (list string, ok bool) {
	for _, c := range changed {
		tail, under := strings.CutPrefix(c.Old, full+"{}")
		if !under || c.Class != contract.ChangeMapToList {
			return "", false
		}
		if l, found := strings.CutSuffix(c.New[0], "[]"+tail); found && list == "" {
			list = l
		}
	}
	return list, list != ""
}

// reference: the changes are those of a corev1.ObjectReference whose
// successor is another reference type; kept names what is carried.
func reference(full string, changed []contract.GoFieldChange) (string, bool) {
	var kept []string
	for _, c := range changed {
		switch c.Class {
		case contract.ChangeRemoved:
		case contract.ChangeReference:
			old := strings.TrimPrefix(c.Old, full+".")
			to := c.New[0][strings.LastIndex(c.New[0], ".")+1:]
			if to != old {
				to += " (from " + old + ")"
			}
			kept = append(kept, to)
		default:
			return "", false
		}
	}
	switch len(kept) {
	case 0:
		return "", false
	case 1:
		return kept[0] + " is", true
	}
	return strings.Join(kept[:len(kept)-1], ", ") + " and " + kept[len(kept)-1] + " are", true
}

// movedTogether: every change moves from below full to the same place
// below one new path, which it returns.
func movedTogether(full string, changed []contract.GoFieldChange) (string, bool) {
	to := ""
	for _, c := range changed {
		if !c.Moved || len(c.New) != 1 || c.Class == contract.ChangeMapToList {
			return "", false
		}
		rest := strings.TrimPrefix(c.Old, full)
		prefix, ok := strings.CutSuffix(c.New[0], rest)
		if !ok || (to != "" && prefix != to) {
			return "", false
		}
		to = prefix
	}
	return to, to != ""
}

// relative names a v1beta2 path from the value at rootPath when it is
// below it (as the code selects it), else from the root type.
func relative(rootPath, root, p string) string {
	if rootPath == "" {
		return p
	}
	if rest, ok := strings.CutPrefix(p, rootPath+"."); ok {
		return rest
	}
	return root[strings.LastIndex(root, ".")+1:] + "." + p
}

func all(cs []contract.GoFieldChange, f func(contract.GoFieldChange) bool) bool {
	for _, c := range cs {
		if !f(c) {
			return false
		}
	}
	return true
}

// shortNames are the package names the migration guide spells types with.
var shortNames = strings.NewReplacer(
	"k8s.io/apimachinery/pkg/apis/meta/v1.", "metav1.",
	"k8s.io/api/core/v1.", "corev1.",
	contract.PkgClusterV1+".", "clusterv1.",
	"sigs.k8s.io/cluster-api/api/bootstrap/kubeadm/v1beta2.", "bootstrapv1.",
	"sigs.k8s.io/cluster-api/api/controlplane/kubeadm/v1beta2.", "controlplanev1.",
	"sigs.k8s.io/cluster-api/api/ipam/v1beta2.", "ipamv1.",
)

var pkgPath = regexp.MustCompile(`[\w.-]+(?:/[\w.-]+)+\.`)

// short renders a package-qualified Go type with package names.
func short(t string) string {
	t = shortNames.Replace(t)
	return pkgPath.ReplaceAllStringFunc(t, func(p string) string {
		p = strings.TrimSuffix(p, ".")
		return p[strings.LastIndex(p, "/")+1:] + "."
	})
}
