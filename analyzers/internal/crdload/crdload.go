// Package crdload reads a provider's config/crd tree once per analyzer set,
// for every pass that needs its CRDs (labels for kindfinder, the CRD check
// for poolcrd).
package crdload

import (
	"errors"

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

type metadataResult struct {
	md  *crdconfig.Metadata
	err error
}

// Metadata reads the clusterctl metadata.yaml nearest above dir (up to the
// module root), once per analyzer set. nil, nil when there is none, or
// when the file of that name is another tool's.
func Metadata(env *setup.Env, dir, moduleRoot string) (*crdconfig.Metadata, error) {
	path := crdconfig.FindMetadata(dir, moduleRoot)
	if path == "" {
		return nil, nil
	}
	mr := env.Memo("crdload.metadata", path, func() any {
		md, err := crdconfig.LoadMetadata(path)
		if errors.Is(err, crdconfig.ErrNotMetadata) {
			return metadataResult{}
		}
		return metadataResult{md, err}
	}).(metadataResult)
	return mr.md, mr.err
}
