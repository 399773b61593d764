// Package gendir keeps a folder of generated files (docs/rules,
// docs/contract) equal to what a renderer produces: Write brings it there,
// Diff says how far it is, so `make docs` and the staleness tests agree.
package gendir

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"
)

// owned lists the files in dir matching the patterns (e.g. "*.md"): the
// ones Write may remove when the renderer no longer produces them.
func owned(dir string, patterns []string) ([]string, error) {
	var out []string
	for _, p := range patterns {
		m, err := filepath.Glob(filepath.Join(dir, p))
		if err != nil {
			return nil, err
		}
		out = append(out, m...)
	}
	return out, nil
}

// Write writes files (name → content) into dir, creating it, leaves files
// that are already equal untouched, and removes the owned files (matching
// patterns) that files no longer holds.
func Write(dir string, files map[string][]byte, patterns ...string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	present, err := owned(dir, patterns)
	if err != nil {
		return err
	}
	for _, p := range present {
		if _, ok := files[filepath.Base(p)]; !ok {
			if err := os.Remove(p); err != nil {
				return err
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		p := filepath.Join(dir, name)
		if old, err := os.ReadFile(p); err == nil && bytes.Equal(old, files[name]) {
			continue
		}
		if err := os.WriteFile(p, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Diff describes, sorted, each difference between dir and files: owned
// files the renderer no longer produces, missing files and outdated ones;
// nil means dir is up to date.
func Diff(dir string, files map[string][]byte, patterns ...string) ([]string, error) {
	present, err := owned(dir, patterns)
	if err != nil {
		return nil, err
	}
	var diffs []string
	for _, p := range present {
		if _, ok := files[filepath.Base(p)]; !ok {
			diffs = append(diffs, filepath.Base(p)+": not generated from the catalog (stale)")
		}
	}
	for name, content := range files {
		got, err := os.ReadFile(filepath.Join(dir, name))
		switch {
		case os.IsNotExist(err):
			diffs = append(diffs, name+": missing")
		case err != nil:
			return nil, err
		case !bytes.Equal(got, content):
			diffs = append(diffs, name+": differs from the catalog")
		}
	}
	slices.Sort(diffs)
	return diffs, nil
}
