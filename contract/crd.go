package contract

import (
	"fmt"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/version"
	capicontract "sigs.k8s.io/cluster-api/util/contract"
)

// LabelPrefix is the prefix of contract labels on provider CRDs.
const LabelPrefix = "cluster.x-k8s.io/"

// LabelKey is the CRD label that declares a contract version.
func LabelKey(contractVersion string) string { return LabelPrefix + contractVersion }

// CRDName is the name Cluster API looks a CRD up by.
func CRDName(group, kind string) string { return capicontract.CalculateCRDName(group, kind) }

// CRDInfo is what the CRD rules look at, whether read from a repo or a cluster.
type CRDInfo struct {
	Name     string
	Group    string
	Kind     string
	Scope    string
	Versions []CRDVersion
	Labels   map[string]string
}

// CRDVersion is one entry of spec.versions.
type CRDVersion struct {
	Name    string
	Served  bool
	Storage bool
}

// StorageVersion returns the version marked storage, or "".
func (c CRDInfo) StorageVersion() string {
	for _, v := range c.Versions {
		if v.Storage {
			return v.Name
		}
	}
	return ""
}

func (c CRDInfo) version(name string) (CRDVersion, bool) {
	for _, v := range c.Versions {
		if v.Name == name {
			return v, true
		}
	}
	return CRDVersion{}, false
}

// resolveLabels walks contracts (highest first) as core does and picks the
// highest kube-aware API version of the first non-empty label.
func resolveLabels(labels map[string]string, contracts []string) (contractVersion, apiVersion string, err error) {
	for _, cv := range contracts {
		value := labels[LabelKey(cv)]
		if value == "" {
			continue
		}
		versions := strings.Split(value, "_")
		sort.Slice(versions, func(i, j int) bool {
			return version.CompareKubeAwareVersionStrings(versions[i], versions[j]) > 0
		})
		return cv, versions[0], nil
	}
	return "", "", fmt.Errorf("no non-empty %s label among contract versions %v", LabelPrefix+"<contract>", contracts)
}

// Violation is one CRD rule that a CRD breaks.
type Violation struct {
	Rule     string
	Severity Severity
	Field    string
	Message  string
	// Version is the API version whose schema the violation judged, when
	// the rule names one (the pool schema rules); "" otherwise.
	Version string
}

// readyOnlyLabelChecks are EvaluateKindCRD's checks of name, scope and
// labels for a kind core resolves by the newest label the release honours
// and reads by status.ready whatever the label (an InfraMachinePool): the
// rules with their own IDs for that kind (MPA301–MPA305). Each is reported
// only for the kinds its rule applies to.
func readyOnlyLabelChecks(crd CRDInfo, k *Kind, release Release, core CoreBehaviour) []Violation {
	ctx := Context{Core: core}
	var out []Violation
	add := func(id, field string, sev Severity, format string, args ...any) {
		if sev == Off || !MustRule(id).AppliesTo(k) {
			return
		}
		out = append(out, Violation{Rule: id, Severity: sev, Field: field, Message: fmt.Sprintf(format, args...)})
	}

	if want := CRDName(crd.Group, crd.Kind); crd.Name != want {
		add(RuleCRDName, "metadata.name", MustRule(RuleCRDName).Severity(ctx),
			"Cluster API looks this CRD up by another name: rename it %q", want)
	}
	if crd.Scope != "" && crd.Scope != "Namespaced" {
		add(RuleCRDScope, "spec.scope", MustRule(RuleCRDScope).Severity(ctx),
			"CRD scope is %s; contract resources must be Namespaced", crd.Scope)
	}

	v2, v1 := crd.Labels[LabelKey(V1Beta2)], crd.Labels[LabelKey(V1Beta1)]
	switch {
	case v2 == "" && v1 == "":
		add(RuleLabelMissing, "metadata.labels", MustRule(RuleLabelMissing).Severity(ctx),
			"no contract label, so no reference to it resolves: add %s",
			LabelKey(V1Beta2))
	case v2 == "":
		add(RuleLabelV1Beta1Only, "metadata.labels["+LabelKey(V1Beta2)+"]", MustRule(RuleLabelV1Beta1Only).Severity(ctx),
			"only the v1beta1 label, dropped in %s: add it once the types meet v1beta2",
			strings.TrimSuffix(string(ReleaseV1Beta1Dropped), ".0"))
	}

	// Resolved as the release does: a core before v1.11 reads only the v1beta1 label.
	chosen, chosenVersion, err := ResolveContractAt(crd.Labels, release)
	chosenContract := string(chosen)
	if err == nil && len(crd.Versions) > 0 {
		if v, ok := crd.version(chosenVersion); !ok || !v.Served {
			state := "does not define"
			if ok {
				state = "does not serve"
			}
			add(RuleLabelVersion, "metadata.labels["+LabelKey(chosenContract)+"]", MustRule(RuleLabelVersion).Severity(ctx),
				"Cluster API will read %s at version %s (from label %s=%s), but the CRD %s that version",
				crd.Kind, chosenVersion, LabelKey(chosenContract), crd.Labels[LabelKey(chosenContract)], state)
		}
	}
	if len(crd.Versions) > 0 {
		keys := make([]string, 0, len(crd.Labels))
		for k := range crd.Labels {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, key := range keys {
			cv := strings.TrimPrefix(key, LabelPrefix)
			if !strings.HasPrefix(key, LabelPrefix) || (cv != V1Beta1 && cv != V1Beta2) {
				continue
			}
			for name := range strings.SplitSeq(crd.Labels[key], "_") {
				if name == "" || (cv == chosenContract && name == chosenVersion) {
					continue
				}
				if v, ok := crd.version(name); !ok || !v.Served {
					state := "is not a version of the CRD"
					if ok {
						state = "is not served by the CRD"
					}
					add(RuleLabelVersion, "metadata.labels["+key+"]", MustRule(RuleLabelVersion).Severity(Context{Core: core, Advisory: true}),
						"label %s=%s names %s, which %s (advisory: Cluster API does not read it)", key, crd.Labels[key], name, state)
				}
			}
		}
	}
	return out
}
