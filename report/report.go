// Package report is the one finding model, printer set and exit-code policy
// shared by every mpaudit mode.
package report

import (
	"slices"
	"sort"

	"github.com/mpaudit/mpaudit/contract"
)

// Exit codes, the same in every mode and output format.
const (
	ExitOK       = 0 // nothing at or above --fail-on
	ExitFindings = 1 // findings at or above --fail-on
	ExitError    = 2 // usage error, or input that could not be (fully) loaded
)

// Position is a place in a file.
type Position struct {
	File   string `json:"file"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
}

// Object names a Kubernetes object (live mode).
type Object struct {
	Group     string `json:"group,omitempty"`
	Version   string `json:"version,omitempty"`
	Kind      string `json:"kind"`
	Namespace string `json:"namespace,omitempty"`
	Name      string `json:"name"`
	Cluster   string `json:"cluster,omitempty"`
}

// Finding is one rule violation or inventory entry.
type Finding struct {
	Rule     string            `json:"rule"`
	Severity contract.Severity `json:"severity"`
	// Kind is the resource kind (DockerMachinePool).
	Kind string `json:"kind,omitempty"`
	// Type is the package-qualified Go type, for static findings.
	Type string `json:"type,omitempty"`
	// APIVersion is group/version.
	APIVersion string `json:"apiVersion,omitempty"`
	// Field is the JSON path (status.ready).
	Field string `json:"field,omitempty"`
	// Message says what is wrong, what to do and why, in full: the
	// machine formats and go vet carry it.
	Message string `json:"message"`
	// Short, when set, is Message cut to the one sentence the text report
	// prints (what and what to do); the rest (blockers, problem lists, how
	// the kind was judged) stays in Message.
	Short    string    `json:"short,omitempty"`
	Position *Position `json:"position,omitempty"`
	Object   *Object   `json:"object,omitempty"`
	// Access is "read" or "write" for use-site findings.
	Access string `json:"access,omitempty"`
	// Spoke marks findings on a non-storage API version.
	Spoke bool `json:"spoke,omitempty"`
	// Fixes are edits that resolve the finding (static mode).
	Fixes []Fix `json:"fixes,omitempty"`
	// Suppressed marks a finding an //mpaudit:ignore comment covers. Drivers
	// drop such findings and count them in Summary.Suppressed.
	Suppressed bool `json:"-"`
}

// TextMessage is the message the text report prints: Short if set.
func (f Finding) TextMessage() string {
	if f.Short != "" {
		return f.Short
	}
	return f.Message
}

// Fix is a suggested fix: edits to apply together.
type Fix struct {
	Message string `json:"message"`
	Edits   []Edit `json:"edits"`
}

// Edit replaces the bytes [Start, End) of File with NewText. Lines and
// columns (1-based) locate the same range for tools that want them.
type Edit struct {
	File        string `json:"file"`
	Start       int    `json:"start"`
	End         int    `json:"end"`
	StartLine   int    `json:"startLine"`
	StartColumn int    `json:"startColumn"`
	EndLine     int    `json:"endLine"`
	EndColumn   int    `json:"endColumn"`
	NewText     string `json:"newText"`
}

// Problem is input that could not be loaded or read.
type Problem struct {
	// Subject is what failed: a package path, a file, a resource.
	Subject string `json:"subject"`
	// Message says what is wrong, what to do and why, in full: the
	// machine formats and go vet carry it.
	Message string `json:"message"`
	// Short, when set, is Message cut to the one sentence the text report
	// prints (what and what to do); the rest (blockers, problem lists, how
	// the kind was judged) stays in Message.
	Short    string    `json:"short,omitempty"`
	Position *Position `json:"position,omitempty"`
}

// Resource summarises one audited CRD in one cluster.
type Resource struct {
	Cluster string `json:"cluster,omitempty"`
	CRD     string `json:"crd"`
	Group   string `json:"group"`
	Kind    string `json:"kind"`
	// ContractKind is the catalogued kind the CRD was audited as.
	ContractKind   string `json:"contractKind,omitempty"`
	Contract       string `json:"contract,omitempty"`
	APIVersion     string `json:"apiVersion,omitempty"`
	StorageVersion string `json:"storageVersion,omitempty"`
	Objects        int    `json:"objects"`
	// ObjectsNotJudged says why the objects were not listed (a template's).
	ObjectsNotJudged string `json:"objectsNotJudged,omitempty"`
	// Readiness counts objects per readiness class, named by the kind's
	// readiness fields (ready-only, initialized-only, dual-agree, ...).
	Readiness map[string]int `json:"readiness,omitempty"`
}

// Cluster is one audited cluster (or dump) and the core it runs.
type Cluster struct {
	Name   string              `json:"name"`
	Target contract.CoreTarget `json:"target"`
}

// Summary counts findings.
type Summary struct {
	Errors   int            `json:"errors"`
	Warnings int            `json:"warnings"`
	Info     int            `json:"info"`
	ByRule   map[string]int `json:"byRule"`
	// Types lists the pool types audited (static mode).
	Types []string `json:"types,omitempty"`
	// TypeRefs are the audited provider types, structured: the rows of the
	// migration matrix.
	TypeRefs []TypeRef `json:"typeRefs,omitempty"`
	// Loaded and NotLoaded count packages (static) or resources (live).
	Loaded    int `json:"loaded"`
	NotLoaded int `json:"notLoaded"`
	// Resources summarises each audited CRD (live mode).
	Resources []Resource `json:"resources,omitempty"`
	// Clusters names each audited cluster and its core target (live mode).
	Clusters []Cluster `json:"clusters,omitempty"`
	Failed   bool      `json:"failed"`
	ExitCode int       `json:"exitCode"`

	// Suppressed counts findings left out because an //mpaudit:ignore
	// comment or an mpaudit.io/ignore annotation covers them.
	Suppressed int `json:"suppressed,omitempty"`

	// Baselined counts findings left out because a baseline lists them
	// (check --baseline); they do not count towards the exit code.
	Baselined int `json:"baselined,omitempty"`
}

// Report is the document every printer renders.
type Report struct {
	Tool     string              `json:"tool"`
	Mode     string              `json:"mode"`
	Target   contract.CoreTarget `json:"target"`
	FailOn   contract.Severity   `json:"failOn"`
	Findings []Finding           `json:"findings"`
	Problems []Problem           `json:"problems,omitempty"`
	Notes    []string            `json:"notes,omitempty"`
	Summary  Summary             `json:"summary"`
	// Matrix is built by Finish from TypeRefs and the findings.
	Matrix *Matrix `json:"matrix,omitempty"`
	// ListInfo makes the text printer list every info finding instead of
	// counting them by rule on one line (--show-info).
	ListInfo bool `json:"-"`
}

// DropBelow leaves out the findings below min (--min-severity), after
// Finish: the summary, the matrix and the exit code still count them.
func (r *Report) DropBelow(min contract.Severity) {
	r.Findings = slices.DeleteFunc(r.Findings, func(f Finding) bool { return f.Severity < min })
}

// Finish sorts findings, fills the summary and returns the exit code.
func (r *Report) Finish() int {
	if r.Findings == nil {
		r.Findings = []Finding{}
	}
	sort.SliceStable(r.Findings, func(i, j int) bool { return less(r.Findings[i], r.Findings[j]) })
	s := &r.Summary
	s.Errors, s.Warnings, s.Info = 0, 0, 0
	s.ByRule = map[string]int{}
	failed := false
	for _, f := range r.Findings {
		switch f.Severity {
		case contract.Error:
			s.Errors++
		case contract.Warning:
			s.Warnings++
		case contract.Info:
			s.Info++
		}
		s.ByRule[f.Rule]++
		if f.Severity >= r.FailOn && f.Severity > contract.Off {
			failed = true
		}
	}
	sort.Strings(s.Types)
	slices.SortFunc(s.TypeRefs, compareTypeRefs)
	s.TypeRefs = slices.CompactFunc(s.TypeRefs, sameTypeRef)
	r.Matrix = buildMatrix(r)
	s.Failed = failed
	switch {
	case len(r.Problems) > 0:
		s.ExitCode = ExitError
	case failed:
		s.ExitCode = ExitFindings
	default:
		s.ExitCode = ExitOK
	}
	return s.ExitCode
}

func less(a, b Finding) bool {
	pa, pb := a.Position, b.Position
	switch {
	case pa != nil && pb != nil:
		if pa.File != pb.File {
			return pa.File < pb.File
		}
		if pa.Line != pb.Line {
			return pa.Line < pb.Line
		}
		if pa.Column != pb.Column {
			return pa.Column < pb.Column
		}
	case pa != nil:
		return true
	case pb != nil:
		return false
	}
	if oa, ob := objectKey(a.Object), objectKey(b.Object); oa != ob {
		return oa < ob
	}
	if a.Rule != b.Rule {
		return a.Rule < b.Rule
	}
	return a.Field < b.Field
}

func objectKey(o *Object) string {
	if o == nil {
		return ""
	}
	return o.Cluster + "/" + o.Group + "/" + o.Kind + "/" + o.Namespace + "/" + o.Name
}
