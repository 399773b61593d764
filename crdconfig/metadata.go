package crdconfig

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/boundedio"
)

const (
	metadataAPIGroup = "clusterctl.cluster.x-k8s.io"
	metadataKind     = "Metadata"
)

// ErrNotMetadata is returned by LoadMetadata for a metadata.yaml that is
// not clusterctl's (another tool's file of the same name).
var ErrNotMetadata = errors.New("not a clusterctl Metadata document")

// ReleaseSeries is one entry of releaseSeries.
type ReleaseSeries struct {
	Major, Minor int
	Contract     string
	// Line is the line of its contract field (else of the entry).
	Line int
}

func (s ReleaseSeries) String() string { return fmt.Sprintf("v%d.%d", s.Major, s.Minor) }

// Metadata is a clusterctl metadata.yaml.
type Metadata struct {
	File   string
	Series []ReleaseSeries
}

// Latest is the highest release series: the one the tree is released as.
func (m *Metadata) Latest() (ReleaseSeries, bool) {
	if m == nil || len(m.Series) == 0 {
		return ReleaseSeries{}, false
	}
	best := m.Series[0]
	for _, s := range m.Series[1:] {
		if s.Major > best.Major || (s.Major == best.Major && s.Minor > best.Minor) {
			best = s
		}
	}
	return best, true
}

// FindMetadata returns the nearest clusterctl metadata.yaml (which contract
// each release series of the provider declares) in dir or its parents up
// to stopAt (never above it), or "".
func FindMetadata(dir, stopAt string) string {
	for _, d := range ancestors(dir, stopAt) {
		p := filepath.Join(d, contract.MetadataFileName)
		seen(p)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p
		}
	}
	return ""
}

// LoadMetadata reads a clusterctl metadata.yaml within the input limits.
// Errors name the file and, where known, the line.
func LoadMetadata(path string) (*Metadata, error) {
	seen(path)
	data, err := boundedio.ReadYAML(path)
	if err != nil {
		return nil, err
	}
	docs, err := parseDocs(data)
	if err != nil {
		return nil, fmt.Errorf("%s: invalid YAML: %v", path, err)
	}
	if len(docs) != 1 {
		return nil, fmt.Errorf("%s: %d YAML documents; clusterctl reads one", path, len(docs))
	}
	doc := docs[0]
	av, kind := mapValue(doc, "apiVersion"), mapValue(doc, "kind")
	if av == nil || kind == nil || kind.Value != metadataKind || !isMetadataAPIVersion(av.Value) {
		return nil, fmt.Errorf("%s: %w", path, ErrNotMetadata)
	}
	md := &Metadata{File: path}
	list := mapValue(doc, "releaseSeries")
	if list == nil || list.Kind != kyaml.SequenceNode {
		return nil, fmt.Errorf("%s:%d: releaseSeries: want a list", path, doc.Line)
	}
	for i, item := range list.Content {
		item = deref(item)
		var s ReleaseSeries
		s.Line = item.Line
		for _, f := range []struct {
			name string
			dst  *int
		}{{"major", &s.Major}, {"minor", &s.Minor}} {
			n := mapValue(item, f.name)
			v, err := strconv.Atoi(valueOf(n))
			if err != nil || v < 0 {
				return nil, fmt.Errorf("%s:%d: releaseSeries[%d].%s: want a non-negative integer, got %q", path, item.Line, i, f.name, valueOf(n))
			}
			*f.dst = v
		}
		k, c := mapEntry(item, "contract")
		if c == nil || c.Kind != kyaml.ScalarNode || c.Value == "" {
			return nil, fmt.Errorf("%s:%d: releaseSeries[%d].contract: want a contract version such as v1beta2", path, item.Line, i)
		}
		s.Contract, s.Line = c.Value, k.Line
		md.Series = append(md.Series, s)
	}
	return md, nil
}

func isMetadataAPIVersion(apiVersion string) bool {
	group, _, ok := strings.Cut(apiVersion, "/")
	return ok && group == metadataAPIGroup
}

func valueOf(n *kyaml.Node) string {
	if n == nil || n.Kind != kyaml.ScalarNode {
		return ""
	}
	return n.Value
}
