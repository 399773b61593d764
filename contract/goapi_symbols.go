package contract

import (
	"slices"
	"strings"
)

// The symbol half of the Go API map: the packages, types, functions and
// constants of Cluster API's v1beta1 Go API that providers use, with the
// v1beta2 successor of each (Cluster API's v1.10 → v1.11 provider
// migration guide, its "annex of imports", and the sources). A test reads
// every entry in the pinned modules and in v1.10.4 (goapi_symbols_test.go).

// GoSymbolKind is what a GoSymbol names.
type GoSymbolKind string

const (
	SymPackage GoSymbolKind = "package"
	SymType    GoSymbolKind = "type"
	SymFunc    GoSymbolKind = "func"
	SymConst   GoSymbolKind = "const"
	SymVar     GoSymbolKind = "var"
	// SymMethod: Name is "Type.Method" (a method declared on Type, value
	// or pointer receiver).
	SymMethod GoSymbolKind = "method"
)

// GoSymbol is one package or package-level symbol of the v1beta1 Go API.
type GoSymbol struct {
	// Path is the old symbol's import path, Name its name ("" for the
	// package itself).
	Path, Name string
	Kind       GoSymbolKind
	// Since and Until bound the Cluster API releases (the one the provider
	// builds against) where Path.Name is this symbol: [Since, Until), ""
	// open. util/conditions means the v1beta1 utilities before v1.11 and
	// the v1beta2 ones from it.
	Since, Until Release
	// Keep is where the old API lives on, deprecated until v1beta1 is
	// removed (GoAPIRemoval), for code not yet moved ("" when Path.Name
	// itself stays, or nothing keeps it).
	Keep string
	// Successor is the v1beta2 symbol ("path" or "path.Name"); "" for none,
	// then Instead says what to do. Instead may add a note to a successor.
	Successor, Instead string
	Class              ChangeClass
	// RefArg, when set, limits the entry to calls whose RefArg-th argument
	// (1-based) is a reference field of an object of a v1beta1 API package
	// (external.Get is not deprecated; only its use on the references
	// v1beta2 retyped is).
	RefArg int
	// Rule is the rule of GoSymbolRules that derived the entry from the
	// pinned Cluster API's types (hack/goapisymgen); "" when written by
	// hand.
	Rule string
	// ViaImport: the import's finding (MPA702) covers the uses: the
	// successor is the same name, of the same shape, in the package's
	// successor, or the package has none and its entry says what to do.
	ViaImport bool
	// OnV1Beta2, for a v1beta1 condition utility, is its namesake of the
	// same shape in util/conditions/deprecated/v1beta1 ("path.Name"),
	// which reads and writes the same v1beta1 conditions on the v1beta2
	// object (status.deprecated.v1beta1.conditions, where the conversion
	// keeps a v1beta1 object's status.conditions): the fix calls it on
	// the objects the move makes v1beta2 (goapi_conditions.go).
	OnV1Beta2 string
}

// Old is the symbol as the docs spell it: "path" or "path.Name".
func (s GoSymbol) Old() string { return joinSymbol(s.Path, s.Name) }

// LivesIn reports whether Path.Name is this symbol in release built.
func (s GoSymbol) LivesIn(built Release) bool {
	return (s.Since == "" || built.AtLeast(s.Since)) && (s.Until == "" || built.Less(s.Until))
}

func joinSymbol(path, name string) string {
	if name == "" {
		return path
	}
	return path + "." + name
}

// GoAPISymbols is the symbol half of the Go API map.
func GoAPISymbols() []GoSymbol { return goAPISymbols }

// GoAPIPackage is the entry of the package at path for a provider built
// against release built.
func GoAPIPackage(path string, built Release) (GoSymbol, bool) {
	return GoAPISymbol(path, "", built)
}

// GoAPISymbol is the entry of path.name for a provider built against
// release built ("" name: the package).
func GoAPISymbol(path, name string, built Release) (GoSymbol, bool) {
	for _, s := range goAPISymbolIndex[joinSymbol(path, name)] {
		if s.LivesIn(built) {
			return s, true
		}
	}
	return GoSymbol{}, false
}

// IsV1Beta1APIPackage reports whether path is a v1beta1 API package (types
// with a v1beta2 namesake in the sigs.k8s.io/cluster-api/api module) for
// a provider built against release built.
func IsV1Beta1APIPackage(path string, built Release) bool {
	s, ok := GoAPIPackage(path, built)
	return ok && s.Class == ChangeSame && strings.HasPrefix(s.Successor, capiAPI+"/")
}

// GoAPIPackagePaths are the import paths of the packages the map has
// entries in (a pass that imports none of them has nothing to report).
func GoAPIPackagePaths() map[string]bool { return goAPIPackagePaths }

var goAPISymbolIndex, goAPIPackagePaths = indexGoSymbols(goAPISymbols)

func indexGoSymbols(list []GoSymbol) (map[string][]GoSymbol, map[string]bool) {
	idx, paths := map[string][]GoSymbol{}, map[string]bool{}
	for _, s := range list {
		idx[s.Old()] = append(idx[s.Old()], s)
		paths[s.Path] = true
	}
	return idx, paths
}

const (
	capi    = "sigs.k8s.io/cluster-api"
	capiAPI = capi + "/api"
	// The v1beta1 API packages of the sigs.k8s.io/cluster-api module
	// before v1.11 moved it to the sigs.k8s.io/cluster-api/api module.
	oldCoreV1Beta1 = capi + "/api/v1beta1"
	oldExpV1Beta1  = capi + "/exp/api/v1beta1"
	oldCABPKV1B1   = capi + "/bootstrap/kubeadm/api/v1beta1"
	oldKCPV1Beta1  = capi + "/controlplane/kubeadm/api/v1beta1"
	oldIPAMV1Beta1 = capi + "/exp/ipam/api/v1beta1"
	// Their homes from v1.11.
	coreV1Beta1  = capiAPI + "/core/v1beta1"
	coreV1Beta2  = capiAPI + "/core/v1beta2"
	cabpkV1Beta1 = capiAPI + "/bootstrap/kubeadm/v1beta1"
	cabpkV1Beta2 = capiAPI + "/bootstrap/kubeadm/v1beta2"
	kcpV1Beta1   = capiAPI + "/controlplane/kubeadm/v1beta1"
	kcpV1Beta2   = capiAPI + "/controlplane/kubeadm/v1beta2"
	addonsV1B1   = capiAPI + "/addons/v1beta1"
	addonsV1B2   = capiAPI + "/addons/v1beta2"
	ipamV1Beta1  = capiAPI + "/ipam/v1beta1"
	ipamV1Beta2  = capiAPI + "/ipam/v1beta2"
	// The condition and patch utilities.
	conditionsPkg         = PkgConditions
	conditionsV1Beta2Pkg  = capi + "/util/conditions/v1beta2"
	deprecatedPkg         = capi + "/util/deprecated/v1beta1"
	deprecatedConditions  = deprecatedPkg + "/conditions"
	deprecatedConditions2 = deprecatedPkg + "/conditions/v1beta2"
	deprecatedPatch       = PkgDeprecatedPatch
	deprecatedPaused      = PkgDeprecatedPaused
	conditionsDeprecated  = capi + "/util/conditions/deprecated/v1beta1"
	patchPkg              = PkgPatch
	pausedPkg             = PkgPaused
	externalPkg           = capi + "/controllers/external"
	predicatesPkg         = capi + "/util/predicates"
	errorsPkg             = capi + "/errors"
	deprecatedErrors      = capiAPI + "/deprecated/errors"
	metaV1                = "k8s.io/apimachinery/pkg/apis/meta/v1"
)

const (
	keepV1Beta1Conditions = "to keep v1beta1 conditions until v1beta1 is removed, use the util/deprecated/v1beta1 utilities (the guide's annex of imports)"
	toMetav1Conditions    = "move the object's conditions to []metav1.Condition, by the guide's stages of \"How to start using metav1.conditions\""
)

// The map: the entries written by hand, those hack/goapisymgen derived
// (goapi_symbols_gen.go), and the pre-v1.11 entries of both.
var (
	goAPIHandSymbols = buildGoAPISymbols()
	goAPISymbols     = withPre111(append(slices.Clip(goAPIHandSymbols), goAPIGenSymbols...), goAPIPre111)
)

func buildGoAPISymbols() []GoSymbol {
	pre, v111 := Release(""), ReleaseV1Beta2
	pkg := func(path string, since, until Release, keep, succ, instead string, class ChangeClass) GoSymbol {
		return GoSymbol{Path: path, Kind: SymPackage, Since: since, Until: until, Keep: keep, Successor: succ, Instead: instead, Class: class}
	}
	out := []GoSymbol{
		// The API packages: moved to the sigs.k8s.io/cluster-api/api module
		// in v1.11 (v1beta1 deprecated there), v1beta2 beside them.
		pkg(oldCoreV1Beta1, pre, v111, coreV1Beta1, coreV1Beta2, "", ChangeSame),
		pkg(oldExpV1Beta1, pre, v111, coreV1Beta1, coreV1Beta2, "MachinePool moved into the core API group's package", ChangeSame),
		pkg(oldCABPKV1B1, pre, v111, cabpkV1Beta1, cabpkV1Beta2, "", ChangeSame),
		pkg(oldKCPV1Beta1, pre, v111, kcpV1Beta1, kcpV1Beta2, "", ChangeSame),
		pkg(oldIPAMV1Beta1, pre, v111, ipamV1Beta1, ipamV1Beta2, "", ChangeSame),
		pkg(addonsV1B1, pre, v111, "", addonsV1B2, "", ChangeSame), // the same path in the api module from v1.11
		pkg(coreV1Beta1, v111, "", "", coreV1Beta2, "", ChangeSame),
		pkg(cabpkV1Beta1, v111, "", "", cabpkV1Beta2, "", ChangeSame),
		pkg(kcpV1Beta1, v111, "", "", kcpV1Beta2, "", ChangeSame),
		pkg(addonsV1B1, v111, "", "", addonsV1B2, "", ChangeSame),
		pkg(ipamV1Beta1, v111, "", "", ipamV1Beta2, "", ChangeSame),
		// The condition utilities: util/conditions worked on v1beta1
		// conditions before v1.11; the v1beta2 (metav1) ones, previewed in
		// util/conditions/v1beta2, took its path in v1.11.
		pkg(conditionsPkg, pre, v111, deprecatedConditions, conditionsPkg, toMetav1Conditions, ChangeRetyped),
		pkg(conditionsV1Beta2Pkg, pre, v111, deprecatedConditions2, conditionsPkg, "", ChangeSame),
		pkg(deprecatedConditions, v111, "", "", conditionsPkg, toMetav1Conditions, ChangeRetyped),
		pkg(deprecatedConditions2, v111, "", "", conditionsPkg, "", ChangeSame),
		pkg(conditionsDeprecated, v111, "", "", conditionsPkg, "it reads status.deprecated.v1beta1.conditions, which goes with v1beta1; read the object's v1beta2 conditions instead", ChangeRetyped),
		pkg(deprecatedPatch, v111, "", "", patchPkg, "use patch.WithOwnedConditions with the metav1 condition types the controller sets", ChangeSame),
		pkg(deprecatedPaused, v111, "", "", pausedPkg, "", ChangeSame),
		// The errors package stayed at its path until v1.14 moved it to
		// the api module (v1.11 to v1.13 have no api/deprecated/errors).
		pkg(errorsPkg, pre, releaseErrorsMoved, deprecatedErrors, "", "the v1beta2 contract has no terminal failures: report them as a condition", ChangeRemoved),
		pkg(deprecatedErrors, releaseErrorsMoved, "", "", "", "the v1beta2 contract has no terminal failures: report them as a condition", ChangeRemoved),
	}
	// The v1beta1 condition functions, before v1.11 in util/conditions and
	// from v1.11 in util/deprecated/v1beta1/conditions.
	for _, c := range v1beta1ConditionFuncs {
		succ, class, instead := "", ChangeRemoved, c.instead
		if c.successor != "" {
			succ, class = joinSymbol(conditionsPkg, c.successor), ChangeRetyped
			// The successor works on other conditions: no fix renames the
			// call; a person adds the v1beta2 one (the guide's stages).
			switch c.field {
			case writesConditions:
				instead = joinNote(instead, writesV1Beta1)
			case readsConditions:
				instead = joinNote(instead, readsV1Beta1)
			}
		}
		onV1Beta2 := ""
		if c.onV1Beta2 {
			onV1Beta2 = joinSymbol(conditionsDeprecated, c.name)
		}
		out = append(out,
			GoSymbol{Path: conditionsPkg, Name: c.name, Kind: c.kind, Until: v111, Keep: joinSymbol(deprecatedConditions, c.name), Successor: succ, Instead: instead, Class: class, OnV1Beta2: onV1Beta2},
			GoSymbol{Path: deprecatedConditions, Name: c.name, Kind: c.kind, Since: v111, Successor: succ, Instead: instead, Class: class, OnV1Beta2: onV1Beta2},
			GoSymbol{Path: conditionsDeprecated, Name: c.name, Kind: c.kind, Since: v111, Successor: succ, Instead: instead, Class: class})
	}
	// The names of the v1beta1 API packages written by hand
	// (goapi_symbols_api.go): renames and removals no rule derives.
	for _, c := range goAPIHandAPI {
		out = append(out, GoSymbol{Path: c.path, Name: c.name, Kind: c.kind, Since: v111, Successor: c.successor, Instead: c.instead, Class: c.class})
	}
	// Utilities v1.11 renamed (infrastructure "ready" became
	// "provisioned") or removed, at paths that stay: the bump renames
	// the calls (rewrite's renameSymbols).
	for _, r := range [][2]string{
		{"ClusterCreateInfraReady", "ClusterCreateInfraProvisioned"},
		{"ClusterUpdateInfraReady", "ClusterUpdateInfraProvisioned"},
		{"ClusterPausedTransitionsOrInfrastructureReady", "ClusterPausedTransitionsOrInfrastructureProvisioned"},
		{"ClusterUnpausedAndInfrastructureReady", "ClusterUnpausedAndInfrastructureProvisioned"},
	} {
		out = append(out, GoSymbol{Path: predicatesPkg, Name: r[0], Kind: SymFunc, Until: v111, Successor: joinSymbol(predicatesPkg, r[1]), Class: ChangeSame})
	}
	out = append(out,
		GoSymbol{Path: capi + "/util", Name: "GetGVKMetadata", Kind: SymFunc, Until: v111, Instead: "v1.11 removes it: read the object's metadata with a client (metav1.PartialObjectMetadata)", Class: ChangeRemoved},
		GoSymbol{Path: externalPkg, Name: "GetObjectReference", Kind: SymFunc, Until: v111, Instead: "v1.11 removes it: v1beta2 objects hold a ContractVersionedObjectReference (apiGroup, kind, name)", Class: ChangeRemoved},
		GoSymbol{Path: externalPkg, Name: "IsInitialized", Kind: SymFunc, Until: v111, Instead: "v1.11 removes it: read status.initialization.provisioned of the v1beta2 contract", Class: ChangeRemoved},
	)
	return append(out,
		// Names of the pre-v1.11 packages that no v1.11+ package keeps: the
		// KubeadmConfig webhook's defaulting and validation (v1.10.4
		// bootstrap/kubeadm/api/v1beta1/kubeadmconfig_types.go).
		GoSymbol{Path: oldCABPKV1B1, Name: "KubeadmConfigSpec.Default", Kind: SymMethod, Until: v111, Instead: whyKubeadmWebhook, Class: ChangeRemoved},
		GoSymbol{Path: oldCABPKV1B1, Name: "KubeadmConfigSpec.Validate", Kind: SymMethod, Until: v111, Instead: whyKubeadmWebhook, Class: ChangeRemoved},
		// References: ContractVersionedObjectReference replaces
		// corev1.ObjectReference on the core objects (v1.11).
		GoSymbol{Path: externalPkg, Name: "Get", Kind: SymFunc, Successor: joinSymbol(externalPkg, "GetObjectFromContractVersionedRef"),
			Instead: "for the references v1beta2 objects hold: a ContractVersionedObjectReference and the namespace", Class: ChangeReference, RefArg: 3},
		// The patch helper's owned conditions: the option of the v1beta1
		// condition types was renamed when the v1beta2 one took its name.
		GoSymbol{Path: patchPkg, Name: "WithOwnedConditions", Kind: SymType, Until: v111, Keep: joinSymbol(patchPkg, "WithOwnedV1Beta1Conditions"),
			Successor: joinSymbol(patchPkg, "WithOwnedConditions"), Instead: "list the metav1 condition types the controller sets", Class: ChangeRetyped},
		GoSymbol{Path: patchPkg, Name: "WithOwnedV1Beta2Conditions", Kind: SymType, Until: v111, Successor: joinSymbol(patchPkg, "WithOwnedConditions"), Class: ChangeSame},
		GoSymbol{Path: deprecatedPatch, Name: "WithOwnedV1Beta2Conditions", Kind: SymType, Since: v111, Successor: joinSymbol(patchPkg, "WithOwnedConditions"), Class: ChangeSame},
		GoSymbol{Path: deprecatedPatch, Name: "WithOwnedV1Beta2Conditions.ApplyToHelper", Kind: SymMethod, Since: v111, Successor: joinSymbol(patchPkg, "WithOwnedConditions.ApplyToHelper"), Class: ChangeSame},
		GoSymbol{Path: patchPkg, Name: "WithOwnedV1Beta1Conditions", Kind: SymType, Since: v111,
			Successor: joinSymbol(patchPkg, "WithOwnedConditions"), Instead: "list the metav1 condition types the controller sets", Class: ChangeRetyped},
	)
}

// releaseErrorsMoved moved sigs.k8s.io/cluster-api/errors to
// api/deprecated/errors.
const releaseErrorsMoved Release = "v1.14.0"

const whyKubeadmWebhook = "Cluster API's KubeadmConfig webhook defaults and validates the spec; the v1beta2 API has no such method"

const (
	negativePolarity = "polarity is a summary option of v1beta2 (conditions.NegativePolarityConditionTypes)"
	noStepCounter    = "v1beta2 summaries have no step counter"
)

type conditionFunc struct {
	name      string
	kind      GoSymbolKind
	successor string // name in util/conditions of v1.11+, "" for none
	instead   string
	field     int // writesConditions, readsConditions or 0
	// onV1Beta2: util/conditions/deprecated/v1beta1 has it with the same
	// shape (GoSymbol.OnV1Beta2; TestGoAPIV1Beta1ConditionCalls checks
	// each release).
	onV1Beta2 bool
}

// What a v1beta1 condition utility does with an object's conditions.
const (
	writesConditions = iota + 1
	readsConditions
)

const (
	writesV1Beta1 = "not a rename: it writes the v1beta1 conditions (a v1beta2 object's status.deprecated.v1beta1.conditions), " +
		"the successor status.conditions: set the v1beta2 condition beside it, by the guide's stages of \"How to start using metav1.conditions\""
	readsV1Beta1 = "not a rename: it reads the v1beta1 conditions, the successor status.conditions, whose types and reasons are v1beta2's"
)

// joinNote appends note to instead.
func joinNote(instead, note string) string {
	if instead == "" {
		return note
	}
	return instead + "; " + note
}

// v1beta1ConditionFuncs are the v1beta1 condition utilities providers
// call; the successor takes a metav1.Condition (or its parts) instead.
var v1beta1ConditionFuncs = []conditionFunc{
	{name: "Set", kind: SymFunc, successor: "Set", instead: "it takes a metav1.Condition", field: writesConditions, onV1Beta2: true},
	{name: "MarkTrue", kind: SymFunc, successor: "Set", instead: "set a metav1.Condition with Status True and a Reason", field: writesConditions, onV1Beta2: true},
	{name: "MarkFalse", kind: SymFunc, successor: "Set", instead: "set a metav1.Condition with Status False; it has no severity", field: writesConditions, onV1Beta2: true},
	{name: "MarkUnknown", kind: SymFunc, successor: "Set", instead: "set a metav1.Condition with Status Unknown", field: writesConditions, onV1Beta2: true},
	{name: "TrueCondition", kind: SymFunc, instead: "build a metav1.Condition with Status True", onV1Beta2: true},
	{name: "FalseCondition", kind: SymFunc, instead: "build a metav1.Condition with Status False", onV1Beta2: true},
	{name: "UnknownCondition", kind: SymFunc, instead: "build a metav1.Condition with Status Unknown", onV1Beta2: true},
	{name: "Get", kind: SymFunc, successor: "Get", field: readsConditions, onV1Beta2: true},
	{name: "Has", kind: SymFunc, successor: "Has", field: readsConditions, onV1Beta2: true},
	{name: "Delete", kind: SymFunc, successor: "Delete", field: writesConditions, onV1Beta2: true},
	{name: "IsTrue", kind: SymFunc, successor: "IsTrue", field: readsConditions, onV1Beta2: true},
	{name: "IsFalse", kind: SymFunc, successor: "IsFalse", field: readsConditions, onV1Beta2: true},
	{name: "IsUnknown", kind: SymFunc, successor: "IsUnknown", field: readsConditions, onV1Beta2: true},
	{name: "GetReason", kind: SymFunc, successor: "GetReason", field: readsConditions, onV1Beta2: true},
	{name: "GetMessage", kind: SymFunc, successor: "GetMessage", field: readsConditions, onV1Beta2: true},
	{name: "GetLastTransitionTime", kind: SymFunc, successor: "GetLastTransitionTime", field: readsConditions, onV1Beta2: true},
	{name: "GetSeverity", kind: SymFunc, instead: "metav1.Condition has no severity"},
	{name: "SetSummary", kind: SymFunc, successor: "SetSummaryCondition", instead: "it takes the condition type to set and the types to summarize", field: writesConditions},
	{name: "SetMirror", kind: SymFunc, successor: "SetMirrorCondition", field: writesConditions},
	{name: "SetAggregate", kind: SymFunc, successor: "SetAggregateCondition", field: writesConditions},
	{name: "WithConditions", kind: SymFunc, successor: "ForConditionTypes", instead: "a summary option"},
	{name: "NewPatch", kind: SymFunc, successor: "NewPatch"},
	{name: "MatchConditions", kind: SymFunc, successor: "MatchConditions"},
	// Their options and polarity helpers (util/deprecated/v1beta1/conditions
	// against util/conditions of v1.11).
	{name: "AddSourceRef", kind: SymFunc, instead: "v1beta2 summaries say which objects a condition comes from in its message"},
	{name: "ApplyOption", kind: SymType, successor: "PatchApplyOption", instead: "an option of Patch.Apply"},
	{name: "MergeOption", kind: SymType, successor: "SummaryOption", instead: "and AggregateOption for SetAggregateCondition"},
	{name: "NegativePolarity", kind: SymConst, instead: negativePolarity},
	{name: "PositivePolarity", kind: SymConst, instead: negativePolarity},
	{name: "TrueConditionWithNegativePolarity", kind: SymFunc, instead: "build a metav1.Condition with Status True; " + negativePolarity, onV1Beta2: true},
	{name: "FalseConditionWithNegativePolarity", kind: SymFunc, instead: "build a metav1.Condition with Status False; " + negativePolarity, onV1Beta2: true},
	{name: "MarkTrueWithNegativePolarity", kind: SymFunc, successor: "Set", instead: negativePolarity, field: writesConditions, onV1Beta2: true},
	{name: "MarkFalseWithNegativePolarity", kind: SymFunc, successor: "Set", instead: negativePolarity, field: writesConditions, onV1Beta2: true},
	{name: "WithNegativePolarityConditions", kind: SymFunc, successor: "NegativePolarityConditionTypes", instead: "a summary option"},
	{name: "HaveSameStateOf", kind: SymFunc, successor: "MatchCondition", instead: "a gomega matcher of metav1 conditions"},
	{name: "SetWithCustomLastTransitionTime", kind: SymFunc, successor: "Set", instead: "set the metav1.Condition's LastTransitionTime", field: writesConditions, onV1Beta2: true},
	{name: "UnstructuredGetter", kind: SymFunc, successor: "UnstructuredGet", instead: "it reads one condition of an unstructured object by type"},
	{name: "UnstructuredSetter", kind: SymFunc, instead: "set conditions on the typed object"},
	{name: "WithFallbackValue", kind: SymFunc, successor: "FallbackCondition", instead: "a mirror option"},
	{name: "WithForceOverwrite", kind: SymFunc, successor: "ForceOverwrite", instead: "a Patch.Apply option"},
	{name: "WithOwnedConditions", kind: SymFunc, successor: "OwnedConditionTypes", instead: "a Patch.Apply option"},
	{name: "WithStepCounter", kind: SymFunc, instead: noStepCounter},
	{name: "WithStepCounterIf", kind: SymFunc, instead: noStepCounter},
	{name: "WithStepCounterIfOnly", kind: SymFunc, instead: noStepCounter},
	{name: "Getter", kind: SymType, successor: "Getter", instead: "GetConditions returns []metav1.Condition"},
	{name: "Setter", kind: SymType, successor: "Setter", instead: "SetConditions takes []metav1.Condition"},
}
