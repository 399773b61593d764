package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mpaudit/mpaudit/config"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/crdconfig"
	"github.com/mpaudit/mpaudit/report"
)

type validateFlags struct {
	out         outputFlags
	config      configFlag
	kind        string
	declared    string
	capiVersion string
}

// newContractValidateCmd is `mpaudit contract validate`: the CRD check of
// `check` on CRD YAML alone, without Go sources.
func newContractValidateCmd() *cobra.Command {
	var f validateFlags
	cmd := &cobra.Command{
		Use:   "validate PATH...",
		Short: "Validate CRD YAML against the provider contract, without Go sources",
		Long: `validate reads the CustomResourceDefinitions in each PATH and applies the CRD
rules of check to them: contract labels resolved as the target core resolves
them, CRD name and scope, an API version under two labels, and the schema of the
version core reads against the fields the contract requires there.

A PATH is a YAML file (every apiextensions.k8s.io/v1 CRD in it, also inside a
List as kubectl get -o yaml writes it; other documents, such as the Deployments
of a release's infrastructure-components.yaml, are skipped), a directory with a
kustomization (rendered as the provider's build renders it), or a directory of
YAML files (and its bases/). A PATH without a CRD is an input problem (exit 2), unless it is a file of
a release's components YAML (it deploys the controller: a Deployment): its
objects are judged by clusterctl's provider contract, one target namespace for
every namespaced object (MPA353, MPA354) and the controller's container named
manager (MPA355).

Each CRD's contract kind comes from its group, name and schema as check
classifies Go types (the kinds section of the configuration file overrides it);
--kind judges every CRD given as that kind. CRDs of no contract kind are listed
in the notes and not judged.

--contract names the contract the provider declares for the release (as
metadata.yaml's latest release series does for check): a CRD whose labels say
otherwise is reported (MPA350, MPA351).

The core version is --capi-version, else the one the go.mod of the module
holding the first PATH requires (as check reads it), else the latest release
mpaudit knows.
Findings, IDs, formats (-o) and exit codes are those of check.
` + envHelp,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr("contract validate needs at least one PATH (a CRD file, a directory or a kustomization)")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := f.config.load(func() (string, bool) { return config.FindIn(".") })
			if err != nil {
				return err
			}
			f.out.resolve(cmd, cfg)
			printer, failOn, err := f.out.validate()
			if err != nil {
				return err
			}
			var kind *contract.Kind
			if f.kind != "" {
				k, ok := contract.KindByName(f.kind)
				if !ok {
					return usageErr("--kind: unknown kind %q (want one of %s)", f.kind, strings.Join(contract.KindNames(), ", "))
				}
				kind = k
			}
			if f.declared != "" && f.declared != contract.V1Beta1 && f.declared != contract.V1Beta2 {
				return usageErr("--contract: unknown contract %q (want %s or %s)", f.declared, contract.V1Beta1, contract.V1Beta2)
			}
			for _, p := range args {
				if _, err := os.Stat(p); err != nil {
					return usageErr("%s: %v", p, unwrapPathError(err))
				}
			}
			// The module of the first PATH gives the core, as check's
			// module does for its tree.
			tg, err := resolveTarget(cmd, f.capiVersion, cfg, treeDir(args[0]))
			if err != nil {
				return err
			}
			target := tg.Target
			if tg.Version == "" && !tg.GoMod {
				// No go.mod to read a core version from, so
				// DefaultTarget's wording would mislead.
				target.Source = "default: the latest release mpaudit knows; --capi-version names another"
			}
			for _, p := range args {
				if _, err := os.Stat(p); err != nil {
					return usageErr("%s: %v", p, unwrapPathError(err))
				}
			}
			var overrides contract.Overrides
			if cfg != nil {
				overrides = cfg.Kinds
			}
			v := &validator{target: target, kind: kind, declared: f.declared, overrides: overrides,
				rep: &report.Report{Tool: "mpaudit", Mode: "validate", Target: target}, seen: map[string]string{}}
			if tg.Err != nil {
				v.rep.Problems = append(v.rep.Problems, report.Problem{Subject: "Cluster API core version", Message: tg.Err.Error()})
			}
			for _, p := range args {
				v.path(p)
			}
			warnConfig(cmd, cfg, v.rep)
			return f.out.emitReport(cmd, v.rep, printer, failOn)
		},
	}
	f.out.register(cmd)
	fl := cmd.Flags()
	fl.StringVar(&f.kind, "kind", "", "judge every CRD as this contract kind ("+strings.Join(contract.KindNames(), ", ")+"; default: classify each)")
	fl.StringVar(&f.declared, "contract", "", "the contract the provider declares for the release (v1beta1 or v1beta2); CRD labels that disagree are reported")
	fl.StringVar(&f.capiVersion, "capi-version", "", "Cluster API core version to judge for (default: from the go.mod above the first PATH, else the latest mpaudit knows; $"+config.EnvCAPIVersion+", capiVersion in the configuration file)")
	f.config.register(cmd, "in the current directory")
	return cmd
}

// treeDir is the directory a PATH sits in: itself when it is one.
func treeDir(p string) string {
	if fi, err := os.Stat(p); err == nil && fi.IsDir() {
		return p
	}
	return filepath.Dir(p)
}

func unwrapPathError(err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return pe.Err
	}
	return err
}

type validator struct {
	target    contract.CoreTarget
	kind      *contract.Kind
	declared  string
	overrides contract.Overrides
	rep       *report.Report
	// seen maps a CRD name to the path it was judged from.
	seen map[string]string
}

// path reads one PATH and judges its CRDs.
func (v *validator) path(p string) {
	res, err := crdconfig.LoadPath(p)
	if err != nil {
		v.rep.Problems = append(v.rep.Problems, report.Problem{Subject: p, Message: err.Error()})
		return
	}
	if res.RenderError != nil {
		v.rep.Notes = append(v.rep.Notes, res.RenderError.Error())
	}
	for _, msg := range res.Skipped {
		v.rep.Notes = append(v.rep.Notes, report.Escape(msg))
	}
	for _, msg := range res.Problems {
		v.rep.Problems = append(v.rep.Problems, report.Problem{Subject: p, Message: msg})
	}
	components := res.File != "" && v.components(p)
	if len(res.CRDs) == 0 && !components {
		// Nothing judged must not read as a pass.
		v.rep.Problems = append(v.rep.Problems, report.Problem{Subject: p, Message: "no apiextensions.k8s.io/v1 CustomResourceDefinition in it, so nothing was validated"})
	}
	for i := range res.CRDs {
		v.crd(p, &res.CRDs[i])
	}
}

// components judges a file's objects as a release's components YAML
// (clusterctl's target namespace and manager container); false when the
// file is none.
func (v *validator) components(p string) bool {
	objs, err := crdconfig.LoadObjects(p)
	if err != nil {
		return false // LoadFile has reported why it cannot be read
	}
	plain := make([]contract.ComponentsObject, len(objs))
	for i, o := range objs {
		plain[i] = o.ComponentsObject
	}
	if !contract.IsComponentsYAML(plain) {
		return false
	}
	for _, viol := range contract.EvaluateComponents(plain) {
		o := objs[viol.Object]
		group, version, ok := strings.Cut(o.APIVersion, "/")
		if !ok {
			group, version = "", o.APIVersion
		}
		v.rep.Findings = append(v.rep.Findings, report.Finding{Rule: viol.Rule, Severity: viol.Severity, Kind: o.Kind, APIVersion: o.APIVersion,
			Field: viol.Field, Message: viol.Message, Object: &report.Object{Group: group, Version: version, Kind: o.Kind, Namespace: o.Namespace, Name: o.Name},
			Position: &report.Position{File: relToWD(p), Line: o.Line}})
	}
	return true
}

func (v *validator) classify(crd *crdconfig.CRD) contract.Classification {
	if v.kind != nil {
		return contract.Classification{Kind: v.kind, How: contract.ByOverride, Reason: "--kind " + v.kind.Name}
	}
	var paths []string
	if crd.Definition != nil {
		paths = contract.SchemaPaths(crd.Definition, crd.StorageVersion(), contract.ClassifierDepth)
	}
	return contract.Classify(contract.TypeSummary{Group: crd.Group, Name: crd.Kind, Paths: paths}, v.overrides)
}

// crd judges one CRD with the evaluators check applies to the CRD of a
// storage type of the same kind.
func (v *validator) crd(from string, crd *crdconfig.CRD) {
	if prev, dup := v.seen[crd.Name]; dup {
		v.rep.Notes = append(v.rep.Notes, fmt.Sprintf("%s: CRD %s was judged from %s already; skipped", from, crd.Name, prev))
		return
	}
	v.seen[crd.Name] = from
	c := v.classify(crd)
	if c.Kind == nil {
		v.rep.Notes = append(v.rep.Notes, fmt.Sprintf("CRD %s not judged: %s", report.Escape(crd.Name), report.Escape(c.Reason)))
		return
	}
	release := v.target.Release()
	kc := contract.KindCRD{ContractKind: c.Kind, CRDInfo: crd.CRDInfo, Schema: crd.Schema}
	vs := contract.EvaluateKindCRD(kc, release)
	if v.declared != "" {
		vs = append(vs, contract.EvaluateMetadata("--contract", v.declared, crd.CRDInfo, c.Kind, release)...)
	}
	apiVersion := crd.Group
	if sv := crd.StorageVersion(); sv != "" {
		apiVersion += "/" + sv
	}
	obj := report.Object{Group: "apiextensions.k8s.io", Version: "v1", Kind: "CustomResourceDefinition", Name: crd.Name}
	for _, viol := range vs {
		f := report.Finding{Rule: viol.Rule, Severity: viol.Severity, Kind: crd.Kind, APIVersion: apiVersion, Field: viol.Field,
			Message: viol.Message, Object: &obj}
		if file, line := positionOf(crd, viol.Field); file != "" {
			f.Position = &report.Position{File: relToWD(file), Line: line}
		}
		v.rep.Findings = append(v.rep.Findings, f)
	}
	v.rep.Summary.Loaded++
	for _, ver := range crd.Versions {
		if ver.Served {
			v.rep.Summary.Types = append(v.rep.Summary.Types, fmt.Sprintf("%s/%s %s (%s)", crd.Group, ver.Name, crd.Kind, c.Kind.Name))
		}
	}
	slices.Sort(v.rep.Summary.Types)
}

// positionOf is where a violation is about: the label's line when the
// reader knows it, else the CRD's.
func positionOf(crd *crdconfig.CRD, field string) (string, int) {
	for key, src := range crd.LabelSources {
		if field == "metadata.labels["+key+"]" && src.File != "" {
			return src.File, src.Line
		}
	}
	return crd.File, crd.Line
}

// relToWD shortens a path under the working directory, as check's
// positions are relative to the module.
func relToWD(p string) string {
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	if rel, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}
