// Package genroots names package directories to controller-tools' loader
// the way that loads them at once.
//
// controller-tools' loader runs one `go list` per root given as a directory
// (each may sit in its own module) but one for all roots given as import
// paths. On a provider with a few dozen API packages the per-directory
// listings cost more than the generation itself.
package genroots

import (
	"bytes"
	"os/exec"
	"slices"
	"strings"
)

// Of returns the import paths of dirs as the go command resolves them from
// moduleDir, so that one listing loads them all, or dirs unchanged when
// they do not all resolve there (a directory in another module, a package
// whose files are all excluded): the loader then finds each on its own.
func Of(moduleDir string, dirs []string) []string {
	uniq := slices.Compact(slices.Sorted(slices.Values(dirs)))
	if len(uniq) < 2 {
		return dirs
	}
	cmd := exec.Command("go", append([]string{"list", "-find", "-f", "{{.ImportPath}}", "--"}, uniq...)...)
	cmd.Dir = moduleDir
	out, err := cmd.Output()
	if err != nil {
		return dirs
	}
	paths := strings.Fields(string(bytes.TrimSpace(out)))
	paths = slices.Compact(slices.Sorted(slices.Values(paths)))
	// A directory outside the module is listed as "_/abs/dir" (GOPATH
	// mode's name) or not at all; neither loads by import path.
	if len(paths) != len(uniq) || slices.ContainsFunc(paths, func(p string) bool { return strings.HasPrefix(p, "_") }) {
		return dirs
	}
	return paths
}
