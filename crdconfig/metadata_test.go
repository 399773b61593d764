package crdconfig

import (
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestLoadMetadata(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "metadata.yaml")
	writeFile(t, p, `apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3
kind: Metadata
releaseSeries:
  - major: 1
    minor: 10
    contract: v1beta1
  - major: 1
    minor: 11
    contract: v1beta2
`)
	md, err := LoadMetadata(p)
	if err != nil {
		t.Fatal(err)
	}
	want := []ReleaseSeries{{Major: 1, Minor: 10, Contract: "v1beta1", Line: 6}, {Major: 1, Minor: 11, Contract: "v1beta2", Line: 9}}
	if !reflect.DeepEqual(md.Series, want) {
		t.Errorf("series %+v, want %+v", md.Series, want)
	}
	if l, ok := md.Latest(); !ok || l.String() != "v1.11" || l.Contract != "v1beta2" {
		t.Errorf("Latest = %v %v", l, ok)
	}
	if got := FindMetadata(filepath.Join(dir, "config", "crd"), dir); got != p {
		t.Errorf("FindMetadata = %q, want %q", got, p)
	}
	if got := FindMetadata(dir, filepath.Join(dir, "config")); got != "" {
		t.Errorf("FindMetadata outside stopAt = %q", got)
	}
}

func TestLoadMetadataErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, doc, want string }{
		{"other tool", "name: x\n", "not a clusterctl Metadata"},
		{"no series", "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\n", ":1: releaseSeries: want a list"},
		{"bad minor", "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n  - major: 1\n    minor: x\n    contract: v1beta1\n", `:4: releaseSeries[0].minor: want a non-negative integer, got "x"`},
		{"no contract", "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n  - major: 1\n    minor: 2\n", ":4: releaseSeries[0].contract: want a contract version"},
		{"two documents", "a: 1\n---\nb: 2\n", "2 YAML documents"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, c.name+".yaml")
			writeFile(t, p, c.doc)
			_, err := LoadMetadata(p)
			if err == nil || !strings.HasPrefix(err.Error(), p) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want %s…%s", err, p, c.want)
			}
			if c.name == "other tool" && !errors.Is(err, ErrNotMetadata) {
				t.Errorf("error %v is not ErrNotMetadata", err)
			}
		})
	}
}
