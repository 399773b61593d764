package contract

import "fmt"

// The rules on a provider's imports and uses of the packages, types,
// functions and constants of Cluster API's v1beta1 Go API (GoAPISymbols).

// Rule IDs. They are stable: never renumber, only add. (MPA601 and MPA602
// are live's; the Go API rules take the 7xx range.)
const (
	RuleGoAPIImport = "MPA702"
	RuleGoAPISymbol = "MPA703"
)

// goAPISeverityRows are the targets goAPISeverity tells apart.
var goAPISeverityRows = []severityContext{
	{"core < v1.11 (v1beta1 is the current Go API)", Context{Release: "v1.10.0"}, true},
	{"v1.11 ≤ core < v1.16 (v1beta2 types shipped, v1beta1 deprecated)", Context{Release: ReleaseV1Beta2}, true},
	{"core ≥ v1.16 (v1beta1 removal planned)", Context{Release: GoAPIRemoval}, false},
	{"a spoke API package of the provider (an older API version)", Context{Release: GoAPIRemoval, Spoke: true}, true},
}

var goAPISymbolRules = []*Rule{
	{
		ID: RuleGoAPIImport, Name: "goapi-deprecated-import", Scope: ScopeGoAPI, Modes: Static,
		Title: "an import of a deprecated v1beta1 package of Cluster API's Go API",
		Rationale: "Cluster API v1.11 moved its v1beta1 API packages to the sigs.k8s.io/cluster-api/api module, deprecated them " +
			"beside their v1beta2 successors, and moved the v1beta1 condition and patch utilities to util/deprecated/v1beta1; " +
			"it plans to remove all of them in v1.16. Code on them builds against one fewer Cluster API release each year; " +
			"every util of v1.11 and later works on v1beta2 types. The finding names the package's v1beta2 successor and, " +
			"for a core before v1.11, the deprecated home the package moves to. An older API version of the provider (a " +
			"conversion spoke) may keep the core v1beta1 types its schema needs: info there.",
		Fix: "Import the v1beta2 successor and migrate the uses (MPA703 and the field rules name what each becomes); to keep v1beta1 conditions for now, import the util/deprecated/v1beta1 package the guide's annex of imports names. " +
			"For a core from v1.11, go fix and mpaudit rewrite move each file whose uses are mechanical: the import swapped under the name the file uses, " +
			"*string fields read and written as strings (\"\" for nil), pointers as values and values as pointers through ptr.To/ptr.Deref as the conversion maps them, " +
			"moved fields at their new paths, durations as seconds (ConvertToSeconds/ConvertFromSeconds), external.Get on a core object's reference as GetObjectFromContractVersionedRef, " +
			"the failure fields v1beta2 keeps under status.deprecated.v1beta1 read behind a nil check of the pointers on the way where the value at nil is known (compared with nil or a constant, cleared), " +
			"a nil check of a struct v1beta2 holds as a value dropped from an && chain whose later operand is false on the zero struct, " +
			"a Kubernetes literal for a field v1beta2 gives a Cluster API struct of the same fields (an IPAddressClaim's poolRef) retyped, an IPAddress's int prefix as the *int32 the conversion writes, " +
			"a scheme registration repeated for the v1beta2 types (mpaudit rewrite, which sees the whole module, drops the v1beta1 one once no package uses a typed v1beta1 object), " +
			"and the v1beta1 condition utilities called on the Cluster API objects the file moves as their util/conditions/deprecated/v1beta1 namesakes, with the condition types, reasons and severities v1beta2 keeps for the v1beta1 conditions (XV1Beta1Condition): " +
			"they read and write the same conditions (status.deprecated.v1beta1.conditions, where the conversion keeps them), from a package deprecated too, so moving to the v1beta2 conditions stays a person's next step; " +
			"the v1beta1 patch helper (util/deprecated/v1beta1/patch) as util/patch where every object the package patches with it has a concrete type with no condition accessor (a Secret, an object without conditions), which both helpers patch alike, and no helper crosses the package's boundary " +
			"(mpaudit rewrite, raising the core, gives util/patch back to packages that hand helpers to each other when none of them patches an object with conditions); " +
			"the values a file builds for a field of the provider's own API that keeps a core v1beta1 type (status.addresses; what the package's unexported helpers build and return for it, in any of its files; the constants compared with what it holds) kept on v1beta1 through a second import of the v1beta1 package while the rest of the file moves; " +
			"the utilities called on the provider's own objects still at the guide's stage 1 (v1beta1 conditions beside status.v1beta2) as their deprecated copies under util/deprecated/v1beta1 (the condition utilities, the patch helper where the package patches only such objects, the paused helper), which serve them with the same code, the v1beta1 condition types passed to them spelled through a second import of the v1beta1 package; " +
			"a file with another use (failureDomains, removed or retyped fields, a helper patching both kinds of object) keeps its import, and the finding names each such use at file:line.",
		FixedBy:  SuggestedFix | Rewrite,
		DocURL:   migrationDoc + "#suggested-changes-for-clients-using-cluster-api-go-types",
		severity: goAPISeverity, severityRows: goAPISeverityRows,
	},
	{
		ID: RuleGoAPISymbol, Name: "goapi-deprecated-symbol", Scope: ScopeGoAPI, Modes: Static,
		Title: "a use of a deprecated function, type, constant, variable or method of Cluster API's v1beta1 Go API",
		Rationale: "The v1beta1 condition utilities (MarkTrue, MarkFalse, SetSummary, …), the v1beta1 condition types, severities " +
			"and reasons, the renamed types and methods (GetConditions is v1beta2's GetV1Beta1Conditions), external.Get on the " +
			"references v1beta2 objects hold, and the patch helper option for v1beta1 condition types have no namesake in v1beta2, " +
			"or a namesake of another meaning (util/conditions works on metav1 conditions from v1.11; patch.WithOwnedConditions " +
			"takes their types). Each use is named with its successor, or what to do when there is none; uses through an import " +
			"alias are the same uses. A namesake of the same shape is not reported: the import's finding (MPA702) covers it. " +
			"The map covers every exported name of the v1beta1 API packages and util/deprecated/v1beta1 (docs/contract/GOAPI.md).",
		Fix: "Use the successor the finding names (the guide's annex of imports for conditions and the patch helper); where there is none, do what it says. " +
			"A v1beta1 condition utility called on a Cluster API object the move makes v1beta2 is moved by the fix to util/conditions/deprecated/v1beta1 (MPA702); " +
			"called on the provider's own object still at the guide's stage 1 (v1beta1 conditions beside status.v1beta2), to its deprecated copy under util/deprecated/v1beta1, which serves such objects with the same code.",
		DocURL:   migrationDoc + "#annex",
		severity: goAPISeverity, severityRows: goAPISeverityRows,
	},
}

// GoSymbolAdvice says in one sentence what replaces s.
func GoSymbolAdvice(s GoSymbol) string {
	var out string
	succ := s.Successor
	if since := GoAPIV1Beta2Since(succ); since != GoAPIIntroduced {
		succ += " (Cluster API " + string(since) + " adds it)" // a fix names it for no older release
	}
	switch {
	case s.Successor != "" && s.Instead != "":
		out = fmt.Sprintf("its v1beta2 successor is %s (%s)", succ, s.Instead)
	case s.Successor != "":
		out = "its v1beta2 successor is " + succ
	default:
		out = "it has no v1beta2 successor: " + s.Instead
	}
	if s.Keep != "" {
		out += fmt.Sprintf("; from v1.11 it lives on, deprecated until v1beta1's removal, as %s", s.Keep)
	}
	if s.OnV1Beta2 != "" && s.Keep != "" {
		out += fmt.Sprintf("; on the provider's own object still at the guide's stage 1 (v1beta1 conditions beside status.v1beta2), the fix calls %s, which serves it unchanged", s.Keep)
	}
	if s.OnV1Beta2 != "" {
		out += fmt.Sprintf("; on a Cluster API object the move makes v1beta2, the fix calls %s, which keeps the same v1beta1 conditions "+
			"(status.deprecated.v1beta1.conditions) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person", s.OnV1Beta2)
	}
	return out
}
