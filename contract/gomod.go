package contract

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"
)

// FindGoMod walks up from dir to the nearest go.mod.
func FindGoMod(dir string) (string, bool) {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		p := filepath.Join(d, "go.mod")
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, true
		}
		if filepath.Dir(d) == d {
			return "", false
		}
	}
}

// TargetFromGoMod reads the provider's requirement on Cluster API core. A
// replace to a local directory means the provider builds against that tree.
func TargetFromGoMod(goModPath string) (CoreTarget, error) {
	data, err := os.ReadFile(goModPath)
	if err != nil {
		return CoreTarget{}, err
	}
	f, err := modfile.Parse(goModPath, data, nil)
	if err != nil {
		return CoreTarget{}, fmt.Errorf("%s: %w", goModPath, err)
	}
	for _, r := range f.Replace {
		if r.Old.Path != CoreModule {
			continue
		}
		if modfile.IsDirectoryPath(r.New.Path) {
			dir := r.New.Path
			if !filepath.IsAbs(dir) {
				dir = filepath.Join(filepath.Dir(goModPath), dir)
			}
			dir = filepath.Clean(dir)
			// go cannot build against it either; guessing a core would hide that.
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
				what := "has no go.mod"
				if st, err := os.Stat(dir); err != nil || !st.IsDir() {
					what = "does not exist"
				}
				return CoreTarget{}, fmt.Errorf("%s: replace %s => %s: directory %s %s", goModPath, CoreModule, r.New.Path, dir, what)
			}
			return TargetForLocalTree(dir, "go.mod replace "+CoreModule+" => "+r.New.Path), nil
		}
		return TargetForVersion(r.New.Version, "go.mod replace "+CoreModule+" => "+r.New.Path+" "+r.New.Version)
	}
	if f.Module != nil && f.Module.Mod.Path == CoreModule {
		return TargetForLocalTree(filepath.Dir(goModPath), "module is "+CoreModule+" itself"), nil
	}
	for _, r := range f.Require {
		if r.Mod.Path == CoreModule {
			return TargetForVersion(r.Mod.Version, "go.mod require "+CoreModule+" "+r.Mod.Version)
		}
	}
	return DefaultTarget(), nil
}

// ResolveTarget applies the override (from a flag) or else reads go.mod
// above dir.
func ResolveTarget(override, dir string) (CoreTarget, error) {
	if override = strings.TrimSpace(override); override != "" {
		return TargetForVersion(override, "flag --capi-version")
	}
	if gm, ok := FindGoMod(dir); ok {
		return TargetFromGoMod(gm)
	}
	return DefaultTarget(), nil
}
