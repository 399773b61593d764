package contractdoc

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mpaudit/mpaudit/contract"
)

// generatedNote marks every generated page.
const generatedNote = "<!-- Generated from the catalog in contract/ by `make docs` (mpaudit contract show); do not edit. -->\n"

// Markdown renders every kind of the document, one page after the other.
func Markdown(doc Document) string {
	pages := make([]string, len(doc.Kinds))
	for i, k := range doc.Kinds {
		pages[i] = Page(k, doc.Contracts)
	}
	return strings.Join(pages, "\n")
}

// Page renders one kind as Cluster API's contract pages are laid out: a rule
// table with a Mandatory column, then one section per rule with the Go shape
// of each point and the core releases that read it. It ends with a newline.
func Page(k Kind, contracts []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Contract rules for %s\n\n", k.Name)
	b.WriteString(generatedNote + "\n")
	if k.TemplateOf != "" {
		fmt.Fprintf(&b, "%s is the template of %s (ClusterClass, MachineDeployment and MachineSet stamp objects from it). ", k.Name, k.TemplateOf)
	}
	fmt.Fprintf(&b, "Cluster API's page: <%s>. The Go shapes below are written for a provider type `%s`; "+
		"`<Kind>` in a type name stands for the provider's type.\n\n", k.DocURL, k.ExampleType)
	if len(k.ReferencedBy) > 0 {
		b.WriteString("Core objects that reference it, and where they report what they read:\n\n")
		b.WriteString("| Core object | Reference | Reports |\n|---|---|---|\n")
		for _, l := range k.ReferencedBy {
			ref := "`" + l.Ref + "` (apiVersion, kind, name)"
			if l.RefHasAPIGroup {
				ref = "`" + l.Ref + "` (apiGroup, kind, name)"
			}
			var reports []string
			for _, m := range l.Reports {
				reports = append(reports, m.Aspect+" → `"+m.Path+"`")
			}
			window := ""
			switch {
			case l.Since != "" && l.Until != "":
				window = " (core " + l.Since + " to before " + l.Until + ")"
			case l.Since != "":
				window = " (core " + l.Since + "+)"
			case l.Until != "":
				window = " (core before " + l.Until + ")"
			}
			fmt.Fprintf(&b, "| %s %s%s | %s | %s |\n", l.CoreKind, l.APIVersion, window, ref, strings.Join(reports, "; "))
		}
		b.WriteString("\n")
	}

	heading := "contract version " + contracts[0]
	if len(contracts) > 1 {
		heading = "contract versions " + strings.Join(contracts, ", ")
	}
	fmt.Fprintf(&b, "## Rules (%s)\n\n", heading)
	b.WriteString("| Rule |")
	if len(contracts) == 1 {
		b.WriteString(" Mandatory |")
	} else {
		for _, c := range contracts {
			fmt.Fprintf(&b, " Mandatory (%s) |", c)
		}
	}
	b.WriteString(" Note |\n|---|")
	b.WriteString(strings.Repeat("---|", len(contracts)+1) + "\n")
	crdTitle := "All resources: scope, CRD name and contract label"
	fmt.Fprintf(&b, "| [%s](#%s) |%s  |\n", crdTitle, anchor(crdTitle), strings.Repeat(" Yes |", len(contracts)))
	for _, r := range k.Rules {
		fmt.Fprintf(&b, "| [%s](#%s) |", r.Title, anchor(r.Title))
		for _, c := range contracts {
			m, ok := r.Mandatory[c]
			switch {
			case !ok:
				b.WriteString(" — |")
			case m:
				b.WriteString(" Yes |")
			default:
				b.WriteString(" No |")
			}
		}
		fmt.Fprintf(&b, " %s |\n", ruleNote(r))
	}
	if len(contracts) > 1 {
		b.WriteString("\n— : the contract version has no point for the rule.\n")
	}

	fmt.Fprintf(&b, "\n### %s\n\n", crdTitle)
	fmt.Fprintf(&b, "All resources MUST be namespace-scoped (`scope: %s`). The CRD MUST be named as "+
		"`contract.CalculateCRDName(group, kind)` computes it (`%s` for `%s` in `%s`): core looks it up by that name only.\n\n",
		k.CRD.Scope, k.CRD.NameExample, k.ExampleType, k.CRD.GroupExample)
	labels := make([]string, len(k.CRD.Labels))
	for i, l := range k.CRD.Labels {
		labels[i] = "`" + l + "`"
	}
	fmt.Fprintf(&b, "The CRD MUST carry the label of each contract version it implements (%s); its value lists, `_`-separated, "+
		"the API versions that implement that contract. Core takes the highest contract whose label is present and non-empty, "+
		"then the highest API version in it.", strings.Join(labels, ", "))
	switch {
	case k.LabelExclusiveSince != "":
		fmt.Fprintf(&b, " From core %s the label picks the whole field set below, with no fallback: a CRD labelled %s "+
			"whose objects write only %s fields is never provisioned or initialized.\n", k.LabelExclusiveSince, contract.V1Beta2, contract.V1Beta1)
	case k.TemplateOf != "":
		b.WriteString(" Core reads a template's points whatever the label (see each point below).\n")
	default:
		b.WriteString(" Which fields core reads under each label is given per point below.\n")
	}

	if len(k.VersionToContract) > 0 {
		fmt.Fprintf(&b, "\nCore also maps an object's API version back to one contract by ranging over these labels (%s), so each "+
			"API version MUST be under one label only: serve a new API version for the %s contract. Callers: %s.\n",
			"`GetContractVersionForVersion`", contract.V1Beta2, strings.Join(k.VersionToContract, "; "))
	}

	for _, r := range k.Rules {
		writeRule(&b, k, r, contracts)
	}

	if len(k.Initialization) > 0 {
		b.WriteString("\n## Initialization by core release\n\n")
		fmt.Fprintf(&b, "What each core release reads to decide that an object of this kind is initialized, by the contract its CRD's "+
			"label resolves to (cores before %s honour only the %s label):\n\n", contract.ReleaseV1Beta2, contract.V1Beta1)
		b.WriteString("| Contract label | Core releases | Reads |\n|---|---|---|\n")
		for _, r := range k.Initialization {
			reads := r.Summary
			for _, p := range r.Paths {
				reads = strings.ReplaceAll(reads, p, "`"+p+"`")
			}
			if r.Assumed {
				reads += " (assumed from docs or an open pull request)"
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", r.Label, releaseRange(r.Since, r.Until), reads)
		}
	}

	if len(k.CheckedBy) > 0 {
		b.WriteString("\n## mpaudit rules for this kind\n\n")
		links := make([]string, len(k.CheckedBy))
		for i, id := range k.CheckedBy {
			links[i] = fmt.Sprintf("[%s](../rules/%s.md)", id, id)
		}
		fmt.Fprintf(&b, "%s (`mpaudit rules --kind %s`).\n", strings.Join(links, ", "), k.Name)
	}
	return b.String()
}

func writeRule(b *strings.Builder, k Kind, r Rule, contracts []string) {
	fmt.Fprintf(b, "\n### %s\n", r.Title)
	if sc := k.Scale; sc != nil && slices.ContainsFunc(r.Points, func(p Point) bool { return "."+p.Path == sc.SpecReplicasPath }) {
		fmt.Fprintf(b, "\nA %s whose objects have `%s` MUST have the fields below marked so, and its CRD MUST support the scale subresource "+
			"(`%s` on the root type):\n\n```yaml\nscale:\n  labelSelectorPath: %s\n  specReplicasPath: %s\n  statusReplicasPath: %s\nstatus: {}\n```\n",
			k.Name, strings.TrimPrefix(sc.SpecReplicasPath, "."), sc.Marker, sc.LabelSelectorPath, sc.SpecReplicasPath, sc.StatusReplicasPath)
	}
	for i, c := range contracts {
		var points []Point
		for _, p := range r.Points {
			if p.Contract == c {
				points = append(points, p)
			}
		}
		if len(points) == 0 {
			continue
		}
		if i > 0 {
			fmt.Fprintf(b, "\n#### Compatibility with the deprecated %s contract\n", c)
		}
		for _, p := range points {
			writePoint(b, k, p, r.Points)
		}
	}
}

func writePoint(b *strings.Builder, k Kind, p Point, siblings []Point) {
	status := "optional"
	switch {
	case p.Required:
		status = "mandatory"
	case p.RequiredWith != "" && p.RequiredAnyOf:
		status = "this or another point marked so is mandatory when the type has `" + p.RequiredWith + "`"
	case p.RequiredWith != "":
		status = "mandatory when the type has `" + p.RequiredWith + "`"
	}
	if p.Convention {
		status += ", a Cluster API convention not written in the contract pages"
	}
	fmt.Fprintf(b, "\n**`%s`** (%s, %s)\n\n", p.Path, p.Contract, status)
	b.WriteString("```go\n" + goSnippet(k, p) + "```\n\n")
	if len(p.Compatible) > 0 {
		fmt.Fprintf(b, "Core decodes %s alike.\n\n", code(p.Compatible, k))
	}
	if p.ReadFirst != "" {
		fmt.Fprintf(b, "Core tries `%s` first: while a field there has this shape, core reads it instead.\n\n", p.ReadFirst)
	}
	if len(p.Reads) == 0 {
		if readsInside(p, siblings) {
			b.WriteString("Core reads the fields in it (below), not the struct itself.\n")
		} else {
			b.WriteString("No core release reads it.\n")
		}
		return
	}
	b.WriteString("Read by:\n")
	for _, r := range p.Reads {
		fmt.Fprintf(b, "- %s Basis: `%s`.\n", r.Summary, r.Basis)
	}
}

// releaseRange renders [since, until) of core releases.
func releaseRange(since, until string) string {
	switch {
	case since == "" && until == "":
		return "every release"
	case since == "":
		return "before " + until
	case until == "":
		return since + " and later"
	}
	return since + " ≤ core < " + until
}

// readsInside reports whether core reads a point nested in p.
func readsInside(p Point, points []Point) bool {
	for _, q := range points {
		if q.Contract == p.Contract && strings.HasPrefix(q.Path, p.Path+".") && len(q.Reads) > 0 {
			return true
		}
	}
	return false
}

// goSnippet is the point's field as Go source, inside the struct that holds
// it when the catalog names that struct.
func goSnippet(k Kind, p Point) string {
	segs := strings.Split(p.Path, ".")
	var field strings.Builder
	indent := ""
	parent := parentType(k, p)
	if parent != "" {
		indent = "\t"
	} else {
		fmt.Fprintf(&field, "// in %s's %s:\n", k.ExampleType, strings.Join(segs[:len(segs)-1], "."))
	}
	for _, m := range p.Markers {
		if !m.OnType {
			fmt.Fprintf(&field, "%s// %s\n", indent, markerText(m))
		}
	}
	tagName, _, _ := strings.Cut(p.JSONTag, ",")
	fmt.Fprintf(&field, "%s%s %s `json:\"%s\"`\n", indent, exported(tagName), localName(k, p.GoType), p.JSONTag)
	out := field.String()
	if parent != "" {
		out = "type " + parent + " struct {\n" + out + "}\n"
	}
	var typeMarkers []string
	for _, m := range p.Markers {
		if m.OnType {
			typeMarkers = append(typeMarkers, "// "+markerText(m))
		}
	}
	if len(typeMarkers) > 0 {
		if p.Shape.Local {
			out += "\n" + strings.Join(typeMarkers, "\n") + "\ntype " + localName(k, p.Shape.Named) + " struct {\n\t// ...\n}\n"
		} else {
			out += "\n// " + localName(k, p.GoType) + " carries:\n" + strings.Join(typeMarkers, "\n") + "\n"
		}
	}
	return out
}

// parentType names the struct holding the point: the root type's Spec or
// Status, or a provider-local type the catalog gives the parent path; ""
// when the catalog does not name it.
func parentType(k Kind, p Point) string {
	i := strings.LastIndexByte(p.Path, '.')
	parentPath := p.Path[:i]
	if !strings.Contains(parentPath, ".") {
		return k.ExampleType + exported(parentPath)
	}
	for _, r := range k.Rules {
		for _, q := range r.Points {
			if q.Contract == p.Contract && q.Path == parentPath && q.Shape.Local {
				return localName(k, q.Shape.Named)
			}
		}
	}
	return ""
}

func markerText(m Marker) string {
	if m.Value == "" {
		return "+" + m.Name
	}
	return "+" + m.Name + "=" + m.Value
}

func exported(name string) string {
	if name == "" {
		return name
	}
	return strings.ToUpper(name[:1]) + name[1:]
}

func code(types []string, k Kind) string {
	out := make([]string, len(types))
	for i, t := range types {
		out[i] = "`" + localName(k, t) + "`"
	}
	return strings.Join(out, " and ")
}

// ruleNote is the table's note: windows that are not released behaviour,
// conventions, and rules no core reads.
func ruleNote(r Rule) string {
	var notes []string
	read, assumed, convention := false, false, true
	for _, p := range r.Points {
		read = read || len(p.Reads) > 0
		convention = convention && p.Convention
		for _, rd := range p.Reads {
			assumed = assumed || rd.Assumed
		}
	}
	if !read {
		notes = append(notes, "not read by core")
	}
	if convention {
		notes = append(notes, "Cluster API convention")
	}
	if assumed {
		notes = append(notes, "some reads assumed from an open pull request")
	}
	return strings.Join(notes, "; ")
}

// anchor is the fragment GitHub gives a heading.
func anchor(heading string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(heading) {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '-', c == '_':
			b.WriteRune(c)
		case c == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}

// Index renders the docs/contract index: one row per kind.
func Index(doc Document) string {
	var b strings.Builder
	b.WriteString("# The Cluster API provider contract, as mpaudit declares it\n\n")
	b.WriteString(generatedNote + "\n")
	b.WriteString("One page per contract kind, generated from the catalog in `contract/` (the data every mpaudit mode " +
		"judges by) and shaped like Cluster API's contract pages: a rule table with a Mandatory column, then one " +
		"section per rule with the Go shape of each field point and the core releases that read it.\n\n")
	fmt.Fprintf(&b, "Read windows were checked against Cluster API releases up to %s.\n\n", doc.LatestVerifiedCore)
	b.WriteString("| Kind | Template of | Rules | Mandatory (v1beta2) | Label-driven since | Cluster API page |\n|---|---|---|---|---|---|\n")
	for _, k := range doc.Kinds {
		var mandatory []string
		for _, r := range k.Rules {
			if r.Mandatory[string(contract.V1Beta2)] {
				mandatory = append(mandatory, r.Topic)
			}
		}
		since := k.LabelExclusiveSince
		if since == "" {
			since = "—"
		}
		tmpl := k.TemplateOf
		if tmpl == "" {
			tmpl = "—"
		}
		fmt.Fprintf(&b, "| [%s](%s) | %s | %d | %s | %s | <%s> |\n", k.Name, FileName(k.Name), tmpl, len(k.Rules), strings.Join(mandatory, ", "), since, k.DocURL)
	}
	b.WriteString("\nThe same data: `mpaudit contract show [--kind K] [--contract v1beta1|v1beta2] -o json|yaml`. " +
		"Its JSON Schema (draft 2020-12), with the status and spec fragment schemas of every kind's field points, is [" +
		SchemaFile + "](" + SchemaFile + ") (`mpaudit contract schema`).\n")
	b.WriteString("\nEvery MUST of Cluster API's contract pages, with the rules that check it or why none can: [" + MustsFile + "](" + MustsFile + ").\n")
	b.WriteString("\nWhere each field of Cluster API's own v1beta1 Go types went in v1beta2, as its conversion functions move it: [" + GoAPIFile + "](" + GoAPIFile + ").\n")
	return b.String()
}
