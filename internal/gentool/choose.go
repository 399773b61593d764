package gentool

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/mpaudit/mpaudit/internal/genconfig"
)

// Choice is how one generator runs in a rewrite: as the library linked
// into mpaudit (Binary nil) or as the provider's pinned version.
type Choice struct {
	Tool   Tool
	Pinned genconfig.Setting
	Linked string
	Binary *Binary
	// Note says which version was pinned, which ran, and why.
	Note string
}

// ForceBinary builds and runs the pinned version even when it equals the
// linked one (tests show the process path with a version in the module
// cache).
var ForceBinary bool

// Choose decides how tool runs for the module at moduleDir: the linked
// library when nothing is pinned or the pinned version is the linked one
// (no process), else the pinned version built (Build); when building
// fails the linked library runs and the note says why.
func Choose(ctx context.Context, tool Tool, pinned genconfig.Setting, linked string, cfg *genconfig.Config, moduleDir string, env []string) Choice {
	c := Choice{Tool: tool, Pinned: pinned, Linked: linked}
	switch {
	case pinned.Value == "":
		c.Note = fmt.Sprintf("%s: no version pinned in the Makefile or a tools module, so the version mpaudit links (%s) ran", tool.Name, linked)
		return c
	case pinned.Value == linked && !ForceBinary:
		c.Note = fmt.Sprintf("%s %s as pinned (%s), the version mpaudit links", tool.Name, pinned.Value, pinned.From)
		return c
	}
	toolsDir := ""
	if cfg.ToolsModule != "" {
		toolsDir = filepath.Join(moduleDir, filepath.FromSlash(cfg.ToolsModule))
	}
	b, err := Build(ctx, tool, pinned.Value, toolsDir, cfg.ToolsRequire, env)
	if err != nil {
		c.Note = fmt.Sprintf("%s %s pinned (%s) could not be built (%v), so the version mpaudit links (%s) ran instead: run the provider's `make generate` to check the generated files",
			tool.Name, pinned.Value, pinned.From, err, linked)
		return c
	}
	c.Binary = b
	how := b.How
	if toolsDir != "" && b.How == "built from the provider's tools module" {
		how = "built from " + cfg.ToolsModule + "/go.mod"
	}
	c.Note = fmt.Sprintf("%s %s as pinned (%s), %s", tool.Name, pinned.Value, pinned.From, how)
	return c
}
