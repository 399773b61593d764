package poolcrd

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/emit"
	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/crdconfig"
	"github.com/mpaudit/mpaudit/report"
)

// New returns the poolcrd analyzer of env's analyzer set; pf is that
// set's kindfinder.
func New(env *setup.Env, pf *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "poolcrd",
		Doc:              "checks the contract label, name and scope of the CRDs of InfraMachinePool types",
		URL:              "https://github.com/mpaudit/mpaudit/tree/main/analyzers/poolcrd",
		Run:              func(pass *analysis.Pass) (any, error) { return run(pass, env) },
		Requires:         []*analysis.Analyzer{pf},
		RunDespiteErrors: true,
		ResultType:       emit.ResultType,
	}
}

// load reads a config/crd tree through the analyzer set's cache.
func load(env *setup.Env, dir string) (*crdconfig.Result, error) { return env.LoadCRDs(dir) }

func run(pass *analysis.Pass, env *setup.Env) (any, error) {
	res := kindfinder.MustResultOf(pass)
	em, out := emit.New(pass, env)
	var storage []*kindfinder.Pool
	for _, p := range res.Pools {
		if p.Storage {
			storage = append(storage, p) // the CRD is checked once, for its storage type
		}
	}
	if len(storage) == 0 {
		return out, nil
	}
	var cfg *crdconfig.Result
	if dir := crdconfig.FindConfigDir(res.Dir, res.ModuleRoot); dir != "" {
		var err error
		cfg, err = load(env, dir)
		if err != nil {
			em.Problem(report.Problem{Subject: dir, Message: err.Error()})
		} else {
			if cfg.RenderError != nil {
				em.Note("%v", cfg.RenderError)
			}
			for _, p := range cfg.Problems {
				em.Problem(report.Problem{Subject: cfg.Dir, Message: p})
			}
		}
	}
	for _, p := range storage {
		check(em, res, p, cfg)
	}
	return out, nil
}

func check(em *emit.Emitter, res *kindfinder.Result, p *kindfinder.Pool, cfg *crdconfig.Result) {
	base := report.Finding{Kind: p.Kind, Type: p.Type, APIVersion: p.APIVersion()}
	ctx := res.Context(true)
	crd := findCRD(cfg, p)
	if crd == nil {
		where := "no config/crd directory was found above " + res.Dir
		if cfg != nil {
			where = "config/crd (" + cfg.Dir + ") has no CRD for it"
		}
		f := base
		f.Rule, f.Severity = contract.RuleCRDNotFound, contract.MustRule(contract.RuleCRDNotFound).Severity(ctx)
		f.Message = fmt.Sprintf("no CRD for %s found: %s", p.Kind, where)
		em.At(p.Obj.Pos(), f)
		if len(p.Labels) == 0 {
			return
		}
		// The markers are what controller-gen will write into the CRD.
		info := contract.CRDInfo{Name: contract.CRDName(p.Group, p.Kind), Group: p.Group, Kind: p.Kind, Labels: p.Labels}
		for _, v := range contract.EvaluateCRD(info, res.Target.Behaviour) {
			f := base
			f.Rule, f.Severity, f.Field = v.Rule, v.Severity, v.Field
			f.Message = v.Message + " (from +kubebuilder:metadata:labels markers)"
			em.At(p.Obj.Pos(), f)
		}
		return
	}
	for _, v := range contract.EvaluateCRD(crd.CRDInfo, res.Target.Behaviour) {
		f := base
		f.Rule, f.Severity, f.Field = v.Rule, v.Severity, v.Field
		f.Message = v.Message
		file, line := crd.File, crd.Line
		if src, ok := sourceOf(crd, v.Field); ok {
			file, line = src.File, src.Line
		}
		if file == "" {
			em.At(p.Obj.Pos(), f)
			continue
		}
		em.InFile(file, line, p.Obj.Pos(), f)
	}
}

// sourceOf locates the label a violation is about, when the reader knows.
func sourceOf(crd *crdconfig.CRD, field string) (crdconfig.Source, bool) {
	for key, src := range crd.LabelSources {
		if field == "metadata.labels["+key+"]" && src.File != "" {
			return src, true
		}
	}
	return crdconfig.Source{}, false
}

func findCRD(cfg *crdconfig.Result, p *kindfinder.Pool) *crdconfig.CRD {
	if cfg == nil {
		return nil
	}
	var byKind *crdconfig.CRD
	for i := range cfg.CRDs {
		c := &cfg.CRDs[i]
		if c.Kind != p.Kind {
			continue
		}
		if c.Group == p.Group {
			return c
		}
		if byKind == nil {
			byKind = c
		}
	}
	if p.Group == "" {
		return byKind
	}
	return nil
}
