package poolcrd

import (
	"fmt"
	"go/token"
	"strings"

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
		Doc:              "checks the CRDs of every contract kind's storage types: contract labels as the target core resolves them, name, scope and the schema of the version core reads",
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
	var kindStorage []*kindfinder.Type
	for _, t := range res.Types {
		// Pools get the pool rules above; every other kind, pool templates
		// included, the CRD check live applies.
		if t.Storage && t.Catalog.Name != contract.KindInfraMachinePool {
			kindStorage = append(kindStorage, t)
		}
	}
	if len(storage) == 0 && len(kindStorage) == 0 {
		return out, nil
	}
	var cfg *crdconfig.Result
	if len(storage) == 0 {
		// kindtypes reports what kept config/crd from being read when the
		// package has no pool types.
		if dir := crdconfig.FindConfigDir(res.Dir, res.RepoRoot); dir != "" {
			cfg, _ = load(env, dir)
		}
	} else if dir := crdconfig.FindConfigDir(res.Dir, res.RepoRoot); dir != "" {
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
	md := metadata(em, env, res, cfg)
	for _, p := range storage {
		check(em, res, p, cfg, md)
	}
	for _, t := range kindStorage {
		checkKind(em, res.Release, t, cfg, md)
	}
	return out, nil
}

// metadata reads the clusterctl metadata.yaml of the provider whose CRDs
// are in cfg (else of the package), reporting why it cannot be read.
func metadata(em *emit.Emitter, env *setup.Env, res *kindfinder.Result, cfg *crdconfig.Result) *crdconfig.Metadata {
	from := res.Dir
	if cfg != nil {
		from = cfg.Dir
	}
	md, err := env.LoadMetadata(from, res.RepoRoot)
	if err != nil {
		em.Problem(report.Problem{Subject: contract.MetadataFileName, Message: err.Error()})
		return nil
	}
	return md
}

// checkMetadata compares the contract the latest release series declares
// with the labels of a type's CRD.
func checkMetadata(em *emit.Emitter, md *crdconfig.Metadata, info contract.CRDInfo, k *contract.Kind, release contract.Release, typePos token.Pos, base report.Finding) {
	latest, ok := md.Latest()
	if !ok {
		return
	}
	for _, v := range contract.EvaluateMetadata(fmt.Sprintf("release series %s, the latest in %s,", latest, contract.MetadataFileName), latest.Contract, info, k, release) {
		f := base
		f.Rule, f.Severity, f.Field, f.Message = v.Rule, v.Severity, v.Field, v.Message
		em.InFile(md.File, latest.Line, typePos, f)
	}
}

// checkKind applies the CRD check live applies (contract.EvaluateKindCRD) to
// the CRD of a storage type of another kind, as the build renders it. With
// no CRD, the +kubebuilder:metadata:labels markers stand for its labels.
func checkKind(em *emit.Emitter, release contract.Release, t *kindfinder.Type, cfg *crdconfig.Result, md *crdconfig.Metadata) {
	base := report.Finding{Kind: t.Kind, Type: t.Type, APIVersion: t.APIVersion()}
	crd := findCRDOf(cfg, t.Kind, t.Group)
	if crd == nil {
		checkScaleMarkers(em, t, base)
		if len(t.Labels) == 0 {
			return // nothing says what the CRD will be; the matrix shows it unchecked
		}
		info := contract.CRDInfo{Name: contract.CRDName(t.Group, t.Kind), Group: t.Group, Kind: t.Kind, Labels: t.Labels}
		for _, v := range contract.EvaluateKindCRD(contract.KindCRD{ContractKind: t.Catalog, CRDInfo: info}, release) {
			f := base
			f.Rule, f.Severity, f.Field = v.Rule, v.Severity, v.Field
			f.Message = v.Message + " (from +kubebuilder:metadata:labels markers)"
			em.At(t.Obj.Pos(), f)
		}
		checkMetadata(em, md, info, t.Catalog, release, t.Obj.Pos(), base)
		return
	}
	checkMetadata(em, md, crd.CRDInfo, t.Catalog, release, t.Obj.Pos(), base)
	emitAtCRD(em, crd, t.Obj.Pos(), base, contract.EvaluateKindCRD(contract.KindCRD{ContractKind: t.Catalog, CRDInfo: crd.CRDInfo, Schema: crd.Schema}, release))
}

// checkScaleMarkers judges, when no CRD is found, the scale subresource
// controller-gen will write from the type's +kubebuilder:subresource:scale
// marker, as the CRD check judges a CRD's (contract.ScaleProblems): a kind
// that requires one (a ControlPlane) needs it once the type has spec.replicas.
func checkScaleMarkers(em *emit.Emitter, t *kindfinder.Type, base report.Finding) {
	trigger := t.Catalog.ScaleTrigger()
	if trigger == "" {
		return
	}
	if _, ok := kindfinder.FieldByPath(t.Obj.Type(), trigger); !ok {
		return
	}
	var got *contract.ScaleSubresource
	pos := t.Obj.Pos()
	for _, m := range t.Markers {
		if s, ok := contract.ParseScaleMarker(m.Name, m.Value); ok {
			got, pos = &s, m.Pos
			break
		}
	}
	problems := t.Catalog.ScaleProblems(got)
	if len(problems) == 0 {
		return
	}
	r := contract.MustRule(contract.RuleControlPlaneScale)
	f := base
	f.Rule, f.Severity, f.Field = r.ID, r.Severity(contract.Context{Kind: t.Catalog}), contract.FieldScale
	f.Message = fmt.Sprintf("%s has %s, so the contract requires the scale subresource %s: %s (from +kubebuilder:subresource:scale markers; no CRD found)",
		t.Type, trigger, t.Catalog.Scale.Marker(), strings.Join(problems, "; "))
	em.At(pos, f)
}

// emitAtCRD reports violations at the CRD file line they are about, else at
// the Go type.
func emitAtCRD(em *emit.Emitter, crd *crdconfig.CRD, typePos token.Pos, base report.Finding, vs []contract.Violation) {
	for _, v := range vs {
		f := base
		f.Rule, f.Severity, f.Field = v.Rule, v.Severity, v.Field
		f.Message = v.Message
		file, line := crd.File, crd.Line
		if src, ok := sourceOf(crd, v.Field); ok {
			file, line = src.File, src.Line
		}
		if file == "" {
			em.At(typePos, f)
			continue
		}
		em.InFile(file, line, typePos, f)
	}
}

// check judges a pool's CRD as checkKind judges every kind's, after
// reporting a missing CRD (MPA306): a pool's CRD is expected in config/crd.
func check(em *emit.Emitter, res *kindfinder.Result, p *kindfinder.Pool, cfg *crdconfig.Result, md *crdconfig.Metadata) {
	if findCRD(cfg, p) == nil {
		where := "no config/crd directory was found above " + res.Dir
		if cfg != nil {
			where = "config/crd (" + cfg.Dir + ") has no CRD for it"
		}
		f := report.Finding{Kind: p.Kind, Type: p.Type, APIVersion: p.APIVersion()}
		f.Rule, f.Severity = contract.RuleCRDNotFound, contract.MustRule(contract.RuleCRDNotFound).Severity(res.Context(true))
		f.Message = fmt.Sprintf("no CRD for %s found: %s", p.Kind, where)
		em.At(p.Obj.Pos(), f)
	}
	checkKind(em, res.Release, p, cfg, md)
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
	return findCRDOf(cfg, p.Kind, p.Group)
}

// findCRDOf finds the CRD of a kind in its group, or by kind alone when the
// group is unknown.
func findCRDOf(cfg *crdconfig.Result, kind, group string) *crdconfig.CRD {
	return cfg.Find(kind, group)
}
