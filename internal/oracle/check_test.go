package oracle

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
)

// TestRecordMatchesCheck checks the static check's readiness severities
// against the recorded outcomes, without running core: for each readiness
// case whose readiness fields are all true (what a provider type with
// just those fields sets once ready), the rules `mpaudit check` reports on
// such a type, judged at that release under that label, include an error
// exactly when core did not see the object provisioned (the severity
// policy: an error is what core at the target misreads).
func TestRecordMatchesCheck(t *testing.T) {
	record, err := ReadRecord(RecordFile)
	if err != nil {
		t.Fatal(err)
	}
	type key struct{ kind, label, name string }
	type object struct {
		p  *Probe
		ls LabelSet
		c  Case
	}
	objs := map[key]object{}
	for _, p := range Probes {
		for _, ls := range p.LabelSets() {
			for _, c := range p.Cases() {
				objs[key{p.Kind.Name, ls.Name, c.Name}] = object{p, ls, c}
			}
		}
	}
	checked := 0
	for _, o := range record {
		x, ok := objs[key{o.Kind, o.Label, o.Case}]
		if !ok {
			t.Errorf("%s: no such kind, case or label set", o.Key())
			continue
		}
		fields, ready := readinessFields(x.p, x.c)
		if !ready || !o.Resolved || !o.Settled {
			continue // not ready, or core never read it (the label rules' findings)
		}
		// The core object of this release shows no readiness (a v1.10
		// Cluster's control plane initialization).
		if mirror(x.p, o.Release, string(contract.ContractsKnownBy(o.Release)[0]), contract.AspectReadiness) == nil {
			continue
		}
		rules, ctx, err := checkReadiness(x.p.Kind, o.Release, x.ls, fields)
		if err != nil {
			t.Errorf("%s: %v", o.Key(), err)
			continue
		}
		checked++
		worst, why := contract.Off, []string{}
		for _, id := range rules {
			sev := contract.MustRule(id).Severity(ctx)
			worst = max(worst, sev)
			why = append(why, fmt.Sprintf("%s %s", id, sev))
		}
		if o.Provisioned == (worst == contract.Error) {
			t.Errorf("%s: core saw it provisioned: %v, but check reports a type with %v: %s",
				o.Key(), o.Provisioned, fields, strings.Join(why, ", "))
		}
	}
	if checked == 0 {
		t.Fatal("no recorded readiness case was checked")
	}
	t.Logf("%d recorded ready objects checked against the static check's severities", checked)
}

// readinessFields are the boolean status fields case c sets (the readiness
// fields a provider type needs to set it), and whether it is a ready
// object: every one of them true and, apart from them, the object is the
// probe's base for its readiness cases (with its providerID or
// dataSecretName), so core's conclusion depends on readiness alone.
func readinessFields(p *Probe, c Case) ([]string, bool) {
	var paths []string
	ready := true
	stripped := stripBools(p.Kind, contract.ObjectStatus, c.Status, func(path string, v bool) {
		paths = append(paths, path)
		ready = ready && v
	})
	base := p.Cases()[0] // readinessCases come first, the all-unset one first
	if !reflect.DeepEqual(c.Spec, base.Spec) || !reflect.DeepEqual(stripped, stripBools(p.Kind, contract.ObjectStatus, base.Status, func(string, bool) {})) {
		return nil, false
	}
	return paths, ready
}

// stripBools is m without the boolean fields that are points of kind k
// (and maps left empty), which it passes to seen with their dot paths
// under prefix.
func stripBools(k *contract.Kind, prefix string, m map[string]any, seen func(string, bool)) map[string]any {
	out := map[string]any{}
	for name, v := range m {
		path := prefix + "." + name
		switch v := v.(type) {
		case bool:
			if isPoint(k, path) {
				seen(path, v)
			} else {
				out[name] = v
			}
		case map[string]any:
			if s := stripBools(k, path, v, seen); len(s) > 0 {
				out[name] = s
			}
		default:
			out[name] = v
		}
	}
	return out
}

// checkReadiness is what the static check decides for a type of kind k
// with just the readiness fields at paths, the API version core release r
// reads for label set ls: the readiness rule (contract.ReadinessRule) and
// the points read in place of another it lacks (contract.UnreadInPlace),
// with the rule context the analyzer gives such a type.
func checkReadiness(k *contract.Kind, r contract.Release, ls LabelSet, paths []string) ([]string, contract.Context, error) {
	has := func(path string) bool { return slices.Contains(paths, path) }
	if _, _, ok := k.ReadinessPair(); !ok {
		return nil, contract.Context{}, fmt.Errorf("%s has no readiness pair", k.Name)
	}
	core, err := contract.BehaviourFor(string(r))
	if err != nil {
		return nil, contract.Context{}, err
	}
	// The type is the version core reads: judged against its label
	// (kindfinder's Judgement, TypeRef.Context).
	label, _, err := contract.ResolveContractAt(ls.Labels, r)
	if err != nil {
		return nil, contract.Context{}, err
	}
	rule, _ := contract.ReadinessRule(k, r, label, has)
	rules := []string{rule}
	if k == &contract.InfraMachinePool {
		// A pool is judged without its label (kindfinder.Result.Context).
		return rules, contract.Context{Core: core, Release: r}, nil
	}
	missing, err := contract.UnreadInPlace(k, r, label, has)
	if err != nil {
		return nil, contract.Context{}, err
	}
	for range missing {
		rules = append(rules, contract.RuleKindReadInPlace)
	}
	return rules, contract.Context{Core: core, Release: r, Label: label}, nil
}

func isPoint(k *contract.Kind, path string) bool {
	for _, c := range []contract.Contract{contract.V1Beta1, contract.V1Beta2} {
		if _, ok := k.Point(c, path); ok {
			return true
		}
	}
	return false
}
