package crdconfig

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"sigs.k8s.io/kustomize/api/konfig"
)

// FindConfigDir walks up from dir (an API package directory, e.g.
// <repo>/api/v1beta2 or <repo>/test/infrastructure/docker/exp/api/v1beta1)
// towards stopAt (the repository root, contract.RepoRoot, so that a nested
// api/ module finds the root's config/crd; never above it) and returns the nearest
// directory named config/crd that contains a kustomization.yaml (or
// kustomization.yml / Kustomization), or if none, the nearest
// config/crd/bases directory with YAML files. "" if none, or if dir is not
// inside stopAt. An empty stopAt walks up to the filesystem root.
//
// Cluster API >= v1.11 keeps every API package under one api/ tree
// (api/bootstrap/kubeadm/v1beta2) and each provider's CRDs beside its
// controllers (bootstrap/kubeadm/config/crd): from an ancestor holding that
// api/ directory, the mirrored path's config/crd is tried, deepest first,
// before the ancestor's own.
func FindConfigDir(dir, stopAt string) string {
	dirs := ancestors(dir, stopAt)
	for _, d := range dirs {
		for _, c := range append(mirroredCandidates(dirs[0], d), configCandidates(d)...) {
			// A config/crd that cannot be read is returned, not skipped:
			// Load then reports why, where skipping it would report no
			// CRD at all and let the gate pass.
			if kustomizationFile(c) != "" || unreadable(c) {
				return c
			}
		}
	}
	// Only when no kustomization exists anywhere: a bare bases/ is what
	// controller-gen writes before anyone adds a kustomization.
	for _, d := range dirs {
		for _, c := range append(mirroredCandidates(dirs[0], d), configCandidates(d)...) {
			b := filepath.Join(c, "bases")
			if files, err := yamlFiles(b); len(files) > 0 || (err != nil && !errors.Is(err, fs.ErrNotExist)) {
				return b
			}
		}
	}
	return ""
}

// unreadable reports whether dir exists but cannot be listed, or its
// kustomization file exists but cannot be examined.
func unreadable(dir string) bool {
	seen(dir)
	if _, err := os.Lstat(dir); err != nil {
		return false
	}
	if _, err := os.ReadDir(dir); err != nil && !errors.Is(err, syscall.ENOTDIR) {
		return true
	}
	for _, name := range konfig.RecognizedKustomizationFileNames() {
		seen(filepath.Join(dir, name))
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return true
		}
	}
	return false
}

// ancestors lists dir and its parents up to and including stopAt.
func ancestors(dir, stopAt string) []string {
	d, err := filepath.Abs(dir)
	if err != nil {
		return nil
	}
	stop := ""
	if stopAt != "" {
		if stop, err = filepath.Abs(stopAt); err != nil {
			return nil
		}
		if rel, err := filepath.Rel(stop, d); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return nil
		}
	}
	var out []string
	for {
		out = append(out, d)
		if d == stop {
			return out
		}
		parent := filepath.Dir(d)
		if parent == d {
			return out
		}
		d = parent
	}
}

// configCandidates are the config/crd directories d could stand for: d
// itself when it is one, then d/config/crd.
func configCandidates(d string) []string {
	var out []string
	if filepath.Base(d) == "crd" && filepath.Base(filepath.Dir(d)) == "config" {
		out = append(out, d)
	}
	return append(out, filepath.Join(d, "config", "crd"))
}

// apiDir is the directory name Cluster API >= v1.11 keeps its API packages under.
const apiDir = "api"

// mirroredCandidates are, when dir is ancestor/api/a/b/..., the directories
// ancestor/a/b/config/crd and ancestor/a/config/crd (deepest first): where
// that layout keeps the CRDs of the API packages under api/a/b.
func mirroredCandidates(dir, ancestor string) []string {
	rel, err := filepath.Rel(ancestor, dir)
	if err != nil {
		return nil
	}
	parts := strings.Split(rel, string(filepath.Separator))
	if len(parts) < 3 || parts[0] != apiDir {
		return nil // api/<version> is the usual layout, handled by the walk
	}
	var out []string
	// parts[1:len-1] drops api/ and the version directory.
	for n := len(parts) - 1; n >= 2; n-- {
		out = append(out, filepath.Join(ancestor, filepath.Join(parts[1:n]...), "config", "crd"))
	}
	return out
}

// kustomizationFile returns the kustomization file in dir, or "".
func kustomizationFile(dir string) string {
	for _, name := range konfig.RecognizedKustomizationFileNames() {
		p := filepath.Join(dir, name)
		seen(p)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p
		}
	}
	return ""
}

// yamlFiles lists the *.yaml and *.yml files directly in dir, sorted.
func yamlFiles(dir string) ([]string, error) {
	seen(dir)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		ext := strings.ToLower(filepath.Ext(e.Name()))
		if !e.IsDir() && (ext == ".yaml" || ext == ".yml") {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out, nil
}
