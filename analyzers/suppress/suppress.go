package suppress

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/emit"
	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// New returns the suppress analyzer of env's analyzer set; pf is that
// set's kindfinder and reporting are the analyzers whose findings
// directives suppress.
func New(env *setup.Env, pf *analysis.Analyzer, reporting ...*analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "suppress",
		Doc:              "reports //mpaudit:ignore comments without a reason (MPA901) and ones that suppress nothing (MPA902)",
		URL:              "https://github.com/mpaudit/mpaudit/tree/main/analyzers/suppress",
		Run:              func(pass *analysis.Pass) (any, error) { return run(pass, env, reporting) },
		Requires:         append([]*analysis.Analyzer{pf}, reporting...),
		RunDespiteErrors: true,
		ResultType:       emit.ResultType,
	}
}

func run(pass *analysis.Pass, env *setup.Env, reporting []*analysis.Analyzer) (any, error) {
	em, out := emit.New(pass, env)
	res := kindfinder.MustResultOf(pass)
	if res.Skipped {
		return out, nil
	}
	dirs := em.Directives()
	if len(dirs) == 0 {
		return out, nil
	}
	used := map[emit.Use]bool{}
	for _, a := range reporting {
		if fs, ok := emit.FindingsOf(pass.ResultOf[a]); ok {
			for _, u := range fs.Used {
				used[u] = true
			}
		}
	}
	ctx := res.Context(true)
	severity := func(id string) contract.Severity { return contract.MustRule(id).Severity(ctx) }
	for _, d := range dirs {
		if !d.Valid() {
			em.At(d.Pos, finding(contract.RuleSuppressionNoReason, ctx, d.InvalidMessage()))
			continue
		}
		for i, id := range d.IDs {
			if msg := d.UnusedMessage(i, used[emit.Use{Pos: d.Pos, Rule: id}], severity, "here"); msg != "" {
				em.At(d.Pos, finding(contract.RuleUnusedSuppression, ctx, msg))
			}
		}
	}
	return out, nil
}

func finding(rule string, ctx contract.Context, msg string) report.Finding {
	return report.Finding{
		Rule:     rule,
		Severity: contract.MustRule(rule).Severity(ctx),
		Field:    emit.IgnoreDirective,
		Message:  msg,
	}
}
