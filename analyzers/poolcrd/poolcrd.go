package poolcrd

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/emit"
	"github.com/mpaudit/mpaudit/analyzers/poolfinder"
)

var Analyzer = &analysis.Analyzer{
	Name:             "poolcrd",
	Doc:              "checks the contract label, name and scope of the CRDs of InfraMachinePool types",
	URL:              "https://github.com/mpaudit/mpaudit/tree/main/analyzers/poolcrd",
	Run:              run,
	Requires:         []*analysis.Analyzer{poolfinder.Analyzer},
	RunDespiteErrors: true,
	ResultType:       emit.ResultType,
}

func run(pass *analysis.Pass) (any, error) {
	_, out := emit.New(pass)
	return out, nil
}
