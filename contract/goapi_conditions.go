package contract

// The v1beta1 conditions of an object the move makes v1beta2. Cluster
// API's conversion keeps a v1beta1 object's status.conditions as the
// v1beta2 object's status.deprecated.v1beta1.conditions, bit for bit
// (api/core/v1beta1/conversion.go, Convert_v1beta1_Conditions_To_v1beta2_
// Deprecated_V1Beta1_Conditions and back, for Cluster, ClusterClass,
// Machine, MachineSet, MachineDeployment, MachinePool, MachineHealthCheck;
// the same in the kubeadm and addons packages), and
// util/conditions/deprecated/v1beta1 reads and writes them there through
// GetV1Beta1Conditions and SetV1Beta1Conditions. A call of a v1beta1
// condition utility on such an object thus moves to its namesake there
// (GoSymbol.OnV1Beta2) with its condition types, reasons and severities
// named as v1beta2 keeps them for the v1beta1 conditions (XV1Beta1Condition,
// of the same type and value: GoAPIV1Beta1ConditionName): the same
// conditions are read and written on every core. Moving to the v1beta2
// conditions is not mechanical (core sets them in other places, at other
// times, with other reasons): a person does it.

// GoAPIV1Beta1ConditionAccessors are the methods a v1beta2 object needs for
// util/conditions/deprecated/v1beta1's Getter and Setter.
const (
	GoAPIV1Beta1ConditionGetter = "GetV1Beta1Conditions"
	GoAPIV1Beta1ConditionSetter = "SetV1Beta1Conditions"
)

// GoAPIV1Beta1ConditionCall is the successor ("path.Name") of a call of
// the v1beta1 condition utility path.name on objects the move makes
// v1beta2, for a provider built against release built; ok is false when
// the map has none.
func GoAPIV1Beta1ConditionCall(path, name string, built Release) (string, bool) {
	s, ok := GoAPISymbol(path, name, built)
	if !ok || s.OnV1Beta2 == "" {
		return "", false
	}
	return s.OnV1Beta2, true
}

// GoAPIV1Beta1ConditionPackage reports whether path is the package of the
// v1beta1 condition utilities in release built (util/conditions before
// v1.11, util/deprecated/v1beta1/conditions from it).
func GoAPIV1Beta1ConditionPackage(path string, built Release) bool {
	s, ok := GoAPIPackage(path, built)
	return ok && (s.Path == deprecatedConditions || s.Keep == deprecatedConditions)
}

// GoAPIV1Beta1ConditionName is the v1beta2 name ("path.Name") of the v1beta1
// API package's condition type, reason or severity constant path.name as
// a v1beta1 condition's (the same type and value; v1beta2's own conditions
// may use another), for a provider built against release built.
func GoAPIV1Beta1ConditionName(path, name string, built Release) (string, bool) {
	if s, ok := GoAPIPackage(path, built); ok && s.Keep != "" {
		path = s.Keep // before v1.11: the path v1.11 keeps it at
	}
	n, ok := goAPIV1Beta1ConditionNames[joinSymbol(path, name)]
	return n, ok
}

// PatchHelperConditionAccessors are the condition accessors either patch
// helper (util/patch, util/deprecated/v1beta1/patch, and util/patch before
// v1.11) tests an object for: the helpers differ only in which of these
// interfaces they take for v1beta1 and which for metav1 conditions (v1.11
// util/patch/patch.go against util/deprecated/v1beta1/patch/patch.go), so
// an object with none of them is patched alike by both.
var PatchHelperConditionAccessors = []string{
	"GetConditions", "SetConditions",
	GoAPIV1Beta1ConditionGetter, GoAPIV1Beta1ConditionSetter,
	"GetV1Beta2Conditions", "SetV1Beta2Conditions",
}

// stage1Homes are the utilities whose v1.11 copies under
// util/deprecated/v1beta1 serve objects still at the guide's stage 0 or 1
// (v1beta1 status.conditions, the metav1 ones under status.v1beta2), by
// their path before v1.11: the same code, unchanged, beside v1beta2 core
// types (v1.11's paused copy takes a v1beta2 Cluster).
var stage1Homes = map[string]string{
	conditionsPkg:        deprecatedConditions,
	conditionsV1Beta2Pkg: deprecatedConditions2,
	patchPkg:             deprecatedPatch,
	pausedPkg:            deprecatedPaused,
}

// GoAPIStage1Home is where the utility package path, as a module built
// against release built imports it, serves an object of the provider's
// own still at the guide's stage 0 or 1 once the module builds against
// v1.11 or later: the deprecated copy (path itself when it is one).
func GoAPIStage1Home(path string, built Release) (string, bool) {
	if built.Less(ReleaseV1Beta2) {
		home, ok := stage1Homes[path]
		return home, ok
	}
	if GoAPIStage1Copy(path) {
		return path, true
	}
	return "", false
}

// GoAPIStage1Copy reports whether path is one of the deprecated copies
// GoAPIStage1Home names, which releases before v1.11 do not have: a
// module built against one names it only where a rewrite already moved
// the import there for the release it raises to.
func GoAPIStage1Copy(path string) bool {
	for _, home := range stage1Homes {
		if home == path {
			return true
		}
	}
	return false
}
