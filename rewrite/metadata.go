package rewrite

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/crdconfig"
	"github.com/mpaudit/mpaudit/report"
)

// clusterctl's metadata.yaml maps release series to the contract they
// implement. A series listed there is released (or being released) with
// that contract, and clusterctl plans installs by it: the rewrite never
// edits a series. When every contract CRD of the module then carries the
// v1beta2 label and no supported core is older than v1.11 (clusterctl
// installs only v1beta1 series on those), the PR body proposes the next
// series with contract v1beta2; otherwise it says why the series stay.

const metadataFile = "metadata.yaml"

// alignMetadata runs after the labels of the pass are placed.
func alignMetadata(st *stage, rep *report.Report, configs map[string]*crdconfig.Result, lp *labelPass) error {
	path := filepath.Join(st.dir, metadataFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	contractCRDs := map[labelKey]bool{}
	for _, r := range rep.Summary.TypeRefs {
		if _, ok := contract.KindByName(r.Kind); ok {
			contractCRDs[labelKey{r.Group, r.Name}] = true
		}
	}
	var lacking, bothLabels, v1beta2Only []string
	for _, d := range sortedKeys(configs) {
		cfg, err := crdconfig.Load(d) // as the pass left it
		if err != nil {
			return err
		}
		for _, crd := range cfg.CRDs {
			// A CRD with a contract label is one too, audited or not (a
			// rewrite of some packages sees only their kinds).
			labelled1 := crd.Labels[contract.LabelKey(contract.V1Beta1)] != ""
			if !contractCRDs[labelKey{crd.Group, crd.Kind}] && !labelled1 {
				continue
			}
			switch {
			case crd.Labels[contract.LabelKey(contract.V1Beta2)] == "":
				lacking = append(lacking, crd.Name)
			case labelled1:
				bothLabels = append(bothLabels, crd.Name)
			default:
				v1beta2Only = append(v1beta2Only, crd.Name)
			}
		}
	}
	if len(lacking) > 0 {
		lp.metadata = &outcomeLine{text: metadataLeft(newestContract(data), lacking, bothLabels, v1beta2Only)}
		return nil
	}
	lp.metadata = proposeSeries(data, rep.Target.Release())
	return nil
}

// proposeSeries says what metadata.yaml needs once every contract CRD has
// the v1beta2 label, for a provider whose oldest supported core is oldest.
func proposeSeries(data []byte, oldest contract.Release) *outcomeLine {
	rn, err := kyaml.Parse(string(data))
	if err != nil {
		return &outcomeLine{text: fmt.Sprintf("declare contract %s for the next release series in %s by hand (%v)", contract.V1Beta2, metadataFile, err)}
	}
	newest, series, err := newestSeries(rn)
	if err != nil {
		return &outcomeLine{text: fmt.Sprintf("declare contract %s for the next release series in %s by hand (%v)", contract.V1Beta2, metadataFile, err)}
	}
	declared := ""
	if f := newest.Field("contract"); f != nil {
		declared = f.Value.YNode().Value
	}
	if declared == contract.V1Beta2 {
		return &outcomeLine{done: true, text: fmt.Sprintf("%s already declares %s for release series %s", metadataFile, contract.V1Beta2, series)}
	}
	if !contract.Knows(oldest, contract.V1Beta2) {
		return &outcomeLine{done: true, text: fmt.Sprintf("%s keeps its release series (%s declares %s): cores from %s, the target, are supported and clusterctl installs only %s series on cores before %s; "+
			"declare %s for a new series once they are not", metadataFile, series, declaredOrNone(declared), oldest, contract.V1Beta1, contract.ReleaseV1Beta2, contract.V1Beta2)}
	}
	major, _ := intField(newest, "major")
	minor, _ := intField(newest, "minor")
	return &outcomeLine{text: fmt.Sprintf("released series keep their contract (%s declares %s in %s); for the next release add the series `{major: %d, minor: %d, contract: %s}`",
		series, declaredOrNone(declared), metadataFile, major, minor+1, contract.V1Beta2)}
}

func declaredOrNone(c string) string {
	if c == "" {
		return "no contract"
	}
	return c
}

// metadataLeft says why metadata.yaml keeps its contract and, when its
// newest series declares v1beta1 while some CRDs now carry the v1beta2
// label, what check says of them (MPA351): information while they keep
// their v1beta1 label, as the rewrite's labels do, a warning on one
// labelled v1beta2 alone. Declaring v1beta2 early would be MPA350 on the
// others, worse.
func metadataLeft(declared string, lacking, bothLabels, v1beta2Only []string) string {
	sort.Strings(lacking)
	msg := fmt.Sprintf("%s keeps its contract, since %s still lack the %s label", metadataFile, strings.Join(lacking, ", "), contract.LabelKey(contract.V1Beta2))
	if declared != contract.V1Beta1 {
		return msg
	}
	if len(bothLabels) > 0 {
		sort.Strings(bothLabels)
		msg += fmt.Sprintf("; `mpaudit check` notes %s at info on %s until then: they keep their %s label, so the release still serves cores before %s",
			contract.RuleMetadataV1Beta1Labelled, strings.Join(bothLabels, ", "), contract.LabelKey(contract.V1Beta1), contract.ReleaseV1Beta2)
	}
	if len(v1beta2Only) > 0 {
		sort.Strings(v1beta2Only)
		msg += fmt.Sprintf("; %s %s only the %s label, which cores before %s cannot resolve while the release declares %s (%s): give back its %s label",
			strings.Join(v1beta2Only, ", "), plural(len(v1beta2Only), "has", "have"), contract.LabelKey(contract.V1Beta2), contract.ReleaseV1Beta2,
			contract.V1Beta1, contract.RuleMetadataV1Beta1Labelled, contract.LabelKey(contract.V1Beta1))
	}
	return msg
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// newestContract is the contract of the newest release series ("" when
// the file does not say).
func newestContract(data []byte) string {
	rn, err := kyaml.Parse(string(data))
	if err != nil {
		return ""
	}
	newest, _, err := newestSeries(rn)
	if err != nil {
		return ""
	}
	if f := newest.Field("contract"); f != nil {
		return f.Value.YNode().Value
	}
	return ""
}

// newestSeries is the release series of the highest major.minor.
func newestSeries(rn *kyaml.RNode) (*kyaml.RNode, string, error) {
	seq := rn.Field("releaseSeries")
	if seq == nil || seq.Value.YNode().Kind != kyaml.SequenceNode {
		return nil, "", fmt.Errorf("no releaseSeries list")
	}
	items, err := seq.Value.Elements()
	if err != nil {
		return nil, "", err
	}
	var newest *kyaml.RNode
	best := [2]int{-1, -1}
	for _, it := range items {
		major, err1 := intField(it, "major")
		minor, err2 := intField(it, "minor")
		if err1 != nil || err2 != nil {
			return nil, "", fmt.Errorf("a release series without numeric major and minor")
		}
		if major > best[0] || (major == best[0] && minor > best[1]) {
			best, newest = [2]int{major, minor}, it
		}
	}
	if newest == nil {
		return nil, "", fmt.Errorf("releaseSeries is empty")
	}
	return newest, fmt.Sprintf("v%d.%d", best[0], best[1]), nil
}

func intField(rn *kyaml.RNode, name string) (int, error) {
	f := rn.Field(name)
	if f == nil {
		return 0, fmt.Errorf("no %s", name)
	}
	return strconv.Atoi(f.Value.YNode().Value)
}
