package rewrite

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/crdconfig"
	"github.com/mpaudit/mpaudit/internal/yamldocs"
)

// labelChange is one YAML file edit that adds the v1beta2 contract label.
type labelChange struct {
	file    string // real path
	content []byte
	why     string
}

// labelTarget is a CRD that lacks cluster.x-k8s.io/v1beta2.
type labelTarget struct {
	crd   crdconfig.CRD
	value string // the storage version
	cfg   *crdconfig.Result
	// wanted are all the CRDs (group and kind) this rewrite labels.
	wanted map[labelKey]string
}

// planLabel decides where the label goes, in the form the repo already
// uses. A kustomize-wide label (labels/commonLabels) is extended only when
// every CRD it labels gets the label from this rewrite: elsewhere it would
// declare the v1beta2 contract for kinds whose types or writes are not
// ready, and Cluster API switches fields on that label for them. Such repos
// get a patch targeting the one CRD instead.
//
// Each API version goes under one contract label, as Cluster API v1.11.0's
// own CRDs do (`cluster.x-k8s.io/v1beta1: v1beta1`, `cluster.x-k8s.io/v1beta2:
// v1beta2`): core maps a version back to its contract by ranging over the
// labels, a map, so a version under both has no deterministic contract
// (MPA345). The version the v1beta2 label takes leaves the v1beta1 label
// when another version stays there for older cores, which read only it.
//
// both reports that the version stays under the v1beta1 label too (the
// CRD serves no other version, or the label is set where this CRD's
// value cannot change alone).
func planLabel(t labelTarget, read func(string) ([]byte, error)) (changes []labelChange, both bool, err error) {
	key := contract.LabelKey(contract.V1Beta2)
	v1 := contract.LabelKey(contract.V1Beta1)
	kust := kustomizationPath(t.cfg.Dir)
	src, hasSrc := t.crd.LabelSources[v1]
	rest, move := v1beta1Rest(t.crd.Labels[v1], t.value)
	listed := slices.Contains(strings.Split(t.crd.Labels[v1], "_"), t.value)
	switch {
	case hasSrc && kust != "" && src.File == kust && allWanted(t.cfg, t.wanted):
		if move && !sameLabels(t.cfg, t.wanted, v1) {
			move = false // one kustomization-wide value cannot drop different versions
		}
		changes, err = editKustomizationLabel(kust, v1, key, t.value, rest, move, read)
	case hasSrc && src.File != kust && src.File != "":
		// A patch or the CRD base carries the label for this CRD alone.
		changes, err = editObjectLabel(src.File, t.crd.Name, key, t.value, rest, move, read)
	case kust != "":
		// The kustomization-wide v1beta1 label is applied after patches.
		changes, err = addLabelPatch(t, kust, key, read)
		move = false
	case t.crd.File != "":
		changes, err = editObjectLabel(t.crd.File, t.crd.Name, key, t.value, rest, move, read)
	default:
		return nil, false, fmt.Errorf("CRD %s: no file to put the label in", t.crd.Name)
	}
	return changes, listed && !move, err
}

// v1beta1Rest is the v1beta1 label's value without version; move is false
// when the label does not list it or lists nothing else.
func v1beta1Rest(label, version string) (rest string, move bool) {
	var keep []string
	found := false
	for v := range strings.SplitSeq(label, "_") {
		switch {
		case v == version:
			found = true
		case v != "":
			keep = append(keep, v)
		}
	}
	if !found || len(keep) == 0 {
		return label, false
	}
	return strings.Join(keep, "_"), true
}

// sameLabels reports whether every CRD of the kustomization has the same
// key label and gets the same v1beta2 version.
func sameLabels(cfg *crdconfig.Result, wanted map[labelKey]string, key string) bool {
	first := true
	var label, version string
	for _, c := range cfg.CRDs {
		l, v := c.Labels[key], wanted[labelKey{c.Group, c.Kind}]
		if first {
			label, version, first = l, v, false
		} else if l != label || v != version {
			return false
		}
	}
	return true
}

func kustomizationPath(dir string) string {
	for _, n := range []string{"kustomization.yaml", "kustomization.yml", "Kustomization"} {
		p := filepath.Join(dir, n)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

func allWanted(cfg *crdconfig.Result, wanted map[labelKey]string) bool {
	for _, c := range cfg.CRDs {
		if _, ok := wanted[labelKey{c.Group, c.Kind}]; !ok {
			return false
		}
	}
	return true
}

// editKustomizationLabel adds key next to the v1beta1 label, in the same
// labels[].pairs entry or in commonLabels.
func editKustomizationLabel(path, near, key, value, rest string, move bool, read func(string) ([]byte, error)) ([]labelChange, error) {
	data, err := read(path)
	if err != nil {
		return nil, err
	}
	doc, err := yamldocs.Parse(string(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	rn := doc.Root()
	var target *kyaml.RNode
	if labels := rn.Field("labels"); labels != nil {
		items, _ := labels.Value.Elements()
		for _, it := range items {
			if pairs := it.Field("pairs"); pairs != nil && pairs.Value.Field(near) != nil {
				target = pairs.Value
			}
		}
	}
	if target == nil {
		if cl := rn.Field("commonLabels"); cl != nil && cl.Value.Field(near) != nil {
			target = cl.Value
		}
	}
	if target == nil {
		return nil, fmt.Errorf("%s: the %s label is not in labels[].pairs or commonLabels", path, near)
	}
	if err := doc.SetScalarAfter(target, near, key, value); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if move {
		if err := doc.SetScalar(target, near, rest); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	out, err := doc.Bytes()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return []labelChange{{file: path, content: out, why: "extend the kustomization's contract labels"}}, nil
}

// editObjectLabel sets metadata.labels[key] on the document named name.
func editObjectLabel(path, name, key, value, rest string, move bool, read func(string) ([]byte, error)) ([]labelChange, error) {
	data, err := read(path)
	if err != nil {
		return nil, err
	}
	docs := yamldocs.Split(string(data))
	changed := false
	for i, doc := range docs {
		if yamldocs.Blank(doc) {
			continue
		}
		ed, err := yamldocs.Parse(doc)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		rn := ed.Root()
		if rn.GetName() != name {
			continue
		}
		if err := setObjectLabels(ed, key, value, rest, move); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		out, err := ed.Bytes()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		docs[i] = string(out)
		changed = true
	}
	if !changed {
		return nil, fmt.Errorf("%s: no document named %s", path, name)
	}
	return []labelChange{{file: path, content: []byte(strings.Join(docs, "")), why: "label the CRD where its other labels are set"}}, nil
}

// setObjectLabels sets metadata.labels[key] and, when move, the v1beta1
// label to rest.
func setObjectLabels(doc *yamldocs.Doc, key, value, rest string, move bool) error {
	meta := doc.Root().Field("metadata")
	if meta == nil {
		return fmt.Errorf("no metadata")
	}
	labels := meta.Value.Field("labels")
	if labels == nil || labels.Value.YNode().Kind != kyaml.MappingNode || len(labels.Value.YNode().Content) == 0 {
		m := kyaml.NewMapRNode(&map[string]string{key: value})
		if move {
			if err := m.PipeE(kyaml.SetField(contract.LabelKey(contract.V1Beta1), kyaml.NewScalarRNode(rest))); err != nil {
				return err
			}
		}
		return doc.SetBlock(meta.Value, "labels", m)
	}
	if err := doc.SetScalarAfter(labels.Value, contract.LabelKey(contract.V1Beta1), key, value); err != nil {
		return err
	}
	if move {
		return doc.SetScalar(labels.Value, contract.LabelKey(contract.V1Beta1), rest)
	}
	return nil
}

// addLabelPatch writes a strategic-merge patch that labels the pool CRD and
// lists it under patches: in the kustomization.
func addLabelPatch(t labelTarget, kust, key string, read func(string) ([]byte, error)) ([]labelChange, error) {
	rel := filepath.Join("patches", "contract_label_"+strings.Split(t.crd.Name, ".")[0]+".yaml")
	patch := fmt.Sprintf(`# Declares the Cluster API v1beta2 contract for %s only: its types carry
# status.initialization (and keep the v1beta1 fields for older cores).
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: %s
  labels:
    %s: %s
`, t.crd.Kind, t.crd.Name, key, t.value)
	data, err := read(kust)
	if err != nil {
		return nil, err
	}
	doc, err := yamldocs.Parse(string(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", kust, err)
	}
	rn := doc.Root()
	entry := kyaml.NewMapRNode(&map[string]string{"path": filepath.ToSlash(rel)})
	if patches := rn.Field("patches"); patches != nil && patches.Value.YNode().Kind == kyaml.SequenceNode && len(patches.Value.YNode().Content) > 0 {
		err = doc.Append(patches.Value, entry)
	} else {
		// Absent, or "patches:" with only comments under it (a null value).
		list := kyaml.NewListRNode()
		list.YNode().Content = []*kyaml.Node{entry.YNode()}
		err = doc.SetBlock(rn, "patches", list)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", kust, err)
	}
	out, err := doc.Bytes()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", kust, err)
	}
	return []labelChange{
		{file: filepath.Join(t.cfg.Dir, rel), content: []byte(patch), why: "a patch labels only this CRD"},
		{file: kust, content: out, why: "list the label patch"},
	}, nil
}
