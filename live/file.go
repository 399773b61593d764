package live

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"

	"github.com/mpaudit/mpaudit/internal/boundedio"
	"github.com/mpaudit/mpaudit/report"
)

// FileSource serves a `kubectl get crd,<kinds> -A -o yaml` dump (a file or
// a directory of .yaml/.yml/.json files; List documents are flattened).
type FileSource struct {
	name string
	crds []apiextensionsv1.CustomResourceDefinition
	// objects by group/kind: a dump holds each object at one version, the
	// one kubectl read, so lookups ignore the version.
	objects map[schema.GroupKind][]*unstructured.Unstructured
	// problems are the files of a dump directory that could not be read;
	// the rest of the directory is served.
	problems []report.Problem
}

// LoadFile reads a dump within the input limits (see internal/boundedio),
// stopping when ctx is done. A file given by name must load in full: any
// error names it (and the document). In a directory, a file that cannot be
// read or decoded is a problem (see Problems) and the others are served;
// an error means nothing could be.
func LoadFile(ctx context.Context, path string) (*FileSource, error) {
	fs := &FileSource{name: path, objects: map[schema.GroupKind][]*unstructured.Unstructured{}}
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		if err := fs.readFile(ctx, path); err != nil {
			return nil, err
		}
		return fs, nil
	}
	var files []string
	err = filepath.WalkDir(path, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			if p == path {
				return err
			}
			fs.problem(p, err)
			return nil
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".yaml", ".yml", ".json":
			if !d.IsDir() {
				files = append(files, p)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	if len(files) == 0 && len(fs.problems) == 0 {
		return nil, fmt.Errorf("%s: no .yaml, .yml or .json files", path)
	}
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("%s: %w", path, context.Cause(ctx))
		}
		if err := fs.readFile(ctx, f); err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			fs.problem(f, err)
		}
	}
	return fs, nil
}

// Problems lists the files of a dump directory that were not served.
func (s *FileSource) Problems() []report.Problem { return s.problems }

func (s *FileSource) problem(file string, err error) {
	msg := strings.TrimPrefix(err.Error(), file+": ")
	s.problems = append(s.problems, report.Problem{Subject: file, Message: "not read: " + msg})
}

func (s *FileSource) readFile(ctx context.Context, path string) error {
	data, err := boundedio.ReadFile(path)
	if err != nil {
		return err
	}
	// JSON goes to encoding/json, which has no aliases; YAML is checked
	// before the YAML decoder expands it.
	if !utilyaml.IsJSONBuffer(data) {
		if _, err := boundedio.CheckYAML(path, data); err != nil {
			return err
		}
	}
	dec := utilyaml.NewYAMLOrJSONDecoder(bytes.NewReader(data), 4096)
	for doc := 1; ; doc++ {
		if ctx.Err() != nil {
			return fmt.Errorf("%s: document %d: %w", path, doc, context.Cause(ctx))
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("%s: document %d: %w", path, doc, err)
		}
		if len(bytes.TrimSpace(raw)) == 0 || string(raw) == "null" {
			continue
		}
		// The unstructured scheme keeps integers as int64, as a client would.
		obj, _, err := unstructured.UnstructuredJSONScheme.Decode(raw, nil, nil)
		if err != nil {
			return fmt.Errorf("%s: document %d: %w", path, doc, err)
		}
		if err := s.add(obj, path, doc); err != nil {
			return err
		}
	}
}

func (s *FileSource) add(obj runtime.Object, path string, doc int) error {
	if list, ok := obj.(*unstructured.UnstructuredList); ok {
		for i := range list.Items {
			if err := s.add(&list.Items[i], path, doc); err != nil {
				return err
			}
		}
		return nil
	}
	u, ok := obj.(*unstructured.Unstructured)
	if !ok {
		return fmt.Errorf("%s: document %d: unexpected %T", path, doc, obj)
	}
	gvk := u.GroupVersionKind()
	if gvk.Kind == "" {
		return fmt.Errorf("%s: document %d: object without kind", path, doc)
	}
	if gvk.Group == apiextensionsv1.GroupName && gvk.Kind == "CustomResourceDefinition" {
		var crd apiextensionsv1.CustomResourceDefinition
		if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, &crd); err != nil {
			return fmt.Errorf("%s: document %d: CRD %s: %w", path, doc, u.GetName(), err)
		}
		s.crds = append(s.crds, crd)
		return nil
	}
	gk := gvk.GroupKind()
	s.objects[gk] = append(s.objects[gk], u)
	return nil
}

func (s *FileSource) Name() string { return s.name }

func (s *FileSource) CRDs(context.Context) ([]apiextensionsv1.CustomResourceDefinition, error) {
	return s.crds, nil
}

func (s *FileSource) List(ctx context.Context, gvk schema.GroupVersionKind, scope Scope, each func(*unstructured.Unstructured) error) error {
	sel, err := labels.Parse(scope.LabelSelector)
	if err != nil {
		return err
	}
	for _, u := range s.objects[gvk.GroupKind()] {
		if err := ctx.Err(); err != nil {
			return err
		}
		if (scope.Namespace != "" && u.GetNamespace() != scope.Namespace) || !sel.Matches(labels.Set(u.GetLabels())) {
			continue
		}
		if err := each(u); err != nil {
			return err
		}
	}
	return nil
}

func (s *FileSource) Get(_ context.Context, gvk schema.GroupVersionKind, namespace, name string) (*unstructured.Unstructured, error) {
	for _, u := range s.objects[gvk.GroupKind()] {
		if u.GetNamespace() == namespace && u.GetName() == name {
			return u, nil
		}
	}
	return nil, apierrors.NewNotFound(schema.GroupResource{Group: gvk.Group, Resource: strings.ToLower(gvk.Kind)}, name)
}
