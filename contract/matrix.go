package contract

import "slices"

// The migration matrix that ends the text and Markdown reports: one row per
// audited provider type, one column per group of contract points or CRD
// property. The columns are data here so that no report code names a
// contract field: a finding lands in the column of its field's aspect, or of
// its rule.

// MatrixColumn is one column of the migration matrix.
type MatrixColumn struct {
	// ID names the column in JSON; Title heads it in text and Markdown.
	ID, Title string
	// Aspects are the points the column covers: a kind with none of them
	// has nothing to judge there (not applicable).
	Aspects []Aspect
	// Rest covers every aspect no other column lists (kind-specific points).
	Rest bool
	// CRD columns judge the kind's CRD, which every kind has; a finding
	// there concerns every API version of the kind.
	CRD bool
	// Rules map to the column although their field is no point of a kind
	// (or they name none).
	Rules []string
	// NotCheckedBy are rules whose finding says the column could not be
	// judged (no CRD was found).
	NotCheckedBy []string
}

// Matrix column IDs.
const (
	ColumnReadiness      = "readiness"
	ColumnFailures       = "failures"
	ColumnProviderID     = "providerID"
	ColumnReplicas       = "replicas"
	ColumnFailureDomains = "failureDomains"
	ColumnConditions     = "conditions"
	ColumnKindSpecific   = "kindSpecific"
	ColumnLabel          = "label"
	ColumnCRD            = "crd"
)

// MatrixColumns are the columns, in display order.
var MatrixColumns = []MatrixColumn{
	{ID: ColumnReadiness, Title: "readiness", Aspects: []Aspect{AspectReadiness, AspectInitialization, AspectControlPlaneReady},
		Rules: []string{RuleNoReadiness, RuleMachinePoolDisagree, RuleKindObjectUnread, RuleKindObjectDisagree,
			RuleCoreObjectDisagree, RuleKindObjectFieldMissing, RuleKindReadyOnly, RuleKindInitializationOnly,
			RuleKindNoReadiness, RuleKindInitializationForm, RuleKindReadInPlace}},
	{ID: ColumnFailures, Title: "failure fields", Aspects: []Aspect{AspectFailureReason, AspectFailureMessage},
		Rules: []string{RuleObjectFailure, RuleKindObjectFailure, RuleKindFailureFields}},
	{ID: ColumnProviderID, Title: "providerID", Aspects: []Aspect{AspectProviderID, AspectProviderIDList}},
	{ID: ColumnReplicas, Title: "replicas", Aspects: []Aspect{AspectReplicas, AspectSpecReplicas, AspectReadyReplicas,
		AspectUpToDateReplicas, AspectAvailableReplicas, AspectSelector}},
	{ID: ColumnFailureDomains, Title: "failure domains", Aspects: []Aspect{AspectFailureDomains, AspectMachineFailureDomain},
		Rules: []string{RuleKindObjectDomains, RuleCoreObjectDomains}},
	{ID: ColumnConditions, Title: "conditions", Aspects: []Aspect{AspectConditions, AspectV1Beta1Conditions},
		Rules: []string{RuleKindConditionsV1Beta1}},
	{ID: ColumnKindSpecific, Title: "kind-specific", Rest: true},
	{ID: ColumnLabel, Title: "contract label", CRD: true,
		Rules: []string{RuleLabelMissing, RuleLabelV1Beta1Only, RuleLabelVersion, RuleMachinePoolRef, RuleCoreObjectRef,
			RuleKindLabelMissing, RuleKindLabelV1Beta1Only, RuleKindLabelVersion, RuleLabelVersionConflict}, NotCheckedBy: []string{RuleCRDNotFound}},
	{ID: ColumnCRD, Title: "CRD name/scope", CRD: true,
		Rules: []string{RuleCRDName, RuleCRDScope, RuleStatusSubresource}, NotCheckedBy: []string{RuleCRDNotFound}},
}

// MatrixExempt are rules about the audit itself (reading, suppressions),
// about a release's objects other than CRDs (its components YAML),
// about a root type as a Kubernetes object (its metadata, list type and
// template), about the provider's code on Cluster API's own Go API, or
// about core's outcomes in conform,
// rather than the contract's field points the columns hold: they have no
// column (their findings are listed, and set the exit code).
var MatrixExempt = slices.Concat([]string{RuleAccessDenied, RuleReadFailed, RuleSuppressionNoReason, RuleUnusedSuppression,
	RuleComponentsNamespaces, RuleComponentsForeignNamespace, RuleComponentsManager, RuleGoAPIImport, RuleGoAPISymbol}, ObjectRules, ConformRules)

// MatrixByField are rules generic over a kind's points: each finding names
// its point (Field), whose aspect gives the column.
var MatrixByField = []string{RuleKindV1Beta1Shape, RuleKindShapeForLabel, RuleKindRenamedField,
	RuleKindV1Beta1WriteAlone, RuleKindV1Beta2WriteAlone, RuleKindRemovedFieldRead, RuleKindObjectRenamed, RuleKindObjectOneName, RuleKindObjectCounters}

// MatrixEveryPoint are the by-field rules that judge the shape of every
// point a type has: a column with a point of the kind is checked by them.
var MatrixEveryPoint = []string{RuleKindV1Beta1Shape, RuleKindShapeForLabel}

// MatrixColumnByID returns the column with the ID.
func MatrixColumnByID(id string) (MatrixColumn, bool) {
	i := slices.IndexFunc(MatrixColumns, func(c MatrixColumn) bool { return c.ID == id })
	if i < 0 {
		return MatrixColumn{}, false
	}
	return MatrixColumns[i], true
}

// MatrixColumnOf returns the column of a finding of the rule on field (a
// JSON path, "" when the finding names none) of a type of kind k (nil when
// unknown: every kind's points are searched). false: the finding belongs
// in no column.
func MatrixColumnOf(ruleID, field string, k *Kind) (string, bool) {
	for _, c := range MatrixColumns {
		if slices.Contains(c.Rules, ruleID) || slices.Contains(c.NotCheckedBy, ruleID) {
			return c.ID, true
		}
	}
	if slices.Contains(MatrixExempt, ruleID) {
		return "", false
	}
	r, known := Lookup(ruleID)
	for _, path := range []string{field, ruleField(r, known)} {
		if a, ok := aspectAt(path, k); ok {
			return columnOfAspect(a), true
		}
	}
	if known && r.Scope == ScopeCRD {
		return ColumnCRD, true
	}
	return "", false
}

func ruleField(r *Rule, known bool) string {
	if !known {
		return ""
	}
	return r.Field
}

// aspectAt is the aspect of the point at path, in k or, when k is nil or
// has no such point, in any kind.
func aspectAt(path string, k *Kind) (Aspect, bool) {
	if path == "" {
		return "", false
	}
	kinds := Kinds
	if k != nil {
		kinds = append([]*Kind{k}, Kinds...)
	}
	for _, kind := range kinds {
		for _, p := range kind.points {
			if p.Path == path {
				return p.Aspect, true
			}
		}
	}
	return "", false
}

func columnOfAspect(a Aspect) string {
	for _, c := range MatrixColumns {
		if slices.Contains(c.Aspects, a) {
			return c.ID
		}
	}
	return ColumnKindSpecific
}

// AppliesTo reports whether the column has anything to judge on kind k.
func (c MatrixColumn) AppliesTo(k *Kind) bool {
	if c.CRD {
		return true
	}
	return slices.ContainsFunc(k.points, func(p Point) bool { return columnOfAspect(p.Aspect) == c.ID })
}

// CheckedIn reports whether some rule reported in modes judges the column
// on kind k: a column no rule covers is shown as not checked, never as met.
func (c MatrixColumn) CheckedIn(k *Kind, modes Modes) bool {
	for _, r := range Rules() {
		if !r.AppliesTo(k) || r.Modes&modes == 0 || slices.Contains(c.NotCheckedBy, r.ID) {
			continue
		}
		if !c.CRD && slices.Contains(MatrixEveryPoint, r.ID) && c.AppliesTo(k) {
			return true
		}
		if id, ok := MatrixColumnOf(r.ID, r.Field, k); ok && id == c.ID {
			return true
		}
	}
	return false
}

// Informational reports whether the rule never reports above Info, on any
// target: its findings are an inventory (the dual readiness shape, use
// sites), not something to change.
func (r *Rule) Informational() bool {
	for _, row := range r.SeverityTable() {
		if row.Severity > Info {
			return false
		}
	}
	return true
}
