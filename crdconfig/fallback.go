package crdconfig

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/boundedio"
	"sigs.k8s.io/kustomize/api/types"
	"sigs.k8s.io/kustomize/kyaml/resid"
	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"
)

// The fallback reader below follows only what can change a CRD's name or
// labels. It mirrors kustomize's order within one kustomization: nested
// resources are finished first, then components, then patches (patches,
// patchesJson6902, patchesStrategicMerge), then labels and commonLabels.

// object is one CRD being tracked through the kustomization tree.
type object struct {
	info        contract.CRDInfo
	definition  *apiextensionsv1.CustomResourceDefinition
	annotations map[string]string
	file        string
	line        int
	sources     map[string]Source
}

func (o *object) setLabel(key, value string, src Source) {
	o.info.Labels[key] = value
	o.sources[key] = src
}

func (o *object) deleteLabel(key string) {
	delete(o.info.Labels, key)
	delete(o.sources, key)
}

type walker struct {
	problems []string
	// skipped lists the CustomResourceDefinitions of another API version
	// (apiextensions.k8s.io/v1beta1), which are not judged.
	skipped []string
	// unread lists the files that could not be read or were refused by an
	// input limit: they are reported even when kustomize renders, and a
	// refused file is never handed to kustomize.
	unread  []string
	refused bool
	// remote is set when a kustomization names a remote resource: mpaudit
	// never fetches, so such a tree is not rendered.
	remote bool
	active map[string]bool // kustomization dirs being built, against cycles
}

func newWalker() *walker { return &walker{active: map[string]bool{}} }

func (w *walker) problem(format string, args ...any) {
	w.problems = append(w.problems, fmt.Sprintf(format, args...))
}

// read reads a YAML file within the input limits; a failure is a problem
// that names the file (and the kustomization listing it, if any).
func (w *walker) read(path, listedIn string) ([]byte, bool) {
	seen(path)
	data, err := boundedio.ReadYAML(path)
	if err == nil {
		return data, true
	}
	msg := err.Error()
	if !strings.Contains(msg, path) {
		msg = path + ": " + msg
	}
	if listedIn != "" {
		msg += " (listed in " + listedIn + ")"
	}
	w.problem("%s", msg)
	w.unread = append(w.unread, msg)
	w.refused = w.refused || boundedio.IsLimit(err)
	return nil, false
}

// plainDir reads every CRD in the YAML files of dir and dir/bases.
func (w *walker) plainDir(dir string) []*object {
	files, err := yamlFiles(dir)
	if err != nil {
		w.problem("%s: %v", dir, err)
		w.unread = append(w.unread, err.Error())
	}
	bases := filepath.Join(dir, "bases")
	more, err := yamlFiles(bases)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		w.problem("%v", err)
		w.unread = append(w.unread, err.Error())
	}
	files = append(files, more...)
	var objs []*object
	seen := map[string]string{}
	for _, f := range files {
		for _, o := range w.readFile(f) {
			if prev, dup := seen[o.info.Name]; dup {
				w.problem("%s: CRD %s is also defined in %s; ignored", f, o.info.Name, prev)
				continue
			}
			seen[o.info.Name] = f
			objs = append(objs, o)
		}
	}
	return objs
}

// readFile returns the v1 CRDs in one YAML file.
func (w *walker) readFile(path string) []*object {
	data, ok := w.read(path, "")
	if !ok {
		return nil
	}
	docs, err := parseDocs(data)
	if err != nil {
		w.problem("%s: invalid YAML: %v", path, err)
		return nil
	}
	var objs []*object
	for _, d := range expandLists(docs) {
		if !isCRD(d) {
			if isOtherCRD(d) {
				name := ""
				if n := mapValue(mapValue(d, "metadata"), "name"); n != nil {
					name = " " + n.Value
				}
				w.skipped = append(w.skipped, fmt.Sprintf("%s:%d: %s%s is %s, not %s; not judged (Kubernetes serves only %s since 1.22)",
					path, d.Line, crdKind, name, mapValue(d, "apiVersion").Value, crdAPIVersion, crdAPIVersion))
			}
			continue
		}
		info, ann, line, err := decodeCRD(d)
		if err != nil {
			w.problem("%s:%d: cannot decode CustomResourceDefinition: %v", path, d.Line, err)
			continue
		}
		o := &object{info: info, definition: decodeDefinition(d), annotations: ann, file: path, line: line, sources: map[string]Source{}}
		for _, l := range labelEntries(mapValue(mapValue(d, "metadata"), "labels")) {
			o.sources[l.key] = Source{File: path, Line: l.line}
		}
		objs = append(objs, o)
	}
	return objs
}

// kustomization holds the fields of a kustomization file the reader follows.
type kustomization struct {
	Resources    []string          `yaml:"resources"`
	Bases        []string          `yaml:"bases"`
	Components   []string          `yaml:"components"`
	CommonLabels map[string]string `yaml:"commonLabels"`
	Labels       []struct {
		Pairs map[string]string `yaml:"pairs"`
	} `yaml:"labels"`
	Patches               []patchSpec `yaml:"patches"`
	PatchesJSON6902       []patchSpec `yaml:"patchesJson6902"`
	PatchesStrategicMerge []string    `yaml:"patchesStrategicMerge"`
}

type patchSpec struct {
	Path   string          `yaml:"path"`
	Patch  string          `yaml:"patch"`
	Target *types.Selector `yaml:"target"`
}

// build reads the kustomization (or component) in dir on top of in, the
// resources accumulated so far (non-empty only for components).
func (w *walker) build(dir string, in []*object) []*object {
	kpath := kustomizationFile(dir)
	if kpath == "" {
		w.problem("%s: no kustomization file", dir)
		return in
	}
	if w.active[dir] {
		w.problem("%s: kustomization cycle", kpath)
		return in
	}
	w.active[dir] = true
	defer delete(w.active, dir)

	data, ok := w.read(kpath, "")
	if !ok {
		return in
	}
	docs, err := parseDocs(data)
	if err != nil || len(docs) == 0 {
		if err == nil {
			err = fmt.Errorf("empty file")
		}
		w.problem("%s: invalid YAML: %v", kpath, err)
		return in
	}
	root := docs[0]
	var k kustomization
	if err := root.Decode(&k); err != nil {
		w.problem("%s: cannot decode kustomization: %v", kpath, err)
		return in
	}

	objs := in
	for _, r := range append(k.Resources, k.Bases...) {
		objs = w.addUnique(objs, w.resource(dir, kpath, r), kpath)
	}
	for _, c := range k.Components {
		objs = w.build(filepath.Join(dir, c), objs)
	}

	// Patches, in the order kustomize's FixKustomization puts them.
	pnodes := seqItems(mapValue(root, "patches"))
	for i, p := range k.Patches {
		w.patch(objs, dir, kpath, p, itemValue(pnodes, i, "patch"))
	}
	jnodes := seqItems(mapValue(root, "patchesJson6902"))
	for i, p := range k.PatchesJSON6902 {
		w.patch(objs, dir, kpath, p, itemValue(jnodes, i, "patch"))
	}
	snodes := seqItems(mapValue(root, "patchesStrategicMerge"))
	for i, s := range k.PatchesStrategicMerge {
		p := patchSpec{Patch: s}
		var inline *kyaml.Node
		seen(joinPath(dir, s))
		if fi, err := os.Stat(joinPath(dir, s)); err == nil && fi.Mode().IsRegular() {
			p = patchSpec{Path: s}
		} else if i < len(snodes) {
			inline = snodes[i]
		}
		w.patch(objs, dir, kpath, p, inline)
	}

	// Labels, then commonLabels: kustomize appends commonLabels last.
	lnodes := seqItems(mapValue(root, "labels"))
	for i, l := range k.Labels {
		lines := map[string]int{}
		if i < len(lnodes) {
			for _, e := range labelEntries(mapValue(lnodes[i], "pairs")) {
				lines[e.key] = e.line
			}
		}
		w.addLabels(objs, l.Pairs, kpath, lines)
	}
	lines := map[string]int{}
	for _, e := range labelEntries(mapValue(root, "commonLabels")) {
		lines[e.key] = e.line
	}
	w.addLabels(objs, k.CommonLabels, kpath, lines)
	return objs
}

func (w *walker) addLabels(objs []*object, pairs map[string]string, file string, lines map[string]int) {
	for _, o := range objs {
		for key, v := range pairs {
			o.setLabel(key, v, Source{File: file, Line: lines[key]})
		}
	}
}

// addUnique appends add to objs, dropping CRDs already present as kustomize
// would refuse them.
func (w *walker) addUnique(objs, add []*object, kpath string) []*object {
	for _, o := range add {
		dup := false
		for _, e := range objs {
			if e.info.Name == o.info.Name {
				w.problem("%s: CRD %s from %s is already defined in %s; ignored", kpath, o.info.Name, o.file, e.file)
				dup = true
				break
			}
		}
		if !dup {
			objs = append(objs, o)
		}
	}
	return objs
}

// resource reads one entry of resources: a file or a kustomization directory.
func (w *walker) resource(dir, kpath, r string) []*object {
	if strings.Contains(r, "://") || strings.HasPrefix(r, "github.com/") || strings.HasPrefix(r, "git@") {
		w.remote = true
		w.problem("%s: remote resource %s not read", kpath, r)
		return nil
	}
	p := joinPath(dir, r)
	seen(p)
	fi, err := os.Stat(p)
	if err != nil {
		w.problem("%s: resource %s listed in %s: %v", p, r, kpath, err)
		return nil
	}
	if fi.IsDir() {
		return w.build(p, nil)
	}
	return w.readFile(p)
}

// patch applies the label changes of one patch entry. inline is the node of
// an inline patch text, for line numbers.
func (w *walker) patch(objs []*object, dir, kpath string, p patchSpec, inline *kyaml.Node) {
	var data []byte
	file := kpath
	lineOf := func(int) int { return 0 }
	switch {
	case p.Path != "":
		file = joinPath(dir, p.Path)
		b, ok := w.read(file, kpath)
		if !ok {
			return
		}
		data = b
		lineOf = func(l int) int { return l }
	case p.Patch != "":
		data = []byte(p.Patch)
		// kustomize parses inline patch text on its own: it gets the
		// same limits as a file.
		if _, err := boundedio.CheckYAML(kpath+" (inline patch)", data); err != nil {
			w.problem("%v", err)
			w.unread = append(w.unread, err.Error())
			w.refused = true
			return
		}
		if inline != nil {
			base, block := inline.Line, inline.Style&(kyaml.LiteralStyle|kyaml.FoldedStyle) != 0
			lineOf = func(l int) int {
				if block {
					return base + l
				}
				return base
			}
		}
	default:
		return
	}
	docs, err := parseDocs(data)
	if err != nil {
		w.problem("%s: invalid patch YAML: %v", file, err)
		return
	}
	if len(docs) == 0 {
		return
	}
	if docs[0].Kind == kyaml.SequenceNode {
		if p.Target == nil {
			w.problem("%s: JSON6902 patch without a target in %s", file, kpath)
			return
		}
		targets, err := selectTargets(objs, p.Target)
		if err != nil {
			w.problem("%s: patch target in %s: %v", file, kpath, err)
			return
		}
		for _, o := range targets {
			applyJSON6902(o, docs[0], file, lineOf)
		}
		return
	}
	for _, d := range docs {
		kind := mapValue(d, "kind")
		md := mapValue(d, "metadata")
		var targets []*object
		if p.Target != nil {
			if targets, err = selectTargets(objs, p.Target); err != nil {
				w.problem("%s: patch target in %s: %v", file, kpath, err)
				return
			}
		} else {
			if kind == nil || kind.Value != crdKind {
				continue // patches other kinds, which are not tracked
			}
			name := mapValue(md, "name")
			if name == nil {
				w.problem("%s: strategic-merge patch without metadata.name", file)
				continue
			}
			for _, o := range objs {
				if o.info.Name == name.Value {
					targets = append(targets, o)
				}
			}
			if len(targets) == 0 {
				w.problem("%s: patch targets CRD %s, which is not among the resources of %s", file, name.Value, kpath)
			}
		}
		_, labels := mapEntry(md, "labels")
		if labels == nil {
			continue
		}
		for _, o := range targets {
			applySMPLabels(o, labels, file, lineOf)
		}
	}
}

// applySMPLabels merges a patch's metadata.labels: null deletes.
func applySMPLabels(o *object, labels *kyaml.Node, file string, lineOf func(int) int) {
	if isNull(labels) {
		for k := range o.info.Labels {
			o.deleteLabel(k)
		}
		return
	}
	for _, e := range labelEntries(labels) {
		switch {
		case strings.HasPrefix(e.key, "$"): // SMP directives
		case e.null:
			o.deleteLabel(e.key)
		default:
			o.setLabel(e.key, e.value, Source{File: file, Line: lineOf(e.line)})
		}
	}
}

// applyJSON6902 applies add/replace/remove operations on metadata.labels.
func applyJSON6902(o *object, ops *kyaml.Node, file string, lineOf func(int) int) {
	for _, op := range ops.Content {
		opn, pathn, value := mapValue(op, "op"), mapValue(op, "path"), mapValue(op, "value")
		if opn == nil || pathn == nil {
			continue
		}
		verb, path := opn.Value, pathn.Value
		switch {
		case path == "/metadata/labels":
			if verb != "add" && verb != "replace" && verb != "remove" {
				continue
			}
			for k := range o.info.Labels {
				o.deleteLabel(k)
			}
			if verb != "remove" {
				applySMPLabels(o, value, file, lineOf)
			}
		case strings.HasPrefix(path, "/metadata/labels/"):
			key := strings.TrimPrefix(path, "/metadata/labels/")
			key = strings.ReplaceAll(strings.ReplaceAll(key, "~1", "/"), "~0", "~")
			switch verb {
			case "add", "replace":
				if value != nil && value.Kind == kyaml.ScalarNode {
					o.setLabel(key, value.Value, Source{File: file, Line: lineOf(value.Line)})
				}
			case "remove":
				o.deleteLabel(key)
			}
		case path == "/metadata" && (verb == "add" || verb == "replace"):
			if labels := mapValue(value, "labels"); labels != nil {
				for k := range o.info.Labels {
					o.deleteLabel(k)
				}
				applySMPLabels(o, labels, file, lineOf)
			}
		}
	}
}

// selectTargets returns the CRDs a patch target selects, with kustomize's
// own anchored-regex matching.
func selectTargets(objs []*object, sel *types.Selector) ([]*object, error) {
	sr, err := types.NewSelectorRegex(sel)
	if err != nil {
		return nil, err
	}
	gvk := resid.NewGvk("apiextensions.k8s.io", "v1", crdKind)
	if !sr.MatchGvk(gvk) || !sr.MatchNamespace("") {
		return nil, nil
	}
	var out []*object
	for _, o := range objs {
		if !sr.MatchName(o.info.Name) {
			continue
		}
		ok, err := matchSelectors(o, sel)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		out = append(out, o)
	}
	return out, nil
}

// matchSelectors evaluates a target's label and annotation selectors the way
// kustomize does (kyaml's copy of the Kubernetes selector parser).
func matchSelectors(o *object, sel *types.Selector) (bool, error) {
	if sel.LabelSelector == "" && sel.AnnotationSelector == "" {
		return true, nil
	}
	rn := kyaml.NewMapRNode(&map[string]string{})
	if err := rn.SetLabels(o.info.Labels); err != nil {
		return false, err
	}
	if err := rn.SetAnnotations(o.annotations); err != nil {
		return false, err
	}
	if ok, err := rn.MatchesLabelSelector(sel.LabelSelector); err != nil || !ok {
		return false, err
	}
	return rn.MatchesAnnotationSelector(sel.AnnotationSelector)
}

func seqItems(n *kyaml.Node) []*kyaml.Node {
	if n == nil || n.Kind != kyaml.SequenceNode {
		return nil
	}
	out := make([]*kyaml.Node, len(n.Content))
	for i, c := range n.Content {
		out[i] = deref(c)
	}
	return out
}

func itemValue(items []*kyaml.Node, i int, key string) *kyaml.Node {
	if i >= len(items) {
		return nil
	}
	return mapValue(items[i], key)
}

func joinPath(dir, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}
