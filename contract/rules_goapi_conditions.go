package contract

import "slices"

// The rules on a provider's own status conditions as they move by the
// migration guide's stages ("How to start using metav1.conditions"), and
// on the condition types a reconciler sets that its patch helper does not
// own.

// Rule IDs (stable: never renumber, only add).
const (
	RuleConditionsStage    = "MPA704"
	RuleConditionsNotOwned = "MPA705"
)

var goAPIConditionRules = []*Rule{
	{
		ID: RuleConditionsStage, Name: "goapi-conditions-stage", Scope: ScopeGoAPI, Modes: Static,
		// Every kind with a status of its own.
		Kinds: []*Kind{&InfraCluster, &InfraMachine, &InfraMachinePool, &ControlPlane, &BootstrapConfig}, Field: PathConditions,
		Title: "a kind's status conditions or their accessor methods are not where the guide's next stage puts them",
		Rationale: "Cluster API's guide moves a provider's own conditions in stages: stage 0 has v1beta1 Conditions at " +
			"status.conditions with GetConditions/SetConditions on clusterv1beta1.Conditions; stage 1 adds []metav1.Condition " +
			"at status.v1beta2.conditions with GetV1Beta2Conditions/SetV1Beta2Conditions; stage 2 (a new API version) puts " +
			"[]metav1.Condition at status.conditions with GetConditions/SetConditions on []metav1.Condition and keeps the " +
			"v1beta1 ones under status.deprecated.v1beta1.conditions with GetV1Beta1Conditions/SetV1Beta1Conditions; stage 3 " +
			"drops those. The condition utilities and the patch helper find the conditions through these methods only (the " +
			"util/conditions Getter and Setter, the v1beta1 ones under util/deprecated/v1beta1/conditions): a field without " +
			"its method is invisible to them, and a method of the wrong signature makes the object fail the interface. The " +
			"finding names the kind's stage and what is missing for the next one; the type of status.conditions itself is " +
			"MPA127's and MPA110's. A kind with none of the accessor methods is reported as information (nothing of the " +
			"provider's passes it to the utilities; the patch helper still fails to patch its conditions when they change). Information while the target has no v1beta2 Go types, a warning once it has, an error " +
			"from the release that removes v1beta1; an older API version of the provider (a conversion spoke) keeps its " +
			"stage: information there.",
		Fix: "Add the field or the method the finding names, with the signature it gives (the guide's stage shows each), " +
			"and call the condition utilities of the stage: util/conditions for []metav1.Condition; for the v1beta1 ones " +
			"util/deprecated/v1beta1/conditions while they are at status.conditions (stages 0 and 1), " +
			"util/conditions/deprecated/v1beta1 once they are under status.deprecated.v1beta1 (stage 2), whose " +
			"GetV1Beta1Conditions and SetV1Beta1Conditions take the v1beta2 package's clusterv1.Conditions, as util/patch does.",
		DocURL: migrationDoc + "#how-to-start-using-metav1conditions",
		// A type no condition utility takes (no accessors) is advisory.
		severity: func(c Context) Severity {
			if c.Advisory {
				return min(goAPISeverity(c), Info)
			}
			return goAPISeverity(c)
		},
		severityRows: goAPISeverityRows,
	},
	{
		ID: RuleConditionsNotOwned, Name: "conditions-not-owned", Scope: ScopeGoAPI, Modes: Static,
		FixedBy: SuggestedFix | Rewrite,
		Title:   "a reconciler sets a condition type on its object that the patch helper it patches with does not own",
		Rationale: "Cluster API's patch helper merges the conditions a reconcile changed into the latest copy of the object. " +
			"When another writer changed the same condition meanwhile, the helper keeps the reconciler's value only for the " +
			"types WithOwnedConditions (metav1 conditions) or WithOwnedV1Beta1Conditions (v1beta1 ones) list, or for every " +
			"type with WithForceOverwriteConditions; for any other type the patch fails with a conflict and the reconcile's " +
			"condition change is lost until the next one. It owns nothing by default: not even the Ready summary. The finding " +
			"is at the call that sets the type and names the Patch call; it is made only when every option of that call is " +
			"a list the code spells (a list built at run time, options from a call or a field, or the object passed as an " +
			"interface, may own the type: no finding). Patch calls in the packages the reconciler imports count (a scope " +
			"package's PatchObject). A condition another controller owns, that the reconciler only defaults, may be left " +
			"out on purpose (Cluster API's MachineHealthCheck leaves OwnerRemediated to the Machine's owner): suppress the " +
			"finding with that reason.",
		Fix: "Add the type to the Conditions list of the option the finding names (the fix does, in the composite " +
			"literal); add the option when the Patch call has none.",
		DocURL:   migrationDoc + "#how-to-start-using-metav1conditions",
		severity: fixed(Warning),
		// A runtime loss on every core, whatever the contract.
		severityRows: []severityContext{{"every core", Context{}, true}},
	},
}

// Cluster API's condition utility and patch helper packages, of every
// release (the v1beta1 utilities moved under util/deprecated/v1beta1 and
// util/conditions/deprecated/v1beta1 in v1.11).
var (
	conditionUtilityPackages = []string{
		CoreModule + "/util/conditions",
		CoreModule + "/util/conditions/v1beta2",
		CoreModule + "/util/conditions/deprecated/v1beta1",
		CoreModule + "/util/deprecated/v1beta1/conditions",
		CoreModule + "/util/deprecated/v1beta1/conditions/v1beta2",
	}
	patchHelperPackages = []string{PkgPatch, deprecatedPatch}
)

// IsConditionUtilityPackage reports whether path is one of Cluster API's
// condition utility packages.
func IsConditionUtilityPackage(path string) bool {
	return slices.Contains(conditionUtilityPackages, path)
}

// IsPatchHelperPackage reports whether path is one of Cluster API's patch
// helper packages.
func IsPatchHelperPackage(path string) bool { return slices.Contains(patchHelperPackages, path) }
