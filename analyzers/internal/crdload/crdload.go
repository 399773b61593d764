// Package crdload reads a provider's config/crd tree once per analyzer set,
// for every pass that needs its CRDs (labels for kindfinder, the CRD check
// for poolcrd).
package crdload

import (
	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/crdconfig"
)

type loadResult struct {
	res *crdconfig.Result
	err error
}

// Load reads dir with crdconfig.Load, once per analyzer set: several API
// packages share one tree, and a new set (a new check run) reads it again.
func Load(env *setup.Env, dir string) (*crdconfig.Result, error) {
	lr := env.Memo("crdload", dir, func() any {
		res, err := crdconfig.Load(dir)
		return loadResult{res, err}
	}).(loadResult)
	return lr.res, lr.err
}
