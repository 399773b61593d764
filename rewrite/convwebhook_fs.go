package rewrite

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/yaml"

	"github.com/mpaudit/mpaudit/crdconfig"
)

// overlayFS is the provider tree on disk with some files replaced or added
// in memory, so kustomize renders a planned edit before it is written.
type overlayFS struct {
	filesys.FileSystem
	files map[string][]byte // absolute clean path -> content
	dirs  map[string]bool   // directories that exist only in the overlay
}

func newOverlayFS(files map[string][]byte) *overlayFS {
	o := &overlayFS{FileSystem: filesys.MakeFsOnDisk(), files: map[string][]byte{}, dirs: map[string]bool{}}
	for p, b := range files {
		p = filepath.Clean(p)
		o.files[p] = b
		for d := filepath.Dir(p); ; d = filepath.Dir(d) {
			if fi, err := os.Stat(d); err == nil && fi.IsDir() {
				break
			}
			o.dirs[d] = true
			if d == filepath.Dir(d) {
				break
			}
		}
	}
	return o
}

func (o *overlayFS) abs(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return filepath.Clean(p)
}

func (o *overlayFS) ReadFile(p string) ([]byte, error) {
	if b, ok := o.files[o.abs(p)]; ok {
		return slices.Clone(b), nil
	}
	return o.FileSystem.ReadFile(p)
}

func (o *overlayFS) Exists(p string) bool {
	a := o.abs(p)
	if _, ok := o.files[a]; ok || o.dirs[a] {
		return true
	}
	return o.FileSystem.Exists(p)
}

func (o *overlayFS) IsDir(p string) bool {
	a := o.abs(p)
	if o.dirs[a] {
		return true
	}
	if _, ok := o.files[a]; ok {
		return false
	}
	return o.FileSystem.IsDir(p)
}

func (o *overlayFS) CleanedAbs(p string) (filesys.ConfirmedDir, string, error) {
	a := o.abs(p)
	if o.dirs[a] {
		return filesys.ConfirmedDir(a), "", nil
	}
	if _, ok := o.files[a]; ok {
		return filesys.ConfirmedDir(filepath.Dir(a)), filepath.Base(a), nil
	}
	return o.FileSystem.CleanedAbs(p)
}

func (o *overlayFS) ReadDir(p string) ([]string, error) {
	a := o.abs(p)
	var names []string
	if !o.dirs[a] {
		n, err := o.FileSystem.ReadDir(p)
		if err != nil {
			return nil, err
		}
		names = n
	}
	for f := range o.files {
		if filepath.Dir(f) == a && !slices.Contains(names, filepath.Base(f)) {
			names = append(names, filepath.Base(f))
		}
	}
	for d := range o.dirs {
		if filepath.Dir(d) == a && !slices.Contains(names, filepath.Base(d)) {
			names = append(names, filepath.Base(d))
		}
	}
	slices.Sort(names)
	return names, nil
}

// The overlay is read-only: kustomize never writes while building.
func (o *overlayFS) WriteFile(p string, _ []byte) error {
	return fmt.Errorf("overlay is read-only: %s", p)
}

// kobj is one rendered object.
type kobj struct {
	group, kind, ns, name string
	orgNs, orgName        string // before namespace and prefix transformers
	obj                   map[string]any
}

func (o *kobj) id() string { return o.group + "/" + o.kind + "/" + o.ns + "/" + o.name }

// kustomizeRender runs `kustomize build dir` over fs (crdconfig.Kustomize).
func kustomizeRender(fs filesys.FileSystem, dir string) (objs []*kobj, err error) {
	// krusty drops the names objects had before namePrefix and namespace;
	// origin annotations say which file each came from, where its
	// original name is read.
	withOrigins, kfile, err := addOriginAnnotations(fs, dir)
	if err != nil {
		return nil, err
	}
	m, err := crdconfig.Kustomize(newOverlayOver(fs, kfile, withOrigins), dir)
	if err != nil {
		return nil, err
	}
	for _, r := range m.Resources() {
		y, err := r.AsYAML()
		if err != nil {
			return nil, err
		}
		var obj map[string]any
		if err := yaml.Unmarshal(y, &obj); err != nil {
			return nil, err
		}
		cur := r.CurId()
		o := &kobj{group: cur.Group, kind: cur.Kind, ns: cur.Namespace, name: cur.Name, obj: obj}
		var origin string
		if ann := fieldMap(obj, "metadata", "annotations"); ann != nil && withOrigins != nil {
			origin, _ = ann[originAnnotation].(string)
			delete(ann, originAnnotation)
			if len(ann) == 0 {
				delete(fieldMap(obj, "metadata"), "annotations")
			}
		}
		o.orgName, o.orgNs = originalName(fs, dir, origin, o)
		objs = append(objs, o)
	}
	return objs, nil
}

const originAnnotation = "config.kubernetes.io/origin"

// addOriginAnnotations returns dir's kustomization with originAnnotations
// in its buildMetadata (nil when it already asks for them or cannot be
// edited: then original names are the rendered ones).
func addOriginAnnotations(fs filesys.FileSystem, dir string) ([]byte, string, error) {
	for _, n := range kustomizationNames {
		kfile := filepath.Join(dir, n)
		if !fs.Exists(kfile) {
			continue
		}
		b, err := fs.ReadFile(kfile)
		if err != nil {
			return nil, "", err
		}
		d, err := parseKDoc(b)
		if err != nil || d.active("buildMetadata") {
			return nil, kfile, nil
		}
		s, err := d.addToList("buildMetadata", []string{"originAnnotations"})
		if err != nil {
			return nil, kfile, nil
		}
		return []byte(s), kfile, nil
	}
	return nil, "", nil
}

func newOverlayOver(fs filesys.FileSystem, kfile string, b []byte) filesys.FileSystem {
	if b == nil {
		return fs
	}
	o := &overlayFS{FileSystem: fs, files: map[string][]byte{filepath.Clean(kfile): b}, dirs: map[string]bool{}}
	return o
}

// originalName is the name and namespace the object has in the file it
// came from: the one object of its kind there, or the one whose name the
// rendered name contains (prefixes and suffixes added), the longest such.
func originalName(fs filesys.FileSystem, dir, origin string, o *kobj) (string, string) {
	var src struct {
		Path string `json:"path"`
	}
	if origin == "" || yaml.Unmarshal([]byte(origin), &src) != nil || src.Path == "" {
		return o.name, o.ns
	}
	b, err := fs.ReadFile(filepath.Join(dir, src.Path))
	if err != nil {
		return o.name, o.ns
	}
	var name, ns string
	for _, doc := range splitYAMLDocs(b) {
		var m map[string]any
		if yaml.Unmarshal(doc, &m) != nil || fieldStr(m, "kind") != o.kind {
			continue
		}
		n := fieldStr(m, "metadata", "name")
		if strings.Contains(o.name, n) && len(n) > len(name) {
			name, ns = n, fieldStr(m, "metadata", "namespace")
		}
	}
	if name == "" {
		return o.name, o.ns
	}
	return name, ns
}

func splitYAMLDocs(b []byte) [][]byte {
	var docs [][]byte
	for d := range strings.SplitSeq("\n"+string(b), "\n---") {
		if strings.TrimSpace(d) != "" {
			docs = append(docs, []byte(d))
		}
	}
	return docs
}

// field reads a nested value of a rendered object.
func field(v any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				return nil
			}
			v = m[k]
		case int:
			l, ok := v.([]any)
			if !ok || k >= len(l) {
				return nil
			}
			v = l[k]
		}
	}
	return v
}

func fieldStr(v any, path ...any) string {
	s, _ := field(v, path...).(string)
	return s
}

func fieldList(v any, path ...any) []any {
	l, _ := field(v, path...).([]any)
	return l
}

func fieldMap(v any, path ...any) map[string]any {
	m, _ := field(v, path...).(map[string]any)
	return m
}
