package conditionstage

import (
	"fmt"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/emit"
	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// New returns the conditionstage analyzer of env's analyzer set; kf is
// that set's kindfinder.
func New(env *setup.Env, kf *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "conditionstage",
		Doc:              "reports the stage of the migration guide each provider kind's status conditions are at, and the fields and accessor methods missing for the next stage",
		URL:              "https://github.com/mpaudit/mpaudit/tree/main/analyzers/conditionstage",
		Run:              func(pass *analysis.Pass) (any, error) { return run(pass, env) },
		Requires:         []*analysis.Analyzer{kf},
		RunDespiteErrors: true,
		ResultType:       emit.ResultType,
	}
}

// The paths of the guide's stages.
const (
	pathConditions  = contract.PathConditions
	pathV1Beta2     = contract.PathStageOneConditions
	pathDeprecated  = contract.PathDeprecatedV1B1 + ".conditions"
	metaV1Condition = "[]metav1.Condition"
	v1beta1Conds    = "clusterv1beta1.Conditions"
	// deprecatedConds is the v1beta2 package's copy of the v1beta1
	// Conditions, which util/patch and util/conditions/deprecated/v1beta1
	// take from v1.11 on.
	deprecatedConds = "clusterv1.Conditions"
)

func run(pass *analysis.Pass, env *setup.Env) (any, error) {
	em, out := emit.New(pass, env)
	res := kindfinder.MustResultOf(pass)
	if len(res.Types) == 0 {
		return out, nil
	}
	release := kindfinder.TargetOf(pass, env, res).GoAPIRelease()
	for _, t := range res.Types {
		if t.Status == nil || t.Catalog == nil || t.Catalog.IsTemplate() || t.Obj == nil {
			continue
		}
		j := judge(t.Obj, t.Status)
		if j == nil {
			continue
		}
		spoke := !t.Storage
		msg := j.message()
		if spoke {
			msg += " (an older API version of the provider, a conversion spoke: it may stay at its stage)"
		}
		// Nothing of the provider's takes the conditions through the
		// utilities without accessors: advisory.
		ctx := contract.Context{Release: release, Spoke: spoke, Advisory: j.noAccessors}
		sev := contract.MustRule(contract.RuleConditionsStage).Severity(ctx)
		if j.noAccessors {
			// The patch helper still needs the accessors.
			msg += "; it has no accessor method at all: no condition utility takes it, and the patch helper fails to patch its conditions when they change"
		}
		em.At(t.Obj.Pos(), report.Finding{Rule: contract.RuleConditionsStage, Severity: sev,
			Kind: t.Kind, Type: t.Type, APIVersion: t.APIVersion(), Field: j.field, Message: msg, Spoke: spoke})
	}
	return out, nil
}

// judgement is what the pass says of one kind.
type judgement struct {
	stage int
	field string // the conditions field the finding is about
	// wrong are what is wrong at the kind's own stage; next what the next
	// stage needs.
	wrong, next []string
	// noAccessors: the type has none of the stages' accessor methods.
	noAccessors bool
}

func (j *judgement) message() string {
	var b strings.Builder
	fmt.Fprintf(&b, "the status conditions are at stage %d of the guide (%s)", j.stage, stageNames[j.stage])
	if len(j.wrong) > 0 {
		fmt.Fprintf(&b, "; for stage %d it needs %s", j.stage, strings.Join(j.wrong, ", "))
	}
	if len(j.next) > 0 {
		fmt.Fprintf(&b, "; stage %d needs %s", j.stage+1, strings.Join(j.next, ", "))
	}
	return b.String()
}

var stageNames = map[int]string{
	0: "v1beta1 conditions at " + pathConditions,
	1: metaV1Condition + " added at " + pathV1Beta2,
	2: metaV1Condition + " at " + pathConditions + ", v1beta1 ones at " + pathDeprecated,
	3: metaV1Condition + " at " + pathConditions + " only",
}

// accessors are the methods of every stage.
var accessors = []string{"GetConditions", "SetConditions", "GetV1Beta2Conditions", "SetV1Beta2Conditions", "GetV1Beta1Conditions", "SetV1Beta1Conditions"}

// kindOf says what conditions a field's type holds.
type condKind int

const (
	condNone condKind = iota
	condMetaV1
	condV1Beta1    // the v1beta1 package's Conditions
	condDeprecated // the v1beta2 package's Conditions
	condOther
)

func kindOf(t types.Type) condKind {
	switch {
	case isMetaV1Conditions(t):
		return condMetaV1
	case isV1Beta1Conditions(t):
		return condV1Beta1
	case isNamed(t, contract.PkgClusterV1, "Conditions"):
		return condDeprecated
	}
	return condOther
}

// v1beta1Like reports whether k holds Cluster API's v1beta1 conditions, in
// either package (stages 0 and 1 may use either).
func v1beta1Like(k condKind) bool { return k == condV1Beta1 || k == condDeprecated }

// judge says the stage of the root type obj with the status type status,
// or nil when there is nothing to report.
func judge(obj *types.TypeName, status types.Type) *judgement {
	conds := fieldPath(status, pathConditions)
	v1beta2 := fieldPath(status, pathV1Beta2)
	deprecated := fieldPath(status, pathDeprecated)
	if conds == nil && v1beta2 == nil && deprecated == nil {
		return nil // no conditions: the contract makes them optional
	}
	ms := types.NewMethodSet(types.NewPointer(obj.Type()))
	need := func(into *[]string, name string, getter bool, want condKind) {
		if problem := method(ms, name, getter, want); problem != "" {
			*into = append(*into, problem)
		}
	}
	j := &judgement{field: pathConditions, noAccessors: true}
	for _, name := range accessors {
		if ms.Lookup(nil, name) != nil {
			j.noAccessors = false
		}
	}
	switch {
	case conds != nil && kindOf(conds.Type()) == condMetaV1:
		j.stage = 3
		if deprecated != nil {
			j.stage = 2
			if kindOf(deprecated.Type()) != condDeprecated {
				j.wrong = append(j.wrong, pathDeprecated+" of type "+deprecatedConds+" (the v1beta2 package's, which util/patch and util/conditions/deprecated/v1beta1 take)")
			}
			need(&j.wrong, "GetV1Beta1Conditions", true, condDeprecated)
			need(&j.wrong, "SetV1Beta1Conditions", false, condDeprecated)
		}
		need(&j.wrong, "GetConditions", true, condMetaV1)
		need(&j.wrong, "SetConditions", false, condMetaV1)
		if v1beta2 != nil {
			// Core from v1.11 reads status.v1beta2.conditions first.
			j.wrong = append(j.wrong, pathV1Beta2+" removed (core reads it before "+pathConditions+")")
		}
		if len(j.wrong) == 0 {
			return nil
		}
	case conds != nil && v1beta1Like(kindOf(conds.Type())):
		need(&j.wrong, "GetConditions", true, kindOf(conds.Type()))
		need(&j.wrong, "SetConditions", false, kindOf(conds.Type()))
		j.next = []string{
			metaV1Condition + " at " + pathConditions + " in a new API version",
			"the v1beta1 ones at " + pathDeprecated,
			sig("GetConditions", true, metaV1Condition), sig("SetConditions", false, metaV1Condition),
			sig("GetV1Beta1Conditions", true, deprecatedConds), sig("SetV1Beta1Conditions", false, deprecatedConds),
		}
		if v1beta2 == nil {
			j.next = []string{pathV1Beta2 + " of type " + metaV1Condition,
				sig("GetV1Beta2Conditions", true, metaV1Condition), sig("SetV1Beta2Conditions", false, metaV1Condition)}
			break
		}
		j.stage = 1
		j.field = pathV1Beta2
		if kindOf(v1beta2.Type()) != condMetaV1 {
			j.wrong = append(j.wrong, pathV1Beta2+" of type "+metaV1Condition)
		}
		need(&j.wrong, "GetV1Beta2Conditions", true, condMetaV1)
		need(&j.wrong, "SetV1Beta2Conditions", false, condMetaV1)
	default:
		// Another type at status.conditions, or conditions only at the
		// stage-1 or deprecated paths: no stage of the guide.
		return nil
	}
	return j
}

// method says what is wrong with the method name of ms (a getter returning,
// or a setter taking, conditions of kind want): "" when nothing.
func method(ms *types.MethodSet, name string, getter bool, want condKind) string {
	wantType := map[condKind]string{condMetaV1: metaV1Condition, condV1Beta1: v1beta1Conds, condDeprecated: deprecatedConds}[want]
	s := ms.Lookup(nil, name)
	if s == nil {
		return "the method " + sig(name, getter, wantType)
	}
	fn, ok := s.Obj().(*types.Func)
	if !ok {
		return "the method " + sig(name, getter, wantType)
	}
	st := fn.Type().(*types.Signature)
	var got types.Type
	switch {
	case getter && st.Params().Len() == 0 && st.Results().Len() == 1:
		got = st.Results().At(0).Type()
	case !getter && st.Params().Len() == 1 && st.Results().Len() == 0 && !st.Variadic():
		got = st.Params().At(0).Type()
	}
	if got != nil && kindOf(got) == want {
		return ""
	}
	return fmt.Sprintf("the method %s (it has %s%s)", sig(name, getter, wantType), name, strings.TrimPrefix(types.TypeString(unnamed(st), qualifier), "func"))
}

func sig(name string, getter bool, t string) string {
	if getter {
		return name + "() " + t
	}
	return name + "(" + t + ")"
}

// qualifier names packages as the guide does.
func qualifier(p *types.Package) string {
	switch p.Path() {
	case contract.PkgMetaV1:
		return "metav1"
	case contract.PkgClusterV1Beta1, contract.PkgClusterV1Beta1Old:
		return "clusterv1beta1"
	case contract.PkgClusterV1:
		return "clusterv1"
	}
	return p.Name()
}

// unnamed is sig without its parameter and result names.
func unnamed(sig *types.Signature) *types.Signature {
	strip := func(t *types.Tuple) *types.Tuple {
		vars := make([]*types.Var, t.Len())
		for i := range vars {
			vars[i] = types.NewParam(t.At(i).Pos(), t.At(i).Pkg(), "", t.At(i).Type())
		}
		return types.NewTuple(vars...)
	}
	return types.NewSignatureType(nil, nil, nil, strip(sig.Params()), strip(sig.Results()), sig.Variadic())
}

// fieldPath finds the field at the JSON path (from "status.") below the
// status type, or nil.
func fieldPath(status types.Type, path string) *types.Var {
	var v *types.Var
	t := status
	for seg := range strings.SplitSeq(strings.TrimPrefix(path, "status."), ".") {
		f, ok := fieldAt(t, seg)
		if !ok {
			return nil
		}
		v, t = f, f.Type()
	}
	return v
}

// fieldAt finds the field of struct type t whose JSON name is name,
// through embedded inline structs.
func fieldAt(t types.Type, name string) (*types.Var, bool) {
	st, ok := types.Unalias(derefType(t)).Underlying().(*types.Struct)
	if !ok {
		return nil, false
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		tag := reflect.StructTag(st.Tag(i)).Get("json")
		jsonName, _, _ := strings.Cut(tag, ",")
		if jsonName == "-" {
			continue
		}
		if f.Embedded() && jsonName == "" {
			if v, ok := fieldAt(f.Type(), name); ok {
				return v, true
			}
			continue
		}
		if jsonName == "" {
			jsonName = f.Name()
		}
		if jsonName == name {
			return f, true
		}
	}
	return nil, false
}

func derefType(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// isMetaV1Conditions reports whether t is []metav1.Condition (or a named
// type of it).
func isMetaV1Conditions(t types.Type) bool {
	sl, ok := types.Unalias(t).Underlying().(*types.Slice)
	if !ok {
		return false
	}
	return isNamed(sl.Elem(), contract.PkgMetaV1, "Condition")
}

// isV1Beta1Conditions reports whether t is Cluster API's v1beta1
// Conditions type (or a slice of its Condition).
func isV1Beta1Conditions(t types.Type) bool {
	if isNamed(t, contract.PkgClusterV1Beta1, "Conditions") || isNamed(t, contract.PkgClusterV1Beta1Old, "Conditions") {
		return true
	}
	sl, ok := types.Unalias(t).Underlying().(*types.Slice)
	return ok && (isNamed(sl.Elem(), contract.PkgClusterV1Beta1, "Condition") || isNamed(sl.Elem(), contract.PkgClusterV1Beta1Old, "Condition"))
}

func isNamed(t types.Type, pkg, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}
