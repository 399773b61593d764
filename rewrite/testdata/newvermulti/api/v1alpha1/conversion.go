package v1alpha1

import (
	apiconversion "k8s.io/apimachinery/pkg/conversion"
	utilconversion "sigs.k8s.io/cluster-api/util/conversion"
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	infrav1 "example.com/newvermulti/api/v1alpha2"
)

// ConvertTo converts this FooCluster to the Hub version (v1alpha2).
func (src *FooCluster) ConvertTo(dstRaw conversion.Hub) error {
	dst := dstRaw.(*infrav1.FooCluster)
	if err := Convert_v1alpha1_FooCluster_To_v1alpha2_FooCluster(src, dst, nil); err != nil {
		return err
	}
	// Manually restore data.
	restored := &infrav1.FooCluster{}
	if ok, err := utilconversion.UnmarshalData(src, restored); err != nil || !ok {
		return err
	}
	dst.Spec.Zone = restored.Spec.Zone
	return nil
}

// ConvertFrom converts from the Hub version (v1alpha2) to this version.
func (dst *FooCluster) ConvertFrom(srcRaw conversion.Hub) error {
	src := srcRaw.(*infrav1.FooCluster)
	if err := Convert_v1alpha2_FooCluster_To_v1alpha1_FooCluster(src, dst, nil); err != nil {
		return err
	}
	return utilconversion.MarshalData(src, dst)
}

// ConvertTo converts this FooClusterList to the Hub version (v1alpha2).
func (src *FooClusterList) ConvertTo(dstRaw conversion.Hub) error {
	dst := dstRaw.(*infrav1.FooClusterList)
	return Convert_v1alpha1_FooClusterList_To_v1alpha2_FooClusterList(src, dst, nil)
}

// ConvertFrom converts from the Hub version (v1alpha2) to this version.
func (dst *FooClusterList) ConvertFrom(srcRaw conversion.Hub) error {
	src := srcRaw.(*infrav1.FooClusterList)
	return Convert_v1alpha2_FooClusterList_To_v1alpha1_FooClusterList(src, dst, nil)
}

// ConvertTo converts this FooMachine to the Hub version (v1alpha2).
func (src *FooMachine) ConvertTo(dstRaw conversion.Hub) error {
	dst := dstRaw.(*infrav1.FooMachine)
	return Convert_v1alpha1_FooMachine_To_v1alpha2_FooMachine(src, dst, nil)
}

// ConvertFrom converts from the Hub version (v1alpha2) to this version.
func (dst *FooMachine) ConvertFrom(srcRaw conversion.Hub) error {
	src := srcRaw.(*infrav1.FooMachine)
	return Convert_v1alpha2_FooMachine_To_v1alpha1_FooMachine(src, dst, nil)
}

// ConvertTo converts this FooMachineList to the Hub version (v1alpha2).
func (src *FooMachineList) ConvertTo(dstRaw conversion.Hub) error {
	dst := dstRaw.(*infrav1.FooMachineList)
	return Convert_v1alpha1_FooMachineList_To_v1alpha2_FooMachineList(src, dst, nil)
}

// ConvertFrom converts from the Hub version (v1alpha2) to this version.
func (dst *FooMachineList) ConvertFrom(srcRaw conversion.Hub) error {
	src := srcRaw.(*infrav1.FooMachineList)
	return Convert_v1alpha2_FooMachineList_To_v1alpha1_FooMachineList(src, dst, nil)
}

// Convert_v1alpha2_FooClusterSpec_To_v1alpha1_FooClusterSpec drops the zone, which v1alpha1 lacks (ConvertFrom keeps it).
func Convert_v1alpha2_FooClusterSpec_To_v1alpha1_FooClusterSpec(in *infrav1.FooClusterSpec, out *FooClusterSpec, s apiconversion.Scope) error {
	return autoConvert_v1alpha2_FooClusterSpec_To_v1alpha1_FooClusterSpec(in, out, s)
}
