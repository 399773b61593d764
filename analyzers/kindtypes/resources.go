package kindtypes

import (
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/emit"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

const metav1Path = "k8s.io/apimachinery/pkg/apis/meta/v1"

// checkResources judges what every contract page asks of each classified
// root type, templates and pools included: TypeMeta and ObjectMeta
// (MPA133), its list type (MPA134), a template's name (MPA135) and the
// template core stamps machines from (MPA136).
func checkResources(pass *analysis.Pass, em *emit.Emitter, res *kindfinder.Result) {
	var declared []string
	for _, d := range res.Declared {
		declared = append(declared, d.Kind)
	}
	for _, t := range res.Types {
		ctx := contract.Context{Spoke: !t.Storage}
		note := ""
		if !t.Storage {
			note = " (a conversion spoke: info)"
		}
		at := func(pos token.Pos, rule, field, format string, args ...any) {
			em.At(pos, report.Finding{Rule: rule, Severity: contract.MustRule(rule).Severity(ctx), Kind: t.Kind, Type: t.Type,
				APIVersion: t.APIVersion(), Field: field, Message: fmt.Sprintf(format, args...) + note, Spoke: ctx.Spoke})
		}
		if missing := missingMeta(t.Obj.Type()); len(missing) > 0 {
			at(t.Obj.Pos(), contract.RuleKindObjectMeta, "metadata",
				"%s does not embed %s: core cannot read it as a Kubernetes object; embed metav1.TypeMeta (json:\",inline\") and metav1.ObjectMeta (json:\"metadata\")",
				t.Kind, strings.Join(missing, " and "))
		}
		listName := t.Kind + contract.ListSuffix
		list, _ := pass.Pkg.Scope().Lookup(listName).(*types.TypeName)
		switch {
		case list == nil && res.Registered[t.Kind]:
			at(t.Obj.Pos(), contract.RuleKindListType, "items",
				"%s is registered in a scheme but the package declares no %s: add %s with Items []%s and register it beside %s",
				t.Kind, listName, listName, t.Kind, t.Kind)
		case list != nil && !itemsOf(list.Type(), t.Obj):
			at(list.Pos(), contract.RuleKindListType, "items",
				"%s has no Items []%s (json:\"items\"): give it Items []%s so clients can list %s through it",
				listName, t.Kind, t.Kind, t.Kind)
		case list != nil && res.Registered[t.Kind] && !res.Registered[listName]:
			at(list.Pos(), contract.RuleKindListType, "items",
				"%s is registered in a scheme but %s is not: register %s beside it, as controller-runtime lists %s through it",
				t.Kind, listName, listName, t.Kind)
		}
		if t.Catalog.IsTemplate() {
			base := strings.TrimSuffix(t.Kind, contract.TemplateSuffix)
			if !slices.Contains(declared, base) {
				at(t.Obj.Pos(), contract.RuleKindTemplateName, "",
					"%s stamps %s objects at %s (core drops the Template suffix), but this API version declares no %s: name the template after its %s (<%s>Template) or add %s",
					t.Kind, base, t.APIVersion(), base, t.Catalog.TemplateOf, t.Catalog.TemplateOf, base)
			}
		} else if t.Catalog.NeedsTemplate(t.Kind) && !slices.Contains(declared, t.Kind+contract.TemplateSuffix) {
			at(t.Obj.Pos(), contract.RuleKindTemplateMissing, "",
				"this API version declares no %s%s for %s: add it, as MachineDeployments and MachineSets stamp each Machine's %s from it",
				t.Kind, contract.TemplateSuffix, t.Kind, t.Catalog.Name)
		}
	}
}

// missingMeta names the object metadata a root type lacks: metav1.TypeMeta
// embedded inline, metav1.ObjectMeta at "metadata".
func missingMeta(t types.Type) []string {
	st := kindfinder.StructOf(t)
	if st == nil {
		return []string{"metav1.TypeMeta", "metav1.ObjectMeta"}
	}
	var typeMeta, objectMeta bool
	for i := range st.NumFields() {
		f := st.Field(i)
		name, _, _ := strings.Cut(reflect.StructTag(st.Tag(i)).Get("json"), ",")
		switch {
		case isMetav1(f.Type(), "TypeMeta"):
			// encoding/json inlines only an embedded field without a name.
			typeMeta = typeMeta || (f.Embedded() && name == "")
		case isMetav1(f.Type(), "ObjectMeta"):
			objectMeta = objectMeta || name == "metadata"
		}
	}
	var out []string
	if !typeMeta {
		out = append(out, "metav1.TypeMeta")
	}
	if !objectMeta {
		out = append(out, "metav1.ObjectMeta")
	}
	return out
}

func isMetav1(t types.Type, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == name && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == metav1Path
}

// itemsOf reports whether list has Items []T (or []*T) of the root type obj
// at json "items".
func itemsOf(list types.Type, obj *types.TypeName) bool {
	f, ok := kindfinder.FieldByJSON(list, "items")
	if !ok {
		return false
	}
	s, ok := f.Var.Type().Underlying().(*types.Slice)
	return ok && types.Identical(kindfinder.Deref(s.Elem()), obj.Type())
}
