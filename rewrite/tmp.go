package rewrite

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// privateTempPrefix names the directory PrivateTemp makes.
const privateTempPrefix = "mpaudit-tmp-"

// outerTemp is the temporary directory before PrivateTemp, "" outside one.
var outerTemp string

// PrivateTemp points TMPDIR and GOTMPDIR at a directory of its own until
// restore, which removes it: what an interrupted run leaves there (the
// work directory of a go command stopped while it compiles, the temporary
// files of a generator whose result is dropped) goes with it, and a run
// that was killed leaves one directory, removed with its staged copy when
// a later run recovers or takes over its lock (stageTop).
func PrivateTemp() (restore func(), err error) {
	outer := os.TempDir()
	dir, err := os.MkdirTemp(outer, privateTempPrefix)
	if err != nil {
		return nil, err
	}
	var undo []func()
	restore = func() {
		for _, u := range undo {
			u()
		}
		outerTemp = ""
		os.RemoveAll(dir)
	}
	for _, v := range []string{"TMPDIR", "GOTMPDIR"} {
		old, had := os.LookupEnv(v)
		undo = append(undo, func() {
			if had {
				os.Setenv(v, old)
			} else {
				os.Unsetenv(v)
			}
		})
		if err := os.Setenv(v, dir); err != nil {
			restore()
			return nil, err
		}
	}
	outerTemp = outer
	return restore, nil
}

// tempRoots are the directories staged copies and private temporary
// directories are made in.
func tempRoots() []string {
	roots := []string{filepath.Clean(os.TempDir())}
	if outerTemp != "" {
		roots = append(roots, filepath.Clean(outerTemp))
	}
	return roots
}

// isPrivateTemp accepts only a directory PrivateTemp made.
func isPrivateTemp(dir string) bool {
	return strings.HasPrefix(filepath.Base(dir), privateTempPrefix) && slices.Contains(tempRoots(), filepath.Dir(dir))
}
