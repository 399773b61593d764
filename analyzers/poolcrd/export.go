package poolcrd

import (
	"github.com/mpaudit/mpaudit/analyzers/internal/crdload"
	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/crdconfig"
)

// Load reads a config/crd directory through the cache this pass uses, so the
// passes of other kinds render each tree once per analyzer set.
func Load(env *setup.Env, dir string) (*crdconfig.Result, error) { return crdload.Load(env, dir) }
