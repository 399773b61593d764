package rewrite

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// worksOnClaim matches one window of a "works on" line.
var worksOnClaim = regexp.MustCompile(`^cores (v\S+) (?:up to (v\S+)|and later) (?:read it by the (v1beta[12]) contract: (.+)|read another API version or cannot resolve its labels)$`)

// TestWorksOnAgreesWithTheCatalog: every "works on" line names, window by
// window, what the catalog says those cores read of the type, and only
// that: each claim is checked against contract.Reads at the window's first
// and last release, and every field the type has that those cores read is claimed.
func TestWorksOnAgreesWithTheCatalog(t *testing.T) {
	v1 := contract.LabelKey(string(contract.V1Beta1))
	v2 := contract.LabelKey(string(contract.V1Beta2))
	machine := report.TypeRef{Kind: contract.KindInfraMachine, Group: "infrastructure.x.example.com", Name: "FooMachine", Version: "v1alpha1", Storage: true,
		Points: []string{contract.PathReady, contract.PathInitialization, contract.PathProvisioned, contract.PathProviderID, contract.PathFailureReason, contract.PathFailureMessage, contract.PathConditions},
		Labels: map[string]string{v1: "v1alpha1", v2: "v1alpha1"}}
	pool := report.TypeRef{Kind: contract.KindInfraMachinePool, Group: "infrastructure.x.example.com", Name: "FooMachinePool", Version: "v1alpha1", Storage: true,
		Points: []string{contract.PathReady, contract.PathProvisioned, contract.PathReplicas, contract.PathProviderIDList, contract.PathFailureReason},
		Labels: map[string]string{v1: "v1alpha1", v2: "v1alpha1"}}
	cp := report.TypeRef{Kind: contract.KindControlPlane, Group: "controlplane.x.example.com", Name: "FooControlPlane", Version: "v1alpha1", Storage: true,
		Points: []string{contract.PathReady, "status.initialized", "spec.replicas", contract.PathReplicas, contract.PathFailureReason},
		Labels: map[string]string{v1: "v1alpha1"}}
	for _, core := range []string{"v1.10.4", "v1.12.0", "v1.14.2"} {
		t.Run(core, func(t *testing.T) {
			target, err := contract.TargetForVersion(core, "test")
			if err != nil {
				t.Fatal(err)
			}
			res := &Result{Target: target, After: &report.Report{Summary: report.Summary{TypeRefs: []report.TypeRef{machine, pool, cp}}},
				labels: &labelPass{flipped: map[labelKey]string{{machine.Group, machine.Name}: "v1alpha1"}, pools: map[labelKey]string{{pool.Group, pool.Name}: "v1alpha1"}},
				held:   []heldLabel{{key: labelKey{cp.Group, cp.Name}, reason: "one API version"}}}
			lines := res.worksOn()
			if len(lines) != 3 {
				t.Fatalf("lines: %q", lines)
			}
			for _, ref := range []report.TypeRef{machine, pool, cp} {
				prefix := labelKey{ref.Group, ref.Name}.String() + " " + ref.Version + " (" + ref.Kind + "): "
				i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, prefix) })
				if i < 0 {
					t.Errorf("no line for %s in %q", prefix, lines)
					continue
				}
				checkWorksOn(t, ref, contract.Release(core), strings.TrimPrefix(lines[i], prefix))
			}
		})
	}
}

func checkWorksOn(t *testing.T, ref report.TypeRef, oldest contract.Release, line string) {
	t.Helper()
	k, _ := contract.KindByName(ref.Kind)
	line, _, _ = strings.Cut(line, "; its label stays")
	covered := contract.Release("")
	for part := range strings.SplitSeq(line, "; ") {
		m := worksOnClaim.FindStringSubmatch(part)
		if m == nil {
			t.Errorf("%s: not a claim the catalog can check: %q", ref.Name, part)
			continue
		}
		from, until, label := contract.Release(m[1]), contract.Release(m[2]), contract.Contract(m[3])
		var claimed []string
		if m[4] != "" {
			claimed = strings.Split(m[4], ", ")
		}
		if covered == "" && from != oldest || covered != "" && from != covered {
			t.Errorf("%s: window from %s, want %s", ref.Name, from, max(covered, oldest))
		}
		covered = until
		// The window's first release and, when it ends, the last one before it.
		cores := []contract.Release{from}
		if until != "" {
			cores = append(cores, before(until))
		}
		for _, core := range cores {
			if got := label; contractOf(ref, core) != got {
				t.Errorf("%s: core %s reads it by %q, the line says %s", ref.Name, core, contractOf(ref, core), got)
			}
			if label == "" {
				continue
			}
			reads, err := contract.Reads(k, core, label)
			if err != nil {
				t.Fatal(err)
			}
			read := map[string]bool{}
			for _, rp := range reads {
				read[rp.Point.Path] = true
			}
			for _, p := range claimed {
				if !read[p] {
					t.Errorf("%s: the line says core %s reads %s by the %s contract; the catalog does not", ref.Name, core, p, label)
				}
			}
			for _, p := range ref.Points {
				if read[p] && !slices.Contains(claimed, p) {
					t.Errorf("%s: core %s reads %s (the catalog), the line does not say so", ref.Name, core, p)
				}
			}
		}
	}
	if covered != "" {
		t.Errorf("%s: the windows end at %s, not with the newest release", ref.Name, covered)
	}
}

// contractOf resolves the labels as the core does, independently of worksOn.
func contractOf(ref report.TypeRef, core contract.Release) contract.Contract {
	c, api, err := contract.ResolveContractAt(ref.Labels, core)
	if err != nil || api != ref.Version {
		return ""
	}
	return c
}

// before is the last release before r.
func before(r contract.Release) contract.Release {
	var major, minor, patch int
	if _, err := fmt.Sscanf(string(r), "v%d.%d.%d", &major, &minor, &patch); err != nil {
		return r
	}
	if patch > 0 {
		return contract.Release(fmt.Sprintf("v%d.%d.%d", major, minor, patch-1))
	}
	return contract.Release(fmt.Sprintf("v%d.%d.99", major, minor-1))
}
