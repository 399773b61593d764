//go:build !mpaudit_nogoapi

package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/conditionowned"
	"github.com/mpaudit/mpaudit/analyzers/conditionstage"
	"github.com/mpaudit/mpaudit/analyzers/goapisymbols"
	"github.com/mpaudit/mpaudit/analyzers/goapiuse"
	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
)

// goAPI are the passes of the Go API rules (MPA7xx). A build with the tag
// mpaudit_nogoapi leaves them out: hack/bench-static.sh (make bench-goapi)
// times them against that build.
func goAPI(env *setup.Env, kf *analysis.Analyzer) []*analysis.Analyzer {
	return []*analysis.Analyzer{goapisymbols.New(env, kf), goapiuse.New(env, kf), conditionstage.New(env, kf), conditionowned.New(env)}
}
