package poolcrd

import "github.com/mpaudit/mpaudit/crdconfig"

// Load reads a config/crd directory through the cache this pass uses, so the
// passes of other kinds render each tree once per run (Forget clears it).
func Load(dir string) (*crdconfig.Result, error) { return load(dir) }
