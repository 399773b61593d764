package report

import (
	"cmp"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/mpaudit/mpaudit/contract"
)

// TypeRef is one audited provider API type: one API version of a kind.
type TypeRef struct {
	// Kind is the contract kind (InfraMachinePool, ControlPlane, ...).
	Kind    string `json:"kind"`
	Group   string `json:"group,omitempty"`
	Version string `json:"version,omitempty"`
	// Name is the resource kind (DockerMachinePool).
	Name string `json:"name"`
	// GoType is the package-qualified Go type (static mode).
	GoType string `json:"goType,omitempty"`
	// Storage is false for a conversion spoke.
	Storage bool `json:"storage"`
	// Cluster is the audited cluster (live mode).
	Cluster string `json:"cluster,omitempty"`
	// NoCRD says no CRD of the kind was found (static mode): the CRD
	// columns are not checked, whatever the markers say.
	NoCRD bool `json:"noCRD,omitempty"`
	// Points are the JSON paths of the kind's catalogued points the type
	// has (static mode), for saying which cores read what it has.
	Points []string `json:"points,omitempty"`
	// Labels are the contract labels of the type's CRD as the audit read
	// them (static mode).
	Labels map[string]string `json:"labels,omitempty"`
}

// sameTypeRef is equality of type rows.
func sameTypeRef(a, b TypeRef) bool {
	return compareTypeRefs(a, b) == 0 && slices.Equal(a.Points, b.Points) && maps.Equal(a.Labels, b.Labels) && a.NoCRD == b.NoCRD
}

// APIVersion is group/version, or the version alone when the group is unknown.
func (t TypeRef) APIVersion() string {
	if t.Group == "" {
		return t.Version
	}
	return t.Group + "/" + t.Version
}

// CellState is what a matrix cell says.
type CellState string

const (
	CellOK            CellState = "ok"          // judged, nothing to change
	CellFail          CellState = "fail"        // findings of the listed rules
	CellNotApplicable CellState = "n/a"         // the kind has no such point
	CellNotChecked    CellState = "not-checked" // no rule of this mode judges it, or its input was not found
)

// Matrix is the migration matrix: one row per audited type, one cell per
// contract column (contract.MatrixColumns), in column order.
type Matrix struct {
	Columns []MatrixColumn `json:"columns"`
	Rows    []MatrixRow    `json:"rows"`
}

// MatrixColumn heads a column.
type MatrixColumn struct {
	ID    string `json:"id"`
	Title string `json:"title"`
}

// MatrixRow is one audited type and its cells.
type MatrixRow struct {
	Type  TypeRef      `json:"type"`
	Cells []MatrixCell `json:"cells"`
}

// MatrixCell is one column of a row; Rules are the rules whose findings
// fail it.
type MatrixCell struct {
	Column string    `json:"column"`
	State  CellState `json:"state"`
	Rules  []string  `json:"rules,omitempty"`
}

// buildMatrix judges every audited type against every column from the
// report's findings; nil when no type was audited. A finding's column and
// whether it fails a cell are worked out once per rule, field and kind: a
// large provider has thousands of use-site findings.
func buildMatrix(r *Report) *Matrix {
	refs := slices.Clone(r.Summary.TypeRefs)
	if len(refs) == 0 {
		return nil
	}
	slices.SortFunc(refs, compareTypeRefs)
	refs = slices.CompactFunc(refs, sameTypeRef)
	modes := contract.Static
	if r.Mode == "live" {
		modes = contract.Live
	}
	m := &Matrix{Rows: make([]MatrixRow, 0, len(refs))}
	for _, c := range contract.MatrixColumns {
		m.Columns = append(m.Columns, MatrixColumn{ID: c.ID, Title: c.Title})
	}
	j := &judge{modes: modes, columns: map[columnKey]int{}, fails: map[failKey]bool{}}
	for _, t := range refs {
		m.Rows = append(m.Rows, MatrixRow{Type: t, Cells: j.row(r.Findings, t)})
	}
	return m
}

type columnKey struct{ rule, field, kind string }

type failKey struct {
	rule     string
	severity contract.Severity
	spoke    bool
}

// judge memoizes what does not depend on the row.
type judge struct {
	modes   contract.Modes
	columns map[columnKey]int // index in contract.MatrixColumns, -1 for none
	fails   map[failKey]bool
}

func (j *judge) row(findings []Finding, t TypeRef) []MatrixCell {
	kind, known := contract.KindByName(t.Kind)
	if !known {
		kind = nil
	}
	cols := contract.MatrixColumns
	cells := make([]MatrixCell, len(cols))
	notChecked := make([]bool, len(cols))
	for _, f := range findings {
		for i, c := range cols {
			if slices.Contains(c.NotCheckedBy, f.Rule) && t.owns(f, c.CRD) {
				notChecked[i] = true
			}
		}
		i := j.column(f, kind)
		if i >= 0 && j.failsCell(f) && t.owns(f, cols[i].CRD) {
			cells[i].Rules = append(cells[i].Rules, f.Rule)
		}
	}
	for i, c := range cols {
		cell := &cells[i]
		cell.Column = c.ID
		slices.Sort(cell.Rules)
		cell.Rules = slices.Compact(cell.Rules)
		switch {
		case len(cell.Rules) > 0: // a finding is never hidden, even in a column the kind lacks
			cell.State = CellFail
		case known && !c.AppliesTo(kind):
			cell.State = CellNotApplicable
		case notChecked[i] || !known || !c.CheckedIn(kind, j.modes) || (c.CRD && t.NoCRD):
			cell.State = CellNotChecked
		default:
			cell.State = CellOK
		}
	}
	return cells
}

// column is the index of f's column for a type of kind (nil: unknown), or -1.
func (j *judge) column(f Finding, kind *contract.Kind) int {
	key := columnKey{rule: f.Rule, field: f.Field}
	if kind != nil {
		key.kind = kind.Name
	}
	if i, ok := j.columns[key]; ok {
		return i
	}
	i := -1
	// A not-checked finding only says a column was not judged.
	notCheckedOnly := slices.ContainsFunc(contract.MatrixColumns, func(c contract.MatrixColumn) bool { return slices.Contains(c.NotCheckedBy, f.Rule) })
	if id, ok := contract.MatrixColumnOf(f.Rule, f.Field, kind); ok && !notCheckedOnly {
		i = slices.IndexFunc(contract.MatrixColumns, func(c contract.MatrixColumn) bool { return c.ID == id })
	}
	j.columns[key] = i
	return i
}

// failsCell: warnings and errors fail a cell, and so do a spoke's findings
// that are informational only because they are on a spoke; inventories
// (rules never above info) do not.
func (j *judge) failsCell(f Finding) bool {
	key := failKey{rule: f.Rule, severity: f.Severity, spoke: f.Spoke}
	if v, ok := j.fails[key]; ok {
		return v
	}
	v := f.Severity >= contract.Warning
	if !v && f.Spoke && f.Severity > contract.Off {
		rule, ok := contract.Lookup(f.Rule)
		v = !ok || !rule.Informational()
	}
	j.fails[key] = v
	return v
}

// owns reports whether finding f concerns type t. A finding on the CRD
// (crd) concerns every API version of the kind.
func (t TypeRef) owns(f Finding, crd bool) bool {
	if f.Object != nil && f.Object.Cluster != "" && t.Cluster != "" && f.Object.Cluster != t.Cluster {
		return false
	}
	if !crd && f.Type != "" && t.GoType != "" {
		return f.Type == t.GoType
	}
	if f.Kind == "" || f.Kind != t.Name {
		return false
	}
	group, version := findingGroupVersion(f)
	if group != "" && t.Group != "" && group != t.Group {
		return false
	}
	return crd || version == "" || t.Version == "" || version == t.Version
}

// findingGroupVersion reads a finding's API version: group/version, a
// group alone (live CRD findings), a version alone, or the object's.
func findingGroupVersion(f Finding) (group, version string) {
	if g, v, ok := strings.Cut(f.APIVersion, "/"); ok {
		return g, v
	}
	switch {
	case strings.Contains(f.APIVersion, "."):
		return f.APIVersion, ""
	case f.APIVersion != "":
		return "", f.APIVersion
	case f.Object != nil && f.Object.Kind == f.Kind:
		return f.Object.Group, f.Object.Version
	}
	return "", ""
}

func compareTypeRefs(a, b TypeRef) int {
	return cmp.Or(
		cmp.Compare(a.Cluster, b.Cluster),
		cmp.Compare(kindOrder(a.Kind), kindOrder(b.Kind)),
		cmp.Compare(a.Kind, b.Kind),
		cmp.Compare(a.Group, b.Group),
		cmp.Compare(a.Name, b.Name),
		boolOrder(a.Storage, b.Storage),
		cmp.Compare(a.Version, b.Version),
		cmp.Compare(a.GoType, b.GoType),
	)
}

func kindOrder(name string) int {
	i := slices.IndexFunc(contract.Kinds, func(k *contract.Kind) bool { return k.Name == name })
	if i < 0 {
		return len(contract.Kinds)
	}
	return i
}

func boolOrder(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return -1
	}
	return 1
}

const matrixLegend = "✓ meets the contract, ✗ rules to fix, – not applicable to the kind, ? not checked"

func (c MatrixCell) symbol() string {
	switch c.State {
	case CellOK:
		return "✓"
	case CellFail:
		return "✗ " + strings.Join(c.Rules, ",")
	case CellNotApplicable:
		return "–"
	}
	return "?"
}

func (t TypeRef) label(withCluster bool) string {
	role := "storage"
	if !t.Storage {
		role = "spoke"
	}
	s := t.APIVersion() + " " + t.Name + " (" + role + ")"
	if withCluster && t.Cluster != "" {
		s = t.Cluster + ": " + s
	}
	return s
}

func (m *Matrix) multiCluster() bool {
	return slices.ContainsFunc(m.Rows, func(r MatrixRow) bool { return r.Type.Cluster != m.Rows[0].Type.Cluster })
}

// printMatrixText writes the matrix as an aligned table; m holds escaped strings.
func printMatrixText(ew *errWriter, m *Matrix) {
	if m == nil || len(m.Rows) == 0 {
		return
	}
	ew.printf("migration matrix (%s):\n", matrixLegend)
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	header := []string{"TYPE", "KIND"}
	for _, c := range m.Columns {
		header = append(header, strings.ToUpper(c.Title))
	}
	tw.Write([]byte(strings.Join(header, "\t") + "\n"))
	multi := m.multiCluster()
	for _, row := range m.Rows {
		line := []string{row.Type.label(multi), row.Type.Kind}
		for _, c := range row.Cells {
			line = append(line, c.symbol())
		}
		tw.Write([]byte(strings.Join(line, "\t") + "\n"))
	}
	tw.Flush()
	for l := range strings.Lines(b.String()) {
		ew.printf("  %s", strings.TrimRight(l, " \n")+"\n")
	}
}

// printMatrixMarkdown writes the matrix as a table; m holds escaped strings.
func printMatrixMarkdown(ew *errWriter, m *Matrix) {
	if m == nil || len(m.Rows) == 0 {
		return
	}
	ew.printf("### Migration matrix\n\n%s.\n\n", matrixLegend)
	header := []string{"Type", "Kind"}
	sep := []string{"---", "---"}
	for _, c := range m.Columns {
		header = append(header, mdText(c.Title))
		sep = append(sep, ":---:")
	}
	ew.printf("| %s |\n| %s |\n", strings.Join(header, " | "), strings.Join(sep, " | "))
	multi := m.multiCluster()
	for _, row := range m.Rows {
		line := []string{mdCode(row.Type.label(multi)), mdText(row.Type.Kind)}
		for _, c := range row.Cells {
			line = append(line, mdText(c.symbol()))
		}
		ew.printf("| %s |\n", strings.Join(line, " | "))
	}
	ew.printf("\n")
}
