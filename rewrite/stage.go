package rewrite

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/mod/modfile"
)

// stage is a scratch copy of the module where the rewrite is built and
// checked before anything real is touched.
type stage struct {
	root string // the real module root
	dir  string // the copy
}

// newStage copies the module (minus .git, nested modules and build output)
// and makes go.mod's relative replace directives absolute, so the copy
// resolves the same dependencies from elsewhere on disk.
func newStage(root string) (*stage, error) {
	dir, err := os.MkdirTemp("", "mpaudit-rewrite-")
	if err != nil {
		return nil, err
	}
	s := &stage{root: root, dir: dir}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if rel != "." {
				switch d.Name() {
				case ".git", "node_modules", "_out", "bin":
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir // another module
				}
			}
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		return copyFile(path, filepath.Join(dir, rel))
	})
	if err == nil {
		err = s.absolutizeReplaces()
	}
	if err != nil {
		s.remove()
		return nil, fmt.Errorf("staging a copy of %s: %w", root, err)
	}
	return s, nil
}

func (s *stage) remove() { os.RemoveAll(s.dir) }

// path maps a real file path into the copy.
func (s *stage) path(real string) string {
	rel, err := filepath.Rel(s.root, real)
	if err != nil {
		return real
	}
	return filepath.Join(s.dir, rel)
}

// real maps a staged path back.
func (s *stage) real(staged string) string {
	rel, err := filepath.Rel(s.dir, staged)
	if err != nil {
		return staged
	}
	return filepath.Join(s.root, rel)
}

func (s *stage) absolutizeReplaces() error {
	return editGoMod(filepath.Join(s.dir, "go.mod"), func(f *modfile.File) (bool, error) {
		changed := false
		for _, r := range f.Replace {
			if !modfile.IsDirectoryPath(r.New.Path) || filepath.IsAbs(r.New.Path) {
				continue
			}
			if err := f.AddReplace(r.Old.Path, r.Old.Version, filepath.Join(s.root, r.New.Path), ""); err != nil {
				return false, err
			}
			changed = true
		}
		return changed, nil
	})
}

// editGoMod parses a go.mod, lets edit change it, and writes it back
// formatted when edit reports a change.
func editGoMod(path string, edit func(*modfile.File) (bool, error)) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	f, err := modfile.Parse(path, data, nil)
	if err != nil {
		return err
	}
	changed, err := edit(f)
	if err != nil || !changed {
		return err
	}
	f.Cleanup()
	out, err := f.Format()
	if err != nil {
		return err
	}
	return os.WriteFile(path, out, 0o644)
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
