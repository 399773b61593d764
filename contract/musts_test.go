package contract

import (
	"slices"
	"testing"
)

// TestMusts checks the MUST list against the catalog: every rule it names
// exists and judges the kind the MUST is about, each entry says how it is
// checked consistently with its rules and reasons, and every page is listed.
func TestMusts(t *testing.T) {
	var pages []string
	for _, p := range MustPages {
		pages = append(pages, p.Name)
	}
	seen := map[string]bool{}
	for i, m := range Musts {
		where := m.Page + " / " + m.Section
		if m.Section == "" || m.Text == "" || !slices.Contains(pages, m.Page) {
			t.Errorf("Musts[%d] (%s): needs a listed page, a section and a text", i, where)
		}
		seen[m.Page] = true
		k, isKind := m.MustKind()
		if m.Page != MustPageClusterctl && !isKind {
			t.Errorf("%s: kind %q is not catalogued", where, m.Kind)
		}
		for _, id := range m.Rules {
			r, ok := Lookup(id)
			switch {
			case !ok:
				t.Errorf("%s: unknown rule %s", where, id)
			case isKind && !r.AppliesTo(k):
				t.Errorf("%s: rule %s does not judge %s", where, id, k.Name)
			}
		}
		switch m.Check {
		case MustChecked:
			if len(m.Rules) == 0 {
				t.Errorf("%s: checked, but by no rule", where)
			}
		case MustPartly:
			if m.Why == "" {
				t.Errorf("%s: partly checked, but Why does not say what is left", where)
			}
		case MustNotYet:
			t.Errorf("%s: not yet checked; give it a rule, or say why none can check it", where)
		case MustUncheckable:
			if len(m.Rules) > 0 || m.Why == "" {
				t.Errorf("%s: %s, so no rules (%v) and a reason (%q)", where, m.Check, m.Rules, m.Why)
			}
		default:
			t.Errorf("%s: unknown check %q", where, m.Check)
		}
	}
	for _, p := range pages {
		if !seen[p] {
			t.Errorf("page %s has no MUST", p)
		}
	}
	// The replicas rule is checked by the rules that implement it.
	var replicas []string
	for _, m := range Musts {
		if m.Page == KindControlPlane && m.Section == "ControlPlane: replicas" {
			replicas = append(replicas, m.Rules...)
		}
	}
	for _, id := range []string{RuleControlPlaneReplicas, RuleControlPlaneScale} {
		if !slices.Contains(replicas, id) {
			t.Errorf("ControlPlane: replicas does not name %s", id)
		}
	}
}
