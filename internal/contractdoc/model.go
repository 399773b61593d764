// Package contractdoc renders the contract catalog (package contract) as a
// document: Markdown pages shaped like Cluster API's contract pages, the same
// data as JSON or YAML, and a JSON Schema of both the document and the field
// points of every kind.
//
// It is the only renderer of the contract: `mpaudit contract show` and
// `mpaudit contract schema` print its output, and hack/docgen writes the same
// text to docs/contract/ (Files), so the CLI and the published pages cannot
// differ. A test fails when docs/contract/ is not what Files renders.
package contractdoc

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mpaudit/mpaudit/contract"
)

// Format names the document's layout; it changes only when a field of the
// JSON is renamed or removed.
const Format = "mpaudit.contract/v1"

// Document is the contract as `mpaudit contract show -o json` prints it.
// Field names are stable; the schema (Schema) describes each.
type Document struct {
	Format string `json:"format"`
	// LatestVerifiedCore is the newest Cluster API release the read windows were checked against.
	LatestVerifiedCore string `json:"latestVerifiedCore"`
	// Contracts are the contract versions whose points the document holds.
	Contracts []string `json:"contracts"`
	Kinds     []Kind   `json:"kinds"`
}

// Kind is one contract kind's page.
type Kind struct {
	Name        string `json:"name"`
	GroupPrefix string `json:"groupPrefix"`
	TemplateOf  string `json:"templateOf,omitempty"`
	DocURL      string `json:"docURL"`
	// ExampleType is the provider root type the Go shapes are written for (FooMachine).
	ExampleType string `json:"exampleType"`
	// LabelExclusiveSince is the first core that picks the whole field set from the CRD's label.
	LabelExclusiveSince string `json:"labelExclusiveSince,omitempty"`
	// VersionToContract are the core call sites that map an object's API
	// version back to one contract by the CRD's labels.
	VersionToContract []string `json:"versionToContract,omitempty"`
	CRD               CRD      `json:"crd"`
	// ReferencedBy lists the core objects (of both core API versions) that reference the kind.
	ReferencedBy []CoreLink `json:"referencedBy"`
	Rules        []Rule     `json:"rules"`
	// Initialization is what each window of core releases reads to decide the
	// kind's initialization, per contract label (contract.ReadsAspect); empty for templates.
	Initialization []ReleaseReads `json:"initializationByRelease"`
	// CheckedBy are the IDs of mpaudit rules that judge the kind.
	CheckedBy []string `json:"checkedBy"`
	// Scale is the scale subresource the CRD MUST have when the kind's
	// objects have spec.replicas; nil when the contract requires none.
	Scale *Scale `json:"scale,omitempty"`
}

// Scale is a scale subresource, by the JSON paths the API server reads.
type Scale struct {
	SpecReplicasPath   string `json:"specReplicasPath"`
	StatusReplicasPath string `json:"statusReplicasPath"`
	LabelSelectorPath  string `json:"labelSelectorPath"`
	// Marker is the kubebuilder marker that generates it.
	Marker string `json:"marker"`
}

// CRD is what the contract asks of the kind's CustomResourceDefinition.
type CRD struct {
	Scope string `json:"scope"`
	// GroupExample is the kind's usual API group; NameExample is the CRD name
	// core looks up (contract.CRDName) for the example type in it.
	GroupExample string `json:"groupExample"`
	NameExample  string `json:"nameExample"`
	// Labels are the contract label keys, one per contract shown.
	Labels []string `json:"labels"`
}

// CoreLink is a core object's reference to objects of the kind.
type CoreLink struct {
	CoreKind       string   `json:"coreKind"`
	APIVersion     string   `json:"apiVersion"`
	Ref            string   `json:"ref"`
	RefHasAPIGroup bool     `json:"refHasAPIGroup"`
	Reports        []Mirror `json:"reports"`
	// Since and Until bound the core releases whose objects report so.
	Since string `json:"since,omitempty"`
	Until string `json:"until,omitempty"`
}

// Mirror is where the core object reports one aspect it read.
type Mirror struct {
	Aspect string `json:"aspect"`
	Path   string `json:"path"`
}

// Rule is one rule of the page: a topic and its points.
type Rule struct {
	// Title is "<Kind>: <topic>", as the contract pages name the rule.
	Title string `json:"title"`
	Topic string `json:"topic"`
	// Mandatory says, per contract version with points here, whether the contract makes the rule a MUST.
	Mandatory map[string]bool `json:"mandatory"`
	Points    []Point         `json:"points"`
}

// Point is one field point.
type Point struct {
	Contract string `json:"contract"`
	Path     string `json:"path"`
	Aspect   string `json:"aspect"`
	// GoType is the shape as Go source, with conventional package names and
	// <Kind>/<Templated> placeholders; Shape is the same as data.
	GoType     string   `json:"goType"`
	Shape      Shape    `json:"shape"`
	Compatible []string `json:"compatible"`
	JSONTag    string   `json:"jsonTag"`
	Markers    []Marker `json:"markers"`
	Required   bool     `json:"required"`
	// RequiredWith is the path of a point whose presence makes this one a MUST.
	RequiredWith string `json:"requiredWith,omitempty"`
	// RequiredAnyOf: one of the points with the same RequiredWith and this flag is enough.
	RequiredAnyOf bool `json:"requiredAnyOf,omitempty"`
	// Convention marks a Cluster API convention not written in the contract pages.
	Convention bool `json:"convention"`
	// ReadFirst is a path core tries before this one.
	ReadFirst string `json:"readFirst,omitempty"`
	Reads     []Read `json:"reads"`
}

// Shape is a Go type as data.
type Shape struct {
	Kind    string `json:"kind"`
	Pointer bool   `json:"pointer"`
	Elem    *Shape `json:"elem,omitempty"`
	// Named is the type's name; Packages its import paths (several when
	// Cluster API moved it), none for a type the provider declares (Local).
	Named    string   `json:"named,omitempty"`
	Packages []string `json:"packages,omitempty"`
	Local    bool     `json:"local,omitempty"`
}

// Marker is a kubebuilder marker the contract prescribes.
type Marker struct {
	Name  string `json:"name"`
	Value string `json:"value,omitempty"`
	// OnType: the marker belongs on the field's type, not the field.
	OnType bool `json:"onType,omitempty"`
}

// Read is a window of core releases reading the point.
type Read struct {
	// Mode is label-driven, fixed or fallback.
	Mode string `json:"mode"`
	// Label is the contract the CRD's label must resolve to; empty for any.
	Label string `json:"label,omitempty"`
	// Since (inclusive) and Until (exclusive) bound the core releases; empty is unbounded.
	Since       string `json:"since,omitempty"`
	Until       string `json:"until,omitempty"`
	FallbackFor string `json:"fallbackFor,omitempty"`
	InPlaceOf   string `json:"inPlaceOf,omitempty"`
	Note        string `json:"note,omitempty"`
	// Assumed windows come from docs or open PRs, not released code.
	Assumed bool   `json:"assumed"`
	Basis   string `json:"basis"`
	// Summary is the window in one sentence, as the Markdown prints it.
	Summary string `json:"summary"`
}

// ReleaseReads is what the core releases [Since, Until) read for one aspect of
// an object whose CRD label resolves to Label.
type ReleaseReads struct {
	Since string `json:"since,omitempty"`
	Until string `json:"until,omitempty"`
	Label string `json:"label"`
	// Paths are read in order: a fallback follows the point it stands in for.
	Paths []string `json:"paths"`
	// Summary is the cell the Markdown prints.
	Summary string `json:"summary"`
	// Assumed: some read is taken from docs or an open pull request.
	Assumed bool `json:"assumed"`
}

// Contracts lists the contract versions, newest first.
func Contracts() []contract.Contract { return []contract.Contract{contract.V1Beta2, contract.V1Beta1} }

// Build makes the document of kinds (every catalogued kind when nil) with the
// points of the contracts given (both when empty), newest contract first.
func Build(kinds []*contract.Kind, contracts []contract.Contract) Document {
	if len(kinds) == 0 {
		kinds = contract.Kinds
	}
	if len(contracts) == 0 {
		contracts = Contracts()
	}
	doc := Document{Format: Format, LatestVerifiedCore: contract.LatestVerifiedCore, Kinds: []Kind{}}
	for _, c := range contracts {
		doc.Contracts = append(doc.Contracts, string(c))
	}
	for _, k := range kinds {
		doc.Kinds = append(doc.Kinds, buildKind(k, contracts))
	}
	return doc
}

func buildKind(k *contract.Kind, contracts []contract.Contract) Kind {
	out := Kind{
		Name: k.Name, GroupPrefix: k.GroupPrefix, TemplateOf: k.TemplateOf, DocURL: k.DocURL,
		ExampleType: exampleType(k), LabelExclusiveSince: string(k.LabelExclusiveSince), VersionToContract: k.VersionToContract,
		CRD: CRD{
			Scope:        contract.CRDScope,
			GroupExample: exampleGroup(k),
			NameExample:  contract.CRDName(exampleGroup(k), exampleType(k)),
		},
		ReferencedBy: []CoreLink{},
		Rules:        []Rule{},
		CheckedBy:    []string{},
	}
	for _, c := range contracts {
		out.CRD.Labels = append(out.CRD.Labels, contract.LabelKey(string(c)))
	}
	for _, l := range k.Links {
		link := CoreLink{CoreKind: l.CoreKind, APIVersion: l.APIVersion, Ref: l.Ref, RefHasAPIGroup: l.RefHasAPIGroup, Reports: []Mirror{},
			Since: string(l.Since), Until: string(l.Until)}
		for _, m := range l.Reports {
			link.Reports = append(link.Reports, Mirror{Aspect: string(m.Aspect), Path: m.Path})
		}
		out.ReferencedBy = append(out.ReferencedBy, link)
	}
	for _, t := range contract.Topics {
		r := Rule{Title: k.Name + ": " + t.Title, Topic: t.Title, Mandatory: map[string]bool{}, Points: []Point{}}
		for _, c := range contracts {
			for _, p := range k.Points(c) {
				if slices.Contains(t.Aspects, p.Aspect) {
					r.Points = append(r.Points, buildPoint(p))
					r.Mandatory[string(c)] = r.Mandatory[string(c)] || p.Required
				}
			}
		}
		if len(r.Points) > 0 {
			out.Rules = append(out.Rules, r)
		}
	}
	if s := k.Scale; s != nil {
		out.Scale = &Scale{SpecReplicasPath: s.SpecReplicasPath, StatusReplicasPath: s.StatusReplicasPath, LabelSelectorPath: s.LabelSelectorPath, Marker: s.Marker()}
	}
	out.Initialization = releaseReads(k, contract.AspectReadiness, contracts)
	for _, r := range contract.Rules() {
		if r.AppliesTo(k) {
			out.CheckedBy = append(out.CheckedBy, r.ID)
		}
	}
	return out
}

func buildPoint(p contract.Point) Point {
	out := Point{
		Contract: string(p.Contract), Path: p.Path, Aspect: string(p.Aspect),
		GoType: p.Type.String(), Shape: shapeOf(p.Type), Compatible: []string{},
		JSONTag: p.Tag.String(), Markers: []Marker{}, Required: p.Required, RequiredWith: p.RequiredWith, RequiredAnyOf: p.RequiredAnyOf, Convention: p.Convention,
		ReadFirst: p.ReadFirst, Reads: []Read{},
	}
	for _, c := range p.Compatible {
		out.Compatible = append(out.Compatible, c.String())
	}
	for _, m := range p.Markers {
		out.Markers = append(out.Markers, Marker{Name: m.Name, Value: m.Value, OnType: m.OnType})
	}
	for _, r := range p.Reads {
		out.Reads = append(out.Reads, Read{
			Mode: string(r.Mode), Label: string(r.Label), Since: string(r.Since), Until: string(r.Until),
			FallbackFor: r.FallbackFor, InPlaceOf: r.InPlaceOf, Note: r.Note, Assumed: r.Assumed, Basis: r.Basis,
			Summary: readSummary(r),
		})
	}
	return out
}

func shapeOf(t contract.GoType) Shape {
	s := Shape{Kind: string(t.Kind), Pointer: t.Pointer}
	if t.Elem != nil {
		e := shapeOf(*t.Elem)
		s.Elem = &e
	}
	if t.Named != nil {
		s.Named, s.Packages, s.Local = t.Named.Name, t.Named.Packages, t.Named.Local
	}
	return s
}

// releaseReads splits the core releases at every bound of the aspect's read
// windows and asks contract.ReadsAspect what each window reads under each
// label it knows; adjacent windows reading the same are merged.
func releaseReads(k *contract.Kind, a contract.Aspect, contracts []contract.Contract) []ReleaseReads {
	bounds := []contract.Release{contract.ReleaseV1Beta2, contract.ReleaseV1Beta1Dropped}
	for _, p := range k.AllPoints() {
		for _, r := range p.Reads {
			if p.Aspect == a || r.InPlaceOf != "" {
				bounds = append(bounds, r.Since, r.Until)
			}
		}
	}
	bounds = slices.DeleteFunc(bounds, func(r contract.Release) bool { return r == "" })
	slices.SortFunc(bounds, func(x, y contract.Release) int {
		switch {
		case x.Less(y):
			return -1
		case y.Less(x):
			return 1
		}
		return 0
	})
	bounds = slices.Compact(bounds)
	byLabel := map[contract.Contract][]ReleaseReads{}
	for i := 0; i <= len(bounds); i++ {
		var since, until contract.Release
		probe := contract.Release("v1.0.0") // any release before the first bound
		if i > 0 {
			since, probe = bounds[i-1], bounds[i-1]
		}
		if i < len(bounds) {
			until = bounds[i]
		}
		for _, c := range contracts {
			if !contract.Knows(probe, c) {
				continue
			}
			rps, err := contract.ReadsAspect(k, probe, c, a)
			if err != nil || len(rps) == 0 {
				continue
			}
			rr := ReleaseReads{Since: string(since), Until: string(until), Label: string(c)}
			var parts []string
			for _, rp := range rps {
				rr.Paths = append(rr.Paths, rp.Point.Path)
				rr.Assumed = rr.Assumed || rp.Read.Assumed
				part := rp.Point.Path
				switch {
				case rp.Read.InPlaceOf != "":
					part += " (in place of " + rp.Read.InPlaceOf + ")"
				case rp.Primary != nil:
					part = "else " + part + " (fallback)"
				}
				parts = append(parts, part)
			}
			rr.Summary = strings.Join(parts, ", ")
			list := byLabel[c]
			if n := len(list); n > 0 && list[n-1].Until == rr.Since && list[n-1].Summary == rr.Summary && list[n-1].Assumed == rr.Assumed {
				list[n-1].Until = rr.Until
				continue
			}
			byLabel[c] = append(list, rr)
		}
	}
	out := []ReleaseReads{}
	for _, c := range contracts {
		out = append(out, byLabel[c]...)
	}
	return out
}

// readSummary says in one sentence which cores read a point and how.
func readSummary(r contract.Read) string {
	var cores string
	switch {
	case r.Since == "" && r.Until == "":
		cores = "every core release"
	case r.Since == "":
		cores = "core releases before " + string(r.Until)
	case r.Until == "":
		cores = "core " + string(r.Since) + " and later"
	default:
		cores = fmt.Sprintf("core %s up to (not including) %s", r.Since, r.Until)
	}
	var how string
	switch r.Mode {
	case contract.ReadLabelDriven:
		how = "read only when the CRD's contract label resolves to " + string(r.Label)
	case contract.ReadFallback:
		how = "read as a fallback when " + r.FallbackFor + " is absent"
		if r.Label != "" {
			how += ", when the CRD's contract label resolves to " + string(r.Label)
		}
	default:
		how = "read whatever the CRD's contract label says"
	}
	s := cores + ": " + how
	if r.InPlaceOf != "" {
		s += ", in place of " + r.InPlaceOf
	}
	if r.Note != "" {
		s += "; " + r.Note
	}
	if r.Assumed {
		s += "; assumed from docs or an open pull request, not released code"
	}
	return s + "."
}

// exampleType is the provider type the Go shapes are written for: FooMachine, FooMachineTemplate.
func exampleType(k *contract.Kind) string {
	if base, ok := contract.KindByName(k.TemplateOf); ok {
		return exampleType(base) + "Template"
	}
	return "Foo" + k.TypeSuffix
}

func exampleGroup(k *contract.Kind) string { return k.GroupPrefix + contract.CoreGroup }

// localName resolves the <Kind> and <Templated> placeholders of a local type
// name for the kind's example type.
func localName(k Kind, name string) string {
	name = strings.ReplaceAll(name, contract.KindPlaceholder, k.ExampleType)
	return strings.ReplaceAll(name, contract.TemplatedPlaceholder, strings.TrimSuffix(k.ExampleType, "Template"))
}
