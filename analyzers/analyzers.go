// Package analyzers lists mpaudit's go/analysis passes. Each pass lives in
// its own package with its own doc.go; this package only groups the
// reporting ones for the drivers (vet, check, golangci-lint).
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/kindtypes"
	"github.com/mpaudit/mpaudit/analyzers/kindusage"
	"github.com/mpaudit/mpaudit/analyzers/poolcrd"
	"github.com/mpaudit/mpaudit/analyzers/pooltypes"
	"github.com/mpaudit/mpaudit/analyzers/poolusage"
	"github.com/mpaudit/mpaudit/analyzers/suppress"
)

// Reporting returns the analyzers that report findings. suppress comes
// last: it reads the others' results to report //mpaudit:ignore comments
// without a reason or that suppress nothing.
func Reporting() []*analysis.Analyzer {
	return []*analysis.Analyzer{pooltypes.Analyzer, poolusage.Analyzer, poolcrd.Analyzer, kindtypes.Analyzer, kindusage.Analyzer, suppress.Analyzer}
}
