package rewrite

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mpaudit/mpaudit/internal/crdgen"
	"github.com/mpaudit/mpaudit/internal/genconfig"
	"github.com/mpaudit/mpaudit/internal/gentool"
)

// generators is how the provider's generators run in one staged copy:
// the settings its Makefile and tools module give them (genconfig) and,
// per generator, the pinned version built or the linked library
// (gentool), decided once and only for a generator the rewrite needs.
type generators struct {
	ctx  context.Context
	cfg  *genconfig.Config
	mu   sync.Mutex
	runs map[string]*gentool.Choice
}

// buildTimeout bounds building one pinned generator when the run has no
// deadline of its own.
const buildTimeout = 10 * time.Minute

// generators reads the provider's generator settings for the module:
// its own Makefile, or the one above it in the repository. They are read
// in the real tree, which the rewrite does not change there, since the
// copy leaves out other modules (the tools module); the paths they give
// are relative, so they name the copy's files as well.
func (st *stage) generators() (*generators, error) {
	if st.gen != nil {
		return st.gen, nil
	}
	top := st.top
	if top == "" {
		top = st.root
	}
	cfg, err := genconfig.FindModule(top, st.root)
	if err != nil {
		return nil, err
	}
	ctx := st.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	st.gen = &generators{ctx: ctx, cfg: cfg, runs: map[string]*gentool.Choice{}}
	return st.gen, nil
}

// choose is how tool runs (see gentool.Choose), decided on first use.
func (g *generators) choose(st *stage, tool gentool.Tool) *gentool.Choice {
	g.mu.Lock()
	defer g.mu.Unlock()
	if c, ok := g.runs[tool.Name]; ok {
		return c
	}
	pinned := g.cfg.ConversionVersion
	if tool == gentool.ControllerGen {
		pinned = g.cfg.ControllerVersion
	}
	ctx, cancel := context.WithTimeout(g.ctx, buildTimeout)
	defer cancel()
	c := gentool.Choose(ctx, tool, pinned, linkedVersion(tool.Module), g.cfg, st.root, nil)
	// Paths of the staged copy mean nothing to the reader.
	c.Note = strings.ReplaceAll(c.Note, st.dir, st.root)
	g.runs[tool.Name] = &c
	return &c
}

// notes are the choices made, for the pull request body.
func (g *generators) notes() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []string
	for _, name := range []string{gentool.ConversionGen.Name, gentool.ControllerGen.Name} {
		if c, ok := g.runs[name]; ok {
			out = append(out, c.Note)
		}
	}
	return out
}

// deepcopyBinary is regenerateDeepcopy with the provider's pinned
// controller-gen: one run per header file and year, in the staged module
// (it writes in place; what was there is put back once read, so the files
// are written as the library's are).
func deepcopyBinary(ctx context.Context, bin, root string, headers, years map[string]string, stagedDirs []string) (map[string][]byte, error) {
	type group struct{ header, year string }
	groups := map[group][]string{}
	for _, dir := range stagedDirs {
		k := group{headers[resolvedDir(dir)], years[resolvedDir(dir)]}
		groups[k] = append(groups[k], dir)
	}
	out := map[string][]byte{}
	keys := slices.SortedFunc(maps.Keys(groups), func(a, b group) int { return strings.Compare(a.header+"\x00"+a.year, b.header+"\x00"+b.year) })
	for _, k := range keys {
		dirs := groups[k]
		var opts []string
		if k.header != "" {
			opts = append(opts, `headerFile="`+k.header+`"`)
		}
		if k.year != "" {
			opts = append(opts, `year=`+k.year)
		}
		obj := "object"
		if len(opts) > 0 {
			obj += ":" + strings.Join(opts, ",")
		}
		args := []string{obj}
		before := map[string][]byte{}
		for _, d := range dirs {
			// Absolute: a directory of another staged module (api/go.mod)
			// is listed in its own module, as the library's loader does.
			args = append(args, "paths="+d)
			path := filepath.Join(d, deepcopyFile)
			data, err := os.ReadFile(path)
			if err != nil {
				return nil, err
			}
			before[path] = data
		}
		err := gentool.Run(ctx, bin, root, goEnv, args)
		for path, data := range before {
			now, rerr := os.ReadFile(path)
			if err == nil && rerr != nil {
				err = rerr
			}
			out[path] = now
			if werr := os.WriteFile(path, data, 0o644); werr != nil && err == nil {
				err = werr
			}
		}
		if err != nil {
			return nil, fmt.Errorf("deepcopy for %s: %w", strings.Join(dirs, ", "), err)
		}
	}
	return out, nil
}

// crds runs the CRD generator on the API package directories dirs of the
// module at moduleDir (the staged copy, or the real tree for the original
// types) with the crd options of the provider's controller-gen run for
// each, and its pinned controller-gen when that was built. with names the
// options used and where they came from ("" when none was found: the
// generator's defaults).
func (g *generators) crds(st *stage, moduleDir string, dirs []string) (set crdgen.Set, with string, err error) {
	if len(dirs) == 0 {
		return crdgen.Set{}, "", nil
	}
	run := g.choose(st, gentool.ControllerGen)
	groups := map[string][]string{} // options -> dirs
	froms := map[string]string{}
	for _, d := range dirs {
		opts := ""
		if rel, err := filepath.Rel(moduleDir, d); err == nil {
			if cg, ok := g.cfg.CRD(filepath.ToSlash(rel)); ok && cg.CRD != "crd" {
				opts, froms[cg.CRD] = cg.CRD, cg.At
			}
		}
		if _, perr := crdgen.ParseOptions(opts); perr != nil && run.Binary == nil {
			// Options of an older controller-gen the linked one dropped
			// (crd:trivialVersions): its defaults, and the note says so.
			froms[""] = fmt.Sprintf("%s (%s) not understood by controller-tools %s, its defaults used", opts, froms[opts], run.Linked)
			opts = ""
		}
		groups[opts] = append(groups[opts], d)
	}
	set = crdgen.Set{}
	var withs []string
	for _, opts := range slices.Sorted(maps.Keys(groups)) {
		var part crdgen.Set
		if run.Binary != nil {
			part, err = crdgen.GenerateBinary(g.ctx, run.Binary.Path, moduleDir, groups[opts], opts, goEnv)
		} else {
			part, err = crdgen.GenerateWith(g.ctx, moduleDir, groups[opts], opts)
		}
		if err != nil {
			return nil, "", err
		}
		maps.Copy(set, part)
		switch {
		case opts != "":
			withs = append(withs, opts+" ("+froms[opts]+")")
		case froms[""] != "":
			withs = append(withs, froms[""])
		}
	}
	return set, strings.Join(withs, "; "), nil
}

// addGeneratorNotes adds to the body's generator line how a generator
// chosen after it was written ran (controller-gen for the CRDs).
func addGeneratorNotes(res *Result, g *generators) {
	for _, n := range g.notes() {
		if !strings.Contains(res.Generators, n) {
			if res.Generators != "" {
				res.Generators += "; "
			}
			res.Generators += n
		}
	}
}
