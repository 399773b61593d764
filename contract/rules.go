package contract

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Scope says what a rule looks at.
type Scope string

const (
	ScopeType   Scope = "type"   // Go API types
	ScopeUse    Scope = "use"    // Go use sites
	ScopeCRD    Scope = "crd"    // CRD definitions (repo config or cluster)
	ScopeObject Scope = "object" // objects in a cluster
	// ScopeGoAPI is the provider's code on Cluster API's own Go API (the
	// second half of a migration): not a contract field, so not among the
	// use-site findings a rewrite of the contract leaves.
	ScopeGoAPI Scope = "goapi"
)

// Context is what a rule's severity depends on.
type Context struct {
	Core CoreBehaviour
	// Release is the target core release and Label the contract the CRD's
	// labels select for it ("" when no CRD or label is known): the
	// severities of the label-driven kinds' rules depend on both.
	Release Release
	Label   Contract
	// Spoke is true for an older, non-storage API version (a conversion
	// spoke): its findings are informational and never fail a run.
	Spoke bool
	// Kind is the judged kind, for rules whose severity depends on how core
	// reads it (nil when unknown).
	Kind *Kind
	// BothLabels is true for a CRD labelled for the v1beta1 and the v1beta2
	// contract: a core that knows either resolves it.
	BothLabels bool
	// Style is true for a finding only about the Go style of the
	// contract's snippet (a pointer struct, bool for *bool, a tag or
	// marker), which core decodes all the same: info (StyleOrSpoke).
	Style bool
	// Advisory is true for a finding about a field core reads something
	// else in place of, or does not read: info (Advisory).
	Advisory bool
	// OutsideCore is true for a finding about a field only clients outside
	// core read (the scale subresource's selector): warning (OutsideCore).
	OutsideCore bool
}

// v1beta1StatusSeverity is for v1beta1 status fields core still reads on
// every kind, whatever the label (top-level failure fields, v1beta1
// conditions): info while the target is before v1.11 and reads them as the
// contract it knows, a warning from v1.11, as compatibility ends in v1.16.
func v1beta1StatusSeverity(c Context) Severity {
	if c.Release != "" && c.Release.Less(ReleaseV1Beta2) {
		return Info
	}
	return Warning
}

// v1beta1StatusRows are the targets v1beta1StatusSeverity tells apart.
var v1beta1StatusRows = []severityContext{
	{"core < v1.11 (reads them by the v1beta1 contract)", Context{Core: releasedBehaviour, Release: "v1.10.0"}, true},
	{"core ≥ v1.11, any label (compatibility ends in v1.16)", Context{Core: releasedBehaviour, Release: ReleaseV1Beta2}, true},
}

// failureFieldSeverity is the severity of top-level failure fields on
// kinds: an error where the target core's read of them fails the
// reconcile of the kind (FailureFieldsFailReconcile: c.Kind, else any of
// kinds), else v1beta1StatusSeverity.
func failureFieldSeverity(kinds ...*Kind) func(Context) Severity {
	return func(c Context) Severity {
		for _, k := range kinds {
			if (c.Kind == nil || c.Kind == k) && c.Release != "" && k.FailureFieldsFailReconcile(c.Release, c.Label) {
				return Error
			}
		}
		return v1beta1StatusSeverity(c)
	}
}

// poolFailureRows are the targets failureFieldSeverity tells apart for
// an InfraMachinePool.
var poolFailureRows = []severityContext{
	{"core < v1.11 (reads them by the v1beta1 contract)", Context{Core: releasedBehaviour, Release: "v1.10.0"}, true},
	{"core ≥ v1.11 (the MachinePool reconcile panics on them)", Context{Core: releasedBehaviour, Release: ReleaseV1Beta2}, true},
}

// Modes are the ways of running mpaudit that can report a rule.
type Modes uint8

const (
	// Static is the analyzers: `mpaudit check`, `go vet -vettool` and the
	// golangci-lint plugin run the same ones and report the same rules.
	Static Modes = 1 << iota
	// Live is `mpaudit live`, against a cluster or a dump (--from-file).
	Live
	// Validate is `mpaudit contract validate`, on CRD YAML alone.
	Validate
	// Conform is `mpaudit conform`: core's own reconcilers run against
	// the provider's CRDs in an envtest.
	Conform
)

// Has reports whether m includes every mode of x.
func (m Modes) Has(x Modes) bool { return m&x == x }

func (m Modes) String() string {
	var out []string
	if m.Has(Static) {
		out = append(out, "static")
	}
	if m.Has(Live) {
		out = append(out, "live")
	}
	if m.Has(Validate) {
		out = append(out, "validate")
	}
	if m.Has(Conform) {
		out = append(out, "conform")
	}
	return strings.Join(out, ", ")
}

// Commands names the commands of m, as the docs spell them.
func (m Modes) Commands() []string {
	var out []string
	if m.Has(Static) {
		out = append(out, "mpaudit check", "go vet", "golangci-lint")
	}
	if m.Has(Live) {
		out = append(out, "mpaudit live")
	}
	if m.Has(Validate) {
		out = append(out, "mpaudit contract validate")
	}
	if m.Has(Conform) {
		out = append(out, "mpaudit conform")
	}
	return out
}

// Fixers are what can resolve a rule's findings without a person.
type Fixers uint8

const (
	// SuggestedFix: findings carry analysis SuggestedFixes (`go fix
	// -fixtool`, gopls, the fixes in -o json and -o sarif).
	SuggestedFix Fixers = 1 << iota
	// Rewrite: `mpaudit rewrite` resolves the findings; one still reported
	// after it is listed for a person in the PR body.
	Rewrite
)

// Has reports whether f includes every fixer of x.
func (f Fixers) Has(x Fixers) bool { return f&x == x }

// Rule is one catalogued check.
type Rule struct {
	ID    string
	Name  string
	Scope Scope
	Kind  *Kind
	// Kinds are the kinds a rule generic over the catalog applies to; a
	// rule of one kind sets Kind instead.
	Kinds     []*Kind
	Field     string
	Title     string
	Rationale string
	// Fix describes what resolves the finding.
	Fix    string
	DocURL string
	// Modes are where the rule is reported (tested against the analyzers'
	// and live's code in contract_test.go).
	Modes Modes
	// FixedBy says what resolves findings automatically; 0 means a person.
	FixedBy Fixers
	// Unsuppressible rules are about suppressions themselves: no
	// //mpaudit:ignore comment or mpaudit.io/ignore annotation silences them.
	Unsuppressible bool
	// severity gives the rule's severity for a context; Off means not reported.
	severity func(Context) Severity
	// severityRows, when set, are the contexts of the rule's severity
	// table (rules whose severity turns on something other than the core
	// and the label).
	severityRows []severityContext
}

// severityContext is one row of a severity table before it is evaluated.
type severityContext struct {
	label    string
	ctx      Context
	released bool
}

// Severity is the rule's severity for ctx.
func (r *Rule) Severity(ctx Context) Severity {
	s := r.severity(ctx)
	if ctx.Spoke && (r.Scope == ScopeType) && s > Info {
		return Info
	}
	return s
}

// LowersOnSpokes reports whether the rule's severity is lower in a
// conversion spoke than in the storage version, for a context of its table.
func (r *Rule) LowersOnSpokes() bool {
	for _, c := range r.severityContexts() {
		spoke := c.ctx
		spoke.Spoke = true
		if !c.ctx.Spoke && r.Severity(spoke) < r.Severity(c.ctx) {
			return true
		}
	}
	return false
}

// AppliesTo reports whether the rule judges kind k.
func (r *Rule) AppliesTo(k *Kind) bool {
	if r.Kind != nil {
		return r.Kind.Name == k.Name
	}
	return slices.ContainsFunc(r.Kinds, func(x *Kind) bool { return x.Name == k.Name })
}

// labelDriven reports whether the rule judges only kinds whose field set
// core chooses by the CRD's contract label.
func (r *Rule) labelDriven() bool {
	if r.Kind != nil || len(r.Kinds) == 0 {
		return false
	}
	for _, k := range r.Kinds {
		if k.Name == InfraMachinePool.Name {
			return false
		}
	}
	return true
}

// SeverityTable gives the rule's severity for the targets that matter to
// its kinds, for docs: pool rules by what the core reads of a pool, rules
// of the label-driven kinds by core release and contract label.
func (r *Rule) SeverityTable() []SeverityRow {
	if rows := r.kindSeverityTable(); rows != nil {
		return rows
	}
	var rows []SeverityRow
	for _, c := range r.severityContexts() {
		rows = append(rows, SeverityRow{Core: c.label, Severity: r.Severity(c.ctx), released: c.released})
	}
	return rows
}

func (r *Rule) severityContexts() []severityContext {
	if r.severityRows != nil {
		return r.severityRows
	}
	if r.labelDriven() {
		return []severityContext{
			{"core < v1.11 (knows only the v1beta1 contract)", Context{Core: releasedBehaviour, Release: "v1.10.0", Label: V1Beta1}, true},
			{"core ≥ v1.11, CRD labelled v1beta1", Context{Core: releasedBehaviour, Release: ReleaseV1Beta2, Label: V1Beta1}, true},
			{"core ≥ v1.11, CRD labelled v1beta2", Context{Core: releasedBehaviour, Release: ReleaseV1Beta2, Label: V1Beta2}, true},
		}
	}
	return []severityContext{
		{"core ≤ " + LatestVerifiedCore + " (reads only status.ready)", Context{Core: releasedBehaviour}, true},
		{"core with the status.ready fallback (PR #14030; v1.15 assumed)", Context{Core: fallbackBehaviour}, false},
		{"core without v1beta1 compatibility (v1.16 planned)", Context{Core: v1beta1DroppedBehaviour}, false},
	}
}

// ReleasedSeverity is the rule's highest severity on released cores (the
// rows of later cores are left out).
func (r *Rule) ReleasedSeverity() Severity {
	s := Off
	for _, row := range r.SeverityTable() {
		if row.released {
			s = max(s, row.Severity)
		}
	}
	return s
}

// kindSeverityTable gives, for a rule whose severity depends on the kind
// (Context.Kind), one row per group of kinds that agree, by core release;
// nil when every kind has the same severities.
func (r *Rule) kindSeverityTable() []SeverityRow {
	releases := []struct {
		label   string
		release Release
	}{{"core < " + string(ReleaseV1Beta2), "v1.10.0"}, {"core ≥ " + string(ReleaseV1Beta2), ReleaseV1Beta2}}
	var groups [][]string
	var sevs [][]Severity
	for _, k := range r.Kinds {
		var row []Severity
		for _, rel := range releases {
			row = append(row, r.Severity(Context{Core: releasedBehaviour, Release: rel.release, Kind: k}))
		}
		i := slices.IndexFunc(sevs, func(s []Severity) bool { return slices.Equal(s, row) })
		if i < 0 {
			sevs, groups = append(sevs, row), append(groups, nil)
			i = len(sevs) - 1
		}
		groups[i] = append(groups[i], k.Name)
	}
	if len(groups) < 2 {
		return nil
	}
	var rows []SeverityRow
	for i, names := range groups {
		for j, rel := range releases {
			rows = append(rows, SeverityRow{Core: strings.Join(names, ", ") + ": " + rel.label, Severity: sevs[i][j], released: true})
		}
	}
	return rows
}

// SeverityRow is one line of a rule's severity table.
type SeverityRow struct {
	Core     string
	Severity Severity
	// released rows are of published cores: ReleasedSeverity is their highest.
	released bool
}

func fixed(s Severity) func(Context) Severity { return func(Context) Severity { return s } }

const (
	contractDoc = "https://cluster-api.sigs.k8s.io/developer/providers/contracts/infra-machinepool"
	labelsDoc   = "https://cluster-api.sigs.k8s.io/developer/providers/contracts/overview.html#api-version-labels"
	// The v1.10→v1.11 guide lives in the release-1-11 book; the main book dropped it.
	migrationDoc = "https://release-1-11.cluster-api.sigs.k8s.io/developer/providers/migrations/v1.10-to-v1.11"
	// suppressDoc describes staticcheck's line-based directives, the model of //mpaudit:ignore.
	suppressDoc = "https://staticcheck.dev/docs/configuration/#line-based-linter-directives"
)

// Rule IDs. They are stable: never renumber, only add.
const (
	RuleReadyOnly             = "MPA101"
	RuleProvisionedOnly       = "MPA102"
	RuleDualReadiness         = "MPA103"
	RuleInitializationShape   = "MPA104"
	RuleFailureReason         = "MPA105"
	RuleFailureMessage        = "MPA106"
	RuleProviderIDPointer     = "MPA107"
	RuleProviderIDList        = "MPA108"
	RuleReplicas              = "MPA109"
	RuleConditionsV1Beta1     = "MPA110"
	RuleNoReadiness           = "MPA111"
	RuleDeprecatedFieldUse    = "MPA201"
	RuleContractFieldUse      = "MPA202"
	RuleReadyWriteAlone       = "MPA203"
	RuleProvisionedWriteAlone = "MPA204"
	RuleLabelMissing          = "MPA301"
	RuleLabelV1Beta1Only      = "MPA302"
	RuleLabelVersion          = "MPA303"
	RuleCRDName               = "MPA304"
	RuleCRDScope              = "MPA305"
	RuleCRDNotFound           = "MPA306"
	RuleSchemaProvisioned     = "MPA307"
	RuleSchemaReady           = "MPA308"
	RuleStatusSubresource     = "MPA309"
	RuleObjectProvisionedOnly = "MPA401"
	RuleObjectDisagree        = "MPA402"
	RuleObjectReadyOnly       = "MPA403"
	RuleObjectFailure         = "MPA404"
	RuleObjectReplicas        = "MPA405"
	RuleObjectMachineKind     = "MPA406"
	RuleMachinePoolRef        = "MPA501"
	RuleMachinePoolDisagree   = "MPA502"
	RuleAccessDenied          = "MPA601"
	RuleReadFailed            = "MPA602"
	RuleSuppressionNoReason   = "MPA901"
	RuleUnusedSuppression     = "MPA902"
)

// rules is the whole catalog: the InfraMachinePool rules below and the
// label-driven kinds' rules (rules_static.go).
var rules = slices.Concat(poolRules, staticKindRules, resourceRules, goAPIRules)

var poolRules = []*Rule{
	{
		ID: RuleReadyOnly, Name: "ready-without-provisioned", Scope: ScopeType, Kind: &InfraMachinePool, Field: PathReady,
		Modes: Static, FixedBy: SuggestedFix | Rewrite,
		Title: "status.ready without status.initialization.provisioned",
		Rationale: "The v1beta2 InfraMachinePool contract makes status.initialization.provisioned mandatory; " +
			"status.ready is a v1beta1 compatibility fallback that is dropped with v1beta1 compatibility (v1.16 planned). " +
			"Released cores (≤ " + LatestVerifiedCore + ") still read only status.ready, so keep it and add the new field.",
		Fix:    "Add `Initialization <Kind>InitializationStatus` (json:\"initialization,omitempty,omitzero\") with `Provisioned *bool`, keep `Ready`, and set both.",
		DocURL: contractDoc + "#inframachinepool-initialization-completed",
		severity: func(c Context) Severity {
			if !c.Core.ReadsReady() {
				return Error
			}
			return Warning
		},
	},
	{
		ID: RuleProvisionedOnly, Name: "provisioned-without-ready", Scope: ScopeType, Kind: &InfraMachinePool, Field: PathProvisioned,
		Modes: Static,
		Title: "status.initialization.provisioned without status.ready on a core that reads only status.ready",
		Rationale: "Every released Cluster API (≤ " + LatestVerifiedCore + ") decides a MachinePool's infrastructure is provisioned " +
			"from status.ready alone. A pool that only sets status.initialization.provisioned is never seen as provisioned there.",
		Fix:    "Keep (or restore) `Ready bool json:\"ready\"` and set it together with initialization.provisioned until the minimum supported core reads the new field.",
		DocURL: contractDoc + "#inframachinepool-initialization-completed",
		severity: func(c Context) Severity {
			if c.Core.ReadsOnlyReady() {
				return Error
			}
			return Off
		},
	},
	{
		ID: RuleDualReadiness, Name: "dual-readiness", Scope: ScopeType, Kind: &InfraMachinePool, Field: PathReady,
		Modes:     Static,
		Title:     "status.ready and status.initialization.provisioned both present",
		Rationale: "This is the recommended transition shape: released cores read status.ready, the v1beta2 contract reads initialization.provisioned.",
		Fix:       "Nothing now. Drop `Ready` once the minimum supported core reads status.initialization.provisioned.",
		DocURL:    contractDoc + "#inframachinepool-initialization-completed",
		severity:  fixed(Info),
	},
	{
		ID: RuleInitializationShape, Name: "initialization-shape", Scope: ScopeType, Kind: &InfraMachinePool, Field: PathInitialization,
		Modes: Static,
		Title: "status.initialization does not have the contract's shape",
		Rationale: "The contract gives `Initialization <Kind>InitializationStatus json:\"initialization,omitempty,omitzero\"` (a value struct " +
			"with +kubebuilder:validation:MinProperties=1) holding `Provisioned *bool json:\"provisioned,omitempty\"`. Other shapes " +
			"serialize differently (a plain bool cannot say 'not yet reported', a misnamed field is never read).",
		Fix:    "Use the contract's names, tags and types.",
		DocURL: contractDoc + "#inframachinepool-initialization-completed",
		// A missing or misnamed provisioned field stops being read in v1.16;
		// the Go style alone core decodes all the same.
		severity: func(c Context) Severity {
			if c.Style {
				return Info
			}
			return Warning
		},
		severityRows: []severityContext{
			{"the Go style only (a pointer struct, bool for *bool, a tag or marker)", Context{Core: releasedBehaviour, Style: true}, true},
			{"no provisioned field core can read (v1.16 reads only it)", Context{Core: releasedBehaviour}, true},
		},
	},
	{
		ID: RuleFailureReason, Name: "top-level-failure-reason", Scope: ScopeType, Kind: &InfraMachinePool, Field: PathFailureReason,
		Modes: Static, FixedBy: SuggestedFix | Rewrite,
		Title: "top-level status.failureReason",
		Rationale: "The v1beta2 contract has no terminal failures; failureReason is only surfaced into the MachinePool's " +
			"status.deprecated.v1beta1 for compatibility. Keep old values under status.deprecated.v1beta1. From v1.11 the " +
			"MachinePool reconcile panics when the pool sets it (inverted nil checks in reconcileExternal, measured by " +
			"internal/oracle at v1.11.3–v1.14.2): the MachinePool is never provisioned, an error on those cores.",
		Fix: "Move the field to `Status.Deprecated.V1Beta1.FailureReason` (or drop it) and report failures through conditions; " +
			"the fix waits while a supported core reads it by the v1beta1 contract (cores before v1.11, which take it as a terminal failure).",
		DocURL:       contractDoc + "#inframachinepool-terminal-failures",
		severity:     failureFieldSeverity(&InfraMachinePool),
		severityRows: poolFailureRows,
	},
	{
		ID: RuleFailureMessage, Name: "top-level-failure-message", Scope: ScopeType, Kind: &InfraMachinePool, Field: PathFailureMessage,
		Modes: Static, FixedBy: SuggestedFix | Rewrite,
		Title:     "top-level status.failureMessage",
		Rationale: "As for failureReason: no terminal failures in the v1beta2 contract, and from v1.11 the MachinePool reconcile panics when the pool sets it.",
		Fix: "Move the field to `Status.Deprecated.V1Beta1.FailureMessage` (or drop it) and report failures through conditions; " +
			"the fix waits while a supported core reads it by the v1beta1 contract (cores before v1.11, which take it as a terminal failure).",
		DocURL:       contractDoc + "#inframachinepool-terminal-failures",
		severity:     failureFieldSeverity(&InfraMachinePool),
		severityRows: poolFailureRows,
	},
	{
		ID: RuleProviderIDPointer, Name: "providerid-not-string", Scope: ScopeType, Kind: &InfraMachinePool, Field: PathProviderID,
		Modes: Static, FixedBy: SuggestedFix | Rewrite,
		Title: "spec.providerID is not a string",
		Rationale: "Since the v1beta2 contract the recommended type is `string` (+MinLength=1, +MaxLength=512); " +
			"Cluster API moved its own providerID fields from *string to string.",
		Fix:      "Change the field to `ProviderID string json:\"providerID,omitempty\"` and rewrite its use sites.",
		DocURL:   contractDoc + "#inframachinepool-providerid",
		severity: fixed(Info), // core decodes both: the Go style of the contract's snippet
	},
	{
		ID: RuleProviderIDList, Name: "providerid-list", Scope: ScopeType, Kind: &InfraMachinePool, Field: PathProviderIDList,
		Modes:     Static,
		Title:     "spec.providerIDList missing or not []string",
		Rationale: "The contract requires spec.providerIDList; core copies it to MachinePool.spec.providerIDList.",
		Fix:       "Add `ProviderIDList []string json:\"providerIDList,omitempty\"` (+listType=atomic, +kubebuilder:validation:MaxItems=10000).",
		DocURL:    contractDoc + "#inframachinepool-provideridlist",
		severity:  fixed(Error),
	},
	{
		ID: RuleReplicas, Name: "status-replicas", Scope: ScopeType, Kind: &InfraMachinePool, Field: PathReplicas,
		Modes:     Static,
		Title:     "status.replicas missing or not int32",
		Rationale: "The contract requires status.replicas; core copies it to MachinePool.status.replicas.",
		Fix:       "Add `Replicas int32 json:\"replicas\"` to the status.",
		DocURL:    contractDoc + "#inframachinepool-replicas",
		severity:  fixed(Error),
	},
	{
		ID: RuleConditionsV1Beta1, Name: "conditions-v1beta1", Scope: ScopeType, Kind: &InfraMachinePool, Field: PathConditions,
		Modes: Static,
		Title: "status.conditions is not []metav1.Condition",
		Rationale: "The v1beta2 contract uses []metav1.Condition at status.conditions; Cluster API's v1beta1 Conditions " +
			"move to status.deprecated.v1beta1.conditions and their utilities are removed with v1beta1.",
		Fix:          "Use `Conditions []metav1.Condition` (+listType=map, +listMapKey=type, +kubebuilder:validation:MaxItems=32) and keep the old ones under Status.Deprecated.V1Beta1.Conditions.",
		DocURL:       migrationDoc + "#how-to-start-using-metav1conditions",
		severity:     v1beta1StatusSeverity,
		severityRows: v1beta1StatusRows,
	},
	{
		ID: RuleNoReadiness, Name: "no-readiness-field", Scope: ScopeType, Kind: &InfraMachinePool, Field: "status",
		Modes:     Static,
		Title:     "status has neither status.ready nor status.initialization.provisioned",
		Rationale: "Cluster API decides a MachinePool's infrastructure is provisioned from one of these fields; without either the pool never becomes provisioned on any core.",
		Fix:       "Add `Ready bool json:\"ready\"` and `Initialization <Kind>InitializationStatus` with `Provisioned *bool`, and set both.",
		DocURL:    contractDoc + "#inframachinepool-initialization-completed",
		severity:  fixed(Error),
	},
	{
		ID: RuleDeprecatedFieldUse, Name: "deprecated-field-use", Scope: ScopeUse, Kind: &InfraMachinePool,
		Modes: Static, FixedBy: SuggestedFix,
		Title:     "read or write of a deprecated pool field",
		Rationale: "An inventory of status.ready, status.failureReason and status.failureMessage use sites: each needs a decision when the fields move.",
		Fix:       "Nothing while the target core reads the field; see the type rules for the migration.",
		DocURL:    contractDoc,
		severity:  fixed(Info),
	},
	{
		ID: RuleContractFieldUse, Name: "contract-field-use", Scope: ScopeUse, Kind: &InfraMachinePool,
		Modes: Static, FixedBy: SuggestedFix,
		Title:     "read or write of a contract identity or readiness field",
		Rationale: "An inventory of spec.providerID and status.initialization.provisioned use sites, for reviewing a migration.",
		DocURL:    contractDoc,
		severity:  fixed(Info),
	},
	{
		ID: RuleReadyWriteAlone, Name: "ready-write-without-provisioned", Scope: ScopeUse, Kind: &InfraMachinePool, Field: PathReady,
		Modes: Static, FixedBy: SuggestedFix | Rewrite,
		Title: "function writes Status.Ready but never Status.Initialization.Provisioned",
		Rationale: "The pool type has initialization.provisioned, but this function only sets status.ready, so cores that " +
			"read the v1beta2 field never see the pool provisioned.",
		Fix:    "Set `Status.Initialization.Provisioned = ptr.To(true)` where Ready becomes true (never reset it).",
		DocURL: contractDoc + "#inframachinepool-initialization-completed",
		severity: func(c Context) Severity {
			if !c.Core.ReadsReady() {
				return Error
			}
			return Warning
		},
	},
	{
		ID: RuleProvisionedWriteAlone, Name: "provisioned-write-without-ready", Scope: ScopeUse, Kind: &InfraMachinePool, Field: PathProvisioned,
		Modes: Static,
		Title: "function writes Status.Initialization.Provisioned but never Status.Ready",
		Rationale: "The pool type still has status.ready and the target core reads only that field; " +
			"a function that sets only the new field leaves the pool unprovisioned.",
		Fix:    "Set `Status.Ready = true` in the same place.",
		DocURL: contractDoc + "#inframachinepool-initialization-completed",
		severity: func(c Context) Severity {
			if c.Core.ReadsOnlyReady() {
				return Error
			}
			return Off
		},
	},
	{
		ID: RuleLabelMissing, Name: "contract-label-missing", Scope: ScopeCRD, Kind: &InfraMachinePool,
		Modes: Static | Live | Validate, FixedBy: Rewrite,
		Title: "CRD has no cluster.x-k8s.io/v1beta2 or cluster.x-k8s.io/v1beta1 label",
		Rationale: "Cluster API resolves an infrastructure reference through the CRD's contract label; without one " +
			"GetObjectFromContractVersionedRef fails and the MachinePool never finds its infrastructure.",
		Fix:      "Label the CRD `cluster.x-k8s.io/v1beta2: <storage version>` in config/crd/kustomization.yaml.",
		DocURL:   labelsDoc,
		severity: fixed(Error),
	},
	{
		ID: RuleLabelV1Beta1Only, Name: "contract-label-v1beta1-only", Scope: ScopeCRD, Kind: &InfraMachinePool,
		Modes: Static | Live | Validate, FixedBy: Rewrite,
		Title:     "CRD declares only the v1beta1 contract",
		Rationale: "The CRD is labelled for the v1beta1 contract only; v1beta2 cores accept it for compatibility until v1beta1 is dropped (v1.16 planned).",
		Fix:       "Add `cluster.x-k8s.io/v1beta2: <versions>` once the types follow the v1beta2 contract.",
		DocURL:    labelsDoc,
		severity: func(c Context) Severity {
			if !c.Core.AcceptsV1Beta1Contract {
				return Error
			}
			return Warning
		},
	},
	{
		ID: RuleLabelVersion, Name: "contract-label-version", Scope: ScopeCRD, Kind: &InfraMachinePool,
		Modes: Static | Live | Validate,
		Title: "contract label names an API version the CRD does not serve",
		Rationale: "Cluster API GETs the highest version named in the chosen contract label; if the CRD does not serve it, " +
			"the reference cannot be resolved. Other absent versions are advisory.",
		Fix:    "Make the label value list only served versions, joined with '_'.",
		DocURL: labelsDoc,
		// A label naming a version core does not read is advisory.
		severity: func(c Context) Severity {
			if c.Advisory {
				return Info
			}
			return Error
		},
	},
	{
		ID: RuleCRDName, Name: "crd-name", Scope: ScopeCRD, Kind: &InfraMachinePool,
		Modes:     Static | Live | Validate,
		Title:     "CRD name is not contract.CalculateCRDName(group, kind)",
		Rationale: "Cluster API fetches CRD metadata by the name CalculateCRDName(group, kind); any other name is NotFound.",
		Fix:       "Name the CRD <lowercase plural kind>.<group>.",
		DocURL:    contractDoc + "#all-resources-scope",
		severity:  fixed(Error),
	},
	{
		ID: RuleCRDScope, Name: "crd-scope", Scope: ScopeCRD, Kind: &InfraMachinePool,
		Modes:     Static | Live | Validate,
		Title:     "CRD is not namespace-scoped",
		Rationale: "All contract resources MUST be namespace-scoped.",
		Fix:       "Set spec.scope: Namespaced (+kubebuilder:resource:scope=Namespaced).",
		DocURL:    contractDoc + "#all-resources-scope",
		severity:  fixed(Error),
	},
	{
		ID: RuleCRDNotFound, Name: "crd-not-found", Scope: ScopeCRD, Kind: &InfraMachinePool,
		Modes:     Static,
		Title:     "no CRD found for a pool type",
		Rationale: "The CRD labels, name and scope could not be checked because no CRD for the kind was found.",
		Fix: "Generate the CRD into config/crd/bases. mpaudit reads the config/crd directory nearest above the API package, " +
			"inside the module (through its kustomization.yaml, else the YAML files in bases/).",
		DocURL:   labelsDoc,
		severity: fixed(Info),
	},
	{
		ID: RuleSchemaProvisioned, Name: "crd-schema-provisioned", Scope: ScopeCRD, Kind: &InfraMachinePool, Field: PathProvisioned,
		Modes: Static | Live | Validate,
		Title: "the CRD version Cluster API reads has no status.initialization.provisioned in its schema",
		Rationale: "The CRD declares the v1beta2 contract, but the schema of the API version Cluster API resolves from the label " +
			"cannot hold status.initialization.provisioned (structural schemas prune unknown fields), so the v1beta2 readiness field is never stored.",
		Fix:    "Add Initialization.Provisioned to the Go type of that version and regenerate the CRD.",
		DocURL: contractDoc + "#inframachinepool-initialization-completed",
		severity: func(c Context) Severity {
			if !c.Core.ReadsReady() {
				return Error
			}
			return Warning
		},
	},
	{
		ID: RuleSchemaReady, Name: "crd-schema-ready", Scope: ScopeCRD, Kind: &InfraMachinePool, Field: PathReady,
		Modes: Static | Live | Validate,
		Title: "the CRD version Cluster API reads has no status.ready while the core reads only status.ready",
		Rationale: "The installed core decides provisioning from status.ready alone; a schema without it prunes the field, " +
			"so no pool of this kind can ever be seen as provisioned.",
		Fix:    "Keep `Ready bool json:\"ready\"` in the status of the version named by the contract label.",
		DocURL: contractDoc + "#inframachinepool-initialization-completed",
		severity: func(c Context) Severity {
			if c.Core.ReadsOnlyReady() {
				return Error
			}
			return Off
		},
	},
	{
		ID: RuleStatusSubresource, Name: "crd-status-subresource", Scope: ScopeCRD, Kind: &InfraMachinePool,
		Modes:     Static | Live | Validate,
		Title:     "the CRD version Cluster API reads has no status subresource",
		Rationale: "Providers write status through the status subresource (+kubebuilder:subresource:status); without it status writes go through the main resource and spec validation.",
		Fix:       "Add +kubebuilder:subresource:status to the root type and regenerate the CRD.",
		DocURL:    contractDoc,
		severity:  fixed(Warning),
	},
	{
		ID: RuleObjectProvisionedOnly, Name: "object-provisioned-only", Scope: ScopeObject, Kind: &InfraMachinePool, Field: PathProvisioned,
		Modes:     Live,
		Title:     "pool object reports only status.initialization.provisioned on a core that reads only status.ready",
		Rationale: "The installed core reads status.ready alone: this MachinePool will never see its infrastructure as provisioned.",
		Fix:       "Make the provider set status.ready together with status.initialization.provisioned.",
		DocURL:    contractDoc + "#inframachinepool-initialization-completed",
		severity: func(c Context) Severity {
			if c.Core.ReadsOnlyReady() {
				return Error
			}
			return Off
		},
	},
	{
		ID: RuleObjectDisagree, Name: "object-readiness-disagree", Scope: ScopeObject, Kind: &InfraMachinePool, Field: PathReady,
		Modes:     Live,
		Title:     "pool object's status.ready and status.initialization.provisioned disagree",
		Rationale: "Cores that read different fields reach different conclusions about the same pool.",
		Fix:       "Set both fields from one decision (provisioned is one-way: once true it stays true).",
		DocURL:    contractDoc + "#inframachinepool-initialization-completed",
		severity:  fixed(Warning),
	},
	{
		ID: RuleObjectReadyOnly, Name: "object-ready-only", Scope: ScopeObject, Kind: &InfraMachinePool, Field: PathReady,
		Modes:     Live,
		Title:     "pool object reports only status.ready on a core that no longer reads it",
		Rationale: "Without v1beta1 compatibility the core reads status.initialization.provisioned only.",
		Fix:       "Make the provider set status.initialization.provisioned.",
		DocURL:    contractDoc + "#inframachinepool-initialization-completed",
		severity: func(c Context) Severity {
			if !c.Core.ReadsReady() {
				return Error
			}
			return Off
		},
	},
	{
		ID: RuleObjectFailure, Name: "object-failure-set", Scope: ScopeObject, Kind: &InfraMachinePool,
		Modes: Live,
		Title: "pool object sets top-level status.failureReason or status.failureMessage",
		Rationale: "Cores before v1.11 surface these into the MachinePool's status; they are no terminal failures in the v1beta2 contract. " +
			"From v1.11 the MachinePool reconcile panics on a pool that sets one (measured by internal/oracle at v1.11.3–v1.14.2): " +
			"the MachinePool is never provisioned.",
		Fix:          "Report failures through conditions; keep old values under status.deprecated.v1beta1.",
		DocURL:       contractDoc + "#inframachinepool-terminal-failures",
		severity:     failureFieldSeverity(&InfraMachinePool),
		severityRows: poolFailureRows,
	},
	{
		ID: RuleObjectReplicas, Name: "object-replicas-mismatch", Scope: ScopeObject, Kind: &InfraMachinePool, Field: PathReplicas,
		Modes:     Live,
		Title:     "status.replicas differs from the length of spec.providerIDList, or is unset beside a non-empty one",
		Rationale: "Core copies both into the MachinePool; on a provisioned pool they should describe the same instances. Core skips a missing status.replicas, so the MachinePool keeps the count it had.",
		Fix:       "Set status.replicas (the contract's MUST) equal to len(spec.providerIDList) once the pool is provisioned.",
		DocURL:    contractDoc + "#inframachinepool-replicas",
		severity:  fixed(Warning),
	},
	{
		ID: RuleObjectMachineKind, Name: "object-machine-kind-missing", Scope: ScopeObject, Kind: &InfraMachinePool, Field: PathMachineKind,
		Modes:     Live,
		Title:     "status.infrastructureMachineKind names a kind with no installed CRD",
		Rationale: "Core lists MachinePool Machines of that kind; without its CRD the MachinePool Machines feature fails.",
		Fix:       "Install the CRD of the machine kind, or clear the field.",
		DocURL:    contractDoc + "#machinepoolmachines-support",
		severity:  fixed(Error),
	},
	{
		ID: RuleMachinePoolRef, Name: "machinepool-infrastructure-ref", Scope: ScopeObject, Kind: &InfraMachinePool,
		Modes:     Live,
		Title:     "a MachinePool's infrastructure reference does not resolve the way Cluster API resolves it",
		Rationale: "Cluster API finds the CRD by CalculateCRDName, picks the API version from its contract label and GETs the object; any step failing stalls the MachinePool.",
		Fix:       "Fix the CRD name or label, or the reference.",
		DocURL:    labelsDoc,
		severity:  fixed(Error),
	},
	{
		ID: RuleMachinePoolDisagree, Name: "machinepool-provisioned-disagree", Scope: ScopeObject, Kind: &InfraMachinePool,
		Modes:     Live,
		Title:     "a MachinePool's infrastructure-provisioned status disagrees with its pool object",
		Rationale: "What the MachinePool reports differs from what the target core computes from the pool object; the controller has not caught up, or reads another field.",
		Fix:       "Check the core version and the pool's readiness fields.",
		DocURL:    contractDoc + "#inframachinepool-initialization-completed",
		severity:  fixed(Warning),
	},
	{
		ID: RuleAccessDenied, Name: "access-denied", Scope: ScopeObject, Kind: &InfraMachinePool,
		Modes:     Live,
		Title:     "a resource could not be read: forbidden",
		Rationale: "The audit is partial: the credentials lack get/list on this resource (see docs/rbac.yaml).",
		Fix:       "Bind the audit's user to the ClusterRole in docs/rbac.yaml.",
		DocURL:    labelsDoc,
		severity:  fixed(Error),
	},
	{
		ID: RuleReadFailed, Name: "read-failed", Scope: ScopeObject, Kind: &InfraMachinePool,
		Modes:     Live,
		Title:     "a resource could not be read",
		Rationale: "The API server refused to serve the objects (a failing conversion webhook, an unserved version, a timeout): Cluster API will fail the same way.",
		Fix:       "Fix the conversion webhook or the served versions.",
		DocURL:    labelsDoc,
		severity:  fixed(Error),
	},
	{
		ID: RuleSuppressionNoReason, Name: "suppression-without-reason", Scope: ScopeUse, Kind: &InfraMachinePool,
		Modes: Static | Live, Unsuppressible: true,
		Title: "a suppression gives no reason",
		Rationale: "A `//mpaudit:ignore RULE reason` comment or an `mpaudit.io/ignore: \"RULE: reason\"` annotation must say why " +
			"the finding does not apply, so reviewers can judge it later. Without a reason (or without a rule) it suppresses nothing.",
		Fix:      "Write the reason after the rule: `//mpaudit:ignore MPA203 status is set by the shared helper`, or `mpaudit.io/ignore: \"MPA401: <reason>\"`.",
		DocURL:   suppressDoc,
		severity: fixed(Error),
	},
	{
		ID: RuleUnusedSuppression, Name: "unused-suppression", Scope: ScopeUse, Kind: &InfraMachinePool,
		Modes: Static | Live, Unsuppressible: true,
		Title: "a suppression matches no finding",
		Rationale: "The suppression names a rule that reports nothing where it applies (the code was fixed, the comment moved, " +
			"or the rule name is misspelt). Stale suppressions would hide a later regression.",
		Fix:      "Remove the rule from the suppression (or the whole comment or annotation), or move it to the reported line, field or type.",
		DocURL:   suppressDoc,
		severity: fixed(Warning),
	},
}

// Rules returns the catalog, ordered by ID.
func Rules() []*Rule {
	out := allRules()
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// allRules is the catalog: the pool rules and the kind rules of each
// engineer's file (rules_*.go), in a fresh slice.
func allRules() []*Rule {
	return slices.Concat(rules, liveKindRules, metadataRules, componentsRules, conformRules)
}

// Lookup finds a rule by ID or name.
func Lookup(idOrName string) (*Rule, bool) {
	for _, r := range allRules() {
		if r.ID == idOrName || r.Name == idOrName {
			return r, true
		}
	}
	return nil, false
}

// MustRule returns a rule by ID; an unknown ID is a programming error.
func MustRule(id string) *Rule {
	r, ok := Lookup(id)
	if !ok {
		panic(fmt.Sprintf("contract: unknown rule %s", id))
	}
	return r
}
