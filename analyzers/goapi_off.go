//go:build mpaudit_nogoapi

package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
)

// goAPI is empty in a build for timing the Go API rules (goapi_on.go).
func goAPI(*setup.Env, *analysis.Analyzer) []*analysis.Analyzer { return nil }
