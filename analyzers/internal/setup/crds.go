package setup

import "github.com/mpaudit/mpaudit/crdconfig"

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
