// Package conform runs a target core release's own reconcilers (built by
// internal/oracle) against objects of a provider's CRDs in an envtest, and
// reports where core concludes other than the provider intends: an object
// the provider reports provisioned that core does not see provisioned, one
// it has not provisioned that core does, a failure core does not record,
// failure domains core does not carry over.
package conform

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/oracle"
)

// CRD is a provider CRD of a contract kind.
type CRD struct {
	Definition *apiextensionsv1.CustomResourceDefinition
	Kind       *contract.Kind
	// File and Line locate it for findings.
	File string
	Line int
}

// Object is an object a provider's controller writes, read from a file.
type Object struct {
	File string
	// Doc is the 1-based YAML document in File; Line its first line.
	Doc, Line int
	Object    *unstructured.Unstructured
}

// Options bound a run.
type Options struct {
	// Settle is how long core gets to settle (default 60s).
	Settle time.Duration
	// MaxObjects caps the objects run (default 200).
	MaxObjects int
	// Log receives the runner's output.
	Log io.Writer
}

// Finding is one place core concludes other than the provider intends.
type Finding struct {
	Rule     string
	Severity contract.Severity
	// Kind is the contract kind; CRD the CRD's name; APIVersion and
	// ProviderKind the object's.
	Kind, CRD, APIVersion, ProviderKind string
	// State is the readiness state the object was written in (Provisioned,
	// Provisioning, Failed), or the given object's file:doc.
	State   string
	Message string
	File    string
	Line    int
	// Object is the object's name in the envtest.
	Object string
}

// Row is what core concluded about one object.
type Row struct {
	Kind, CRD, State string
	Outcome          oracle.Outcome
	Err              string
}

// Report is a conform run's result.
type Report struct {
	Findings []Finding
	Rows     []Row
	Notes    []string
}

// States are the readiness states conform generates an object in (names
// of states, not of the catalog's fields; messages print them lower case).
const (
	StateProvisioned  = "Provisioned"
	StateProvisioning = "Provisioning"
	StateFailed       = "Failed"
)

// probeOf is the oracle probe that runs core against kind k.
func probeOf(k *contract.Kind) *oracle.Probe {
	for _, p := range oracle.Probes {
		if p.Kind == k {
			return p
		}
	}
	return nil
}

// intent is what the provider means core to conclude about an object.
type intent struct {
	provisioned bool
	failure     string
	// domains are failure domain names core should carry over (sorted).
	domains []string
	// machineDomain is an InfraMachine's failure domain.
	machineDomain string
}

type subject struct {
	crd    *CRD
	state  string
	intent intent
	file   string
	line   int
}

// Run installs crds in env, runs runner against objects (or, for a CRD no
// object is given for, objects generated from its schema in every state),
// and reports where core's outcome differs from the provider's intent.
func Run(ctx context.Context, env *oracle.Env, runner oracle.Runner, crds []CRD, objects []Object, opt Options) (*Report, error) {
	if opt.Settle == 0 {
		opt.Settle = 60 * time.Second
	}
	if opt.MaxObjects == 0 {
		opt.MaxObjects = 200
	}
	rep := &Report{}
	release := runner.Release
	var install []*apiextensionsv1.CustomResourceDefinition
	var subjects []oracle.Subject
	var meta []subject
	byGK := map[string]*CRD{}
	for i := range crds {
		c := &crds[i]
		if probeOf(c.Kind) == nil {
			rep.Notes = append(rep.Notes, fmt.Sprintf("CRD %s (%s): conform runs core against %s only", c.Definition.Name, c.Kind.Name, kindNames()))
			continue
		}
		install = append(install, installable(c.Definition))
		byGK[c.Definition.Spec.Group+"/"+c.Definition.Spec.Names.Kind] = c
	}
	given := map[*CRD]bool{}
	add := func(c *CRD, s oracle.Subject, m subject) {
		if len(subjects) >= opt.MaxObjects {
			return
		}
		s.Name = fmt.Sprintf("conform-%03d", len(subjects))
		subjects = append(subjects, s)
		meta = append(meta, m)
	}
	for _, o := range objects {
		gvk := o.Object.GroupVersionKind()
		c := byGK[gvk.Group+"/"+gvk.Kind]
		where := fmt.Sprintf("%s:%d", o.File, o.Doc)
		if c == nil {
			rep.Notes = append(rep.Notes, fmt.Sprintf("%s: %s %s is of no CRD conform runs; skipped", where, o.Object.GetAPIVersion(), o.Object.GetKind()))
			continue
		}
		given[c] = true
		spec, _ := o.Object.Object[contract.ObjectSpec].(map[string]any)
		status, _ := o.Object.Object[contract.ObjectStatus].(map[string]any)
		cs := oracle.Case{Name: where, Spec: spec, Status: status}
		ls := labelSet(c, release, gvk.Version)
		add(c, oracle.Subject{Probe: probeOf(c.Kind), CRD: ls, Namespaced: c.Definition.Spec.Scope != apiextensionsv1.ClusterScoped, Case: cs},
			subject{crd: c, state: where, intent: intentOf(c.Kind, o.Object.Object), file: o.File, line: o.Line})
	}
	for i := range crds {
		c := &crds[i]
		if probeOf(c.Kind) == nil || given[c] {
			continue
		}
		ls := labelSet(c, release, "")
		sch := schemaOf(c.Definition, ls.Storage())
		gens, err := generate(c.Kind, sch, contract.Contract(ls.Name))
		if err != nil {
			rule := contract.MustRule(contract.RuleConformNoObject)
			rep.Findings = append(rep.Findings, Finding{Rule: rule.ID, Severity: rule.Severity(contract.Context{Release: release}), Kind: c.Kind.Name,
				CRD: c.Definition.Name, APIVersion: ls.Group + "/" + ls.Storage(), ProviderKind: ls.Kind, File: c.File, Line: c.Line,
				Message: fmt.Sprintf("%s: no object could be generated from the schema of %s: %v", ls.Kind, ls.Storage(), err)})
			continue
		}
		for _, g := range gens {
			add(c, oracle.Subject{Probe: probeOf(c.Kind), CRD: ls, Namespaced: c.Definition.Spec.Scope != apiextensionsv1.ClusterScoped,
				Case: oracle.Case{Name: g.state, Spec: g.obj.part(contract.ObjectSpec), Status: g.obj.part(contract.ObjectStatus)}},
				subject{crd: c, state: g.state, intent: g.intent, file: c.File, line: c.Line})
		}
	}
	if len(subjects) >= opt.MaxObjects {
		rep.Notes = append(rep.Notes, fmt.Sprintf("only the first %d objects were run (the cap)", opt.MaxObjects))
	}
	if len(subjects) == 0 {
		return rep, nil
	}
	results, err := oracle.RunSubjects(ctx, env, runner, install, subjects, oracle.Options{Settle: opt.Settle, Log: opt.Log})
	if err != nil {
		return nil, err
	}
	for i, r := range results {
		m := meta[i]
		row := Row{Kind: m.crd.Kind.Name, CRD: m.crd.Definition.Name, State: m.state, Outcome: r.Outcome}
		if r.Err != nil {
			row.Err = r.Err.Error()
		}
		rep.Rows = append(rep.Rows, row)
		rep.Findings = append(rep.Findings, judge(release, m, subjects[i], r)...)
	}
	return rep, nil
}

func kindNames() string {
	var out []string
	for _, p := range oracle.Probes {
		out = append(out, p.Kind.Name)
	}
	return strings.Join(out, ", ")
}

// installable is the CRD as the envtest can serve it: no conversion
// webhook runs there, so versions convert as None does (fields kept as
// written, apiVersion relabelled).
func installable(def *apiextensionsv1.CustomResourceDefinition) *apiextensionsv1.CustomResourceDefinition {
	d := def.DeepCopy()
	d.ResourceVersion, d.UID = "", ""
	d.Status = apiextensionsv1.CustomResourceDefinitionStatus{}
	d.Spec.Conversion = &apiextensionsv1.CustomResourceConversion{Strategy: apiextensionsv1.NoneConverter}
	return d
}

// labelSet describes the CRD to the oracle: its labels as they are, and the
// version objects are written at: want when given, else the one the
// release reads the CRD at (its storage version when the labels do not resolve).
func labelSet(c *CRD, r contract.Release, want string) oracle.LabelSet {
	v := want
	if v == "" {
		if _, api, err := contract.ResolveContractAt(c.Definition.Labels, r); err == nil && served(c.Definition, api) {
			v = api
		}
	}
	if v == "" {
		for _, ver := range c.Definition.Spec.Versions {
			if ver.Storage {
				v = ver.Name
			}
		}
	}
	label := "unlabelled"
	if l, _, err := contract.ResolveContractAt(c.Definition.Labels, r); err == nil {
		label = string(l)
	}
	return oracle.LabelSet{Name: label, Group: c.Definition.Spec.Group, Kind: c.Definition.Spec.Names.Kind, Labels: c.Definition.Labels, Served: []string{v}}
}

func served(def *apiextensionsv1.CustomResourceDefinition, v string) bool {
	return slices.ContainsFunc(def.Spec.Versions, func(ver apiextensionsv1.CustomResourceDefinitionVersion) bool { return ver.Name == v && ver.Served })
}

// judge compares core's outcome with the provider's intent.
func judge(r contract.Release, m subject, s oracle.Subject, res oracle.Result) []Finding {
	base := Finding{Kind: m.crd.Kind.Name, CRD: m.crd.Definition.Name, APIVersion: s.CRD.Group + "/" + s.CRD.Storage(),
		ProviderKind: s.CRD.Kind, State: m.state, File: m.file, Line: m.line, Object: s.Name}
	var out []Finding
	report := func(rule, format string, args ...any) {
		f := base
		f.Rule = rule
		f.Severity = contract.MustRule(rule).Severity(contract.Context{Release: r, Label: contract.Contract(s.CRD.Name)})
		f.Message = fmt.Sprintf(format, args...)
		out = append(out, f)
	}
	what := fmt.Sprintf("%s %s (%s)", s.CRD.Kind, strings.ToLower(m.state), s.CRD.Group+"/"+s.CRD.Storage())
	if strings.Contains(m.state, ":") {
		what = fmt.Sprintf("%s from %s", s.CRD.Kind, m.state)
	}
	if res.Err != nil {
		if strings.Contains(m.state, ":") {
			report(contract.RuleConformObjectInvalid, "%s: the apiserver refused it: %v", what, res.Err)
		} else {
			report(contract.RuleConformNoObject, "%s: the apiserver refused the object conform generated from the schema: %v", what, res.Err)
		}
		return out
	}
	o := res.Outcome
	probe := s.Probe
	core := fmt.Sprintf("Cluster API %s's %s reconciler", r, probe.CoreKind)
	why := ""
	if !o.Resolved {
		why = " (core never fetched it: it did not resolve the CRD's contract labels " + labelText(s.CRD.Labels) + ")"
	} else if !o.Settled {
		why = " (the core object had not settled within the time allowed)"
	}
	switch {
	case m.intent.provisioned && !o.Provisioned:
		if why == "" {
			why = readsHint(r, m.crd, s)
		}
		report(contract.RuleConformNotProvisioned, "%s: %s does not see it provisioned%s", what, core, why)
	case !m.intent.provisioned && o.Provisioned:
		report(contract.RuleConformEarly, "%s: %s sees it provisioned though its readiness fields are not true", what, core)
	}
	if m.intent.failure != "" && o.FailureReason != m.intent.failure {
		report(contract.RuleConformFailureUnseen, "%s: %s does not record its failureReason %q%s", what, core, m.intent.failure, why)
	}
	if o.Provisioned && len(m.intent.domains) > 0 && o.FailureDomains != strings.Join(m.intent.domains, ",") {
		report(contract.RuleConformNotPlaced, "%s: %s has failure domains %q, the object reports %q", what, core, o.FailureDomains, strings.Join(m.intent.domains, ","))
	}
	if o.Provisioned && m.intent.machineDomain != "" && o.StatusFailureDomain != m.intent.machineDomain && o.SpecFailureDomain != m.intent.machineDomain {
		report(contract.RuleConformNotPlaced, "%s: the Machine does not carry the object's failure domain %q", what, m.intent.machineDomain)
	}
	return out
}

func labelText(labels map[string]string) string {
	var out []string
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range labels {
			if strings.HasPrefix(k, contract.LabelPrefix) && !yield(k) {
				return
			}
		}
	}) {
		out = append(out, k+"="+labels[k])
	}
	if len(out) == 0 {
		return "(none)"
	}
	return strings.Join(out, ", ")
}

// intentOf reads a given object's intent from the fields it sets:
// provisioned when any readiness field the catalog knows for the kind is
// true; failed when it sets a top-level failureReason.
func intentOf(k *contract.Kind, obj map[string]any) intent {
	var in intent
	for _, c := range []contract.Contract{contract.V1Beta1, contract.V1Beta2} {
		if p, ok := k.PointOf(c, contract.AspectReadiness); ok {
			if v, _, _ := unstructured.NestedBool(obj, p.Segments()...); v {
				in.provisioned = true
			}
		}
	}
	if p, ok := k.PointOf(contract.V1Beta1, contract.AspectFailureReason); ok {
		in.failure, _, _ = unstructured.NestedString(obj, p.Segments()...)
	}
	return in
}

// readsHint says which readiness field core reads for the CRD and whether
// the schema of the version written has it.
func readsHint(r contract.Release, c *CRD, s oracle.Subject) string {
	reads, err := contract.ReadsAspect(c.Kind, r, c.Kind.ObjectReadLabel(r, contract.Contract(s.CRD.Name)), contract.AspectReadiness)
	if err != nil || len(reads) == 0 {
		return ""
	}
	sch := schemaOf(c.Definition, s.CRD.Storage())
	var paths, missing []string
	for _, rp := range reads {
		paths = append(paths, rp.Point.Path)
		if f, open := lookup(sch, rp.Point.Path); f == nil && !open {
			missing = append(missing, rp.Point.Path)
		}
	}
	h := fmt.Sprintf(" (under label %s it reads %s", s.CRD.Name, strings.Join(paths, ", then "))
	if len(missing) > 0 {
		h += fmt.Sprintf("; the schema of %s has no %s", s.CRD.Storage(), strings.Join(missing, ", "))
	}
	return h + ")"
}
