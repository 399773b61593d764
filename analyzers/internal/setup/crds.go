package setup

import (
	"errors"

	"github.com/mpaudit/mpaudit/crdconfig"
)

type crdsResult struct {
	res *crdconfig.Result
	err error
}

// LoadCRDs reads a config/crd tree once per analyzer set: several API
// packages and passes (the finder's labels, the CRD pass) share one tree,
// and a new set (a new check run) reads it again.
func (e *Env) LoadCRDs(dir string) (*crdconfig.Result, error) {
	r := e.Memo("crdconfig", dir, func() any {
		res, err := crdconfig.Load(dir)
		return crdsResult{res, err}
	}).(crdsResult)
	return r.res, r.err
}

type metadataResult struct {
	md  *crdconfig.Metadata
	err error
}

// LoadMetadata reads the clusterctl metadata.yaml nearest above dir (up to
// the module root), once per analyzer set. nil, nil when there is none, or
// when the file of that name is another tool's.
func (e *Env) LoadMetadata(dir, moduleRoot string) (*crdconfig.Metadata, error) {
	path := crdconfig.FindMetadata(dir, moduleRoot)
	if path == "" {
		return nil, nil
	}
	r := e.Memo("crdconfig.metadata", path, func() any {
		md, err := crdconfig.LoadMetadata(path)
		if errors.Is(err, crdconfig.ErrNotMetadata) {
			return metadataResult{}
		}
		return metadataResult{md, err}
	}).(metadataResult)
	return r.md, r.err
}
