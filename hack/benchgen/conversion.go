package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/mpaudit/mpaudit/internal/convgen"
)

const (
	apiConversionPath  = "k8s.io/apimachinery/pkg/conversion"
	crConversionPath   = "sigs.k8s.io/controller-runtime/pkg/conversion"
	utilConversionPath = "sigs.k8s.io/cluster-api/util/conversion"
)

// genSpokeConversions writes what a provider keeps next to a v1beta1 spoke
// converted by conversion-gen: the doc.go tag naming the hub, and the
// hand-written conversion.go (ConvertTo/ConvertFrom hub methods, which
// keep the hub's own data in Cluster API's conversion-data annotation, and
// the Convert_ functions for what conversion-gen cannot map).
func genSpokeConversions(w *writer, g group) {
	spoke, hub := apiRef{g, "v1beta1"}, apiRef{g, "v1beta2"}
	dir := g.dir() + "/" + spoke.version
	w.raw(dir+"/doc.go", []byte("// +k8s:conversion-gen="+hub.path()+"\n\npackage "+spoke.version+"\n"))

	f := newFile(spoke.version, "")
	f.use(apiConversionPath, "apiconversion")
	f.use(metav1Path, "metav1")
	f.use("k8s.io/api/core/v1", "corev1")
	f.use(capiV1b1Path, "clusterv1beta1")
	f.use(utilConversionPath, "utilconversion")
	f.use(crConversionPath, "")
	f.use(hub.path(), "v1beta2")
	vars := map[string]string{"K": g.Kind(), "C": g.Cluster()}
	// Dual hubs have status.initialization already: it is restored with the
	// rest of the hub's own data, and provisioned follows ready.
	restore, toHub, fromHub := "", "", ""
	if g.dual {
		restore = "\tdst.Status.Initialization = restored.Status.Initialization\n"
		toHub = `	if in.Ready {
		provisioned := true
		out.Initialization.Provisioned = &provisioned
	}
`
		fromHub = `	// in.Initialization exists only in the hub; ConvertFrom keeps it.
	if p := in.Initialization.Provisioned; p != nil && *p {
		out.Ready = true
	}
`
	}
	f.p(expand(`// ConvertTo converts this $K to the Hub version (v1beta2).
func (src *$K) ConvertTo(dstRaw conversion.Hub) error {
	dst := dstRaw.(*v1beta2.$K)
	if err := Convert_v1beta1_$K_To_v1beta2_$K(src, dst, nil); err != nil {
		return err
	}

	// Manually restore data.
	restored := &v1beta2.$K{}
	if ok, err := utilconversion.UnmarshalData(src, restored); err != nil || !ok {
		return err
	}
	dst.Status.Conditions = restored.Status.Conditions
`+restore+`	return nil
}

// ConvertFrom converts from the Hub version (v1beta2) to this version.
func (dst *$K) ConvertFrom(srcRaw conversion.Hub) error {
	src := srcRaw.(*v1beta2.$K)
	if err := Convert_v1beta2_$K_To_v1beta1_$K(src, dst, nil); err != nil {
		return err
	}

	// Preserve Hub data on down-conversion except for metadata.
	return utilconversion.MarshalData(src, dst)
}

// Convert_v1beta1_$KStatus_To_v1beta2_$KStatus keeps the v1beta1
// conditions and failure fields under status.deprecated.v1beta1.
func Convert_v1beta1_$KStatus_To_v1beta2_$KStatus(in *$KStatus, out *v1beta2.$KStatus, s apiconversion.Scope) error {
	if err := autoConvert_v1beta1_$KStatus_To_v1beta2_$KStatus(in, out, s); err != nil {
		return err
	}
	out.Conditions = nil
	if in.Conditions != nil || in.FailureReason != nil || in.FailureMessage != nil {
		out.Deprecated = &v1beta2.$KDeprecatedStatus{V1Beta1: &v1beta2.$KV1Beta1DeprecatedStatus{
			Conditions:     in.Conditions,
			FailureReason:  in.FailureReason,
			FailureMessage: in.FailureMessage,
		}}
	}
`+toHub+`	return nil
}

// Convert_v1beta2_$KStatus_To_v1beta1_$KStatus reads the v1beta1
// fields back from status.deprecated.v1beta1; the hub's conditions are
// kept by ConvertFrom.
func Convert_v1beta2_$KStatus_To_v1beta1_$KStatus(in *v1beta2.$KStatus, out *$KStatus, s apiconversion.Scope) error {
	if err := autoConvert_v1beta2_$KStatus_To_v1beta1_$KStatus(in, out, s); err != nil {
		return err
	}
	out.Conditions = nil
	if in.Deprecated != nil && in.Deprecated.V1Beta1 != nil {
		out.Conditions = in.Deprecated.V1Beta1.Conditions
		out.FailureReason = in.Deprecated.V1Beta1.FailureReason
		out.FailureMessage = in.Deprecated.V1Beta1.FailureMessage
	}
`+fromHub+`	return nil
}

// Convert_v1beta1_Condition_To_v1_Condition maps a v1beta1 condition to a
// metav1 one (the severity has no place there); conversion-gen uses it for
// every condition list.
func Convert_v1beta1_Condition_To_v1_Condition(in *clusterv1beta1.Condition, out *metav1.Condition, _ apiconversion.Scope) error {
	out.Type = string(in.Type)
	out.Status = metav1.ConditionStatus(in.Status)
	out.LastTransitionTime = in.LastTransitionTime
	out.Reason = in.Reason
	out.Message = in.Message
	return nil
}

// Convert_v1_Condition_To_v1beta1_Condition maps a metav1 condition back.
func Convert_v1_Condition_To_v1beta1_Condition(in *metav1.Condition, out *clusterv1beta1.Condition, _ apiconversion.Scope) error {
	out.Type = clusterv1beta1.ConditionType(in.Type)
	out.Status = corev1.ConditionStatus(in.Status)
	out.LastTransitionTime = in.LastTransitionTime
	out.Reason = in.Reason
	out.Message = in.Message
	return nil
}
`, vars))
	if g.dual {
		// The migrated hub cluster has status.initialization, which v1beta1
		// has no place for (status.ready says the same).
		f.p(expand(`
// Convert_v1beta2_$CStatus_To_v1beta1_$CStatus drops status.initialization.
func Convert_v1beta2_$CStatus_To_v1beta1_$CStatus(in *v1beta2.$CStatus, out *$CStatus, s apiconversion.Scope) error {
	return autoConvert_v1beta2_$CStatus_To_v1beta1_$CStatus(in, out, s)
}
`, vars))
	}
	w.goFile(dir+"/conversion.go", f)
}

// generateConversions runs conversion-gen on each spoke, as the provider's
// make generate would (one package a run: the spokes declare the same
// condition conversions, which conversion-gen refuses in one run).
func generateConversions(out string, m *model) error {
	abs, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	for _, g := range m.groups {
		spoke, hub := apiRef{g, "v1beta1"}, apiRef{g, "v1beta2"}
		if _, err := convgen.Generate(abs, []string{"GOWORK=off", "GOFLAGS=-mod=readonly"}, []string{spoke.path()}, []string{hub.path()}, ""); err != nil {
			return err
		}
		if _, err := os.Stat(filepath.Join(abs, filepath.FromSlash(g.dir()+"/"+spoke.version), convgen.File)); err != nil {
			return fmt.Errorf("conversion-gen wrote no %s for %s: %w", convgen.File, spoke.path(), err)
		}
	}
	return nil
}
