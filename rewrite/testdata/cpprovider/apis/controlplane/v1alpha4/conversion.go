package v1alpha4

import (
	apimachineryconversion "k8s.io/apimachinery/pkg/conversion"
	utilconversion "sigs.k8s.io/cluster-api/util/conversion"
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	v1beta2 "example.com/cpprovider/apis/controlplane/v1beta2"
)

// ConvertTo converts this FooControlPlane to the Hub version (v1beta2).
func (src *FooControlPlane) ConvertTo(dstRaw conversion.Hub) error {
	dst := dstRaw.(*v1beta2.FooControlPlane)

	if err := Convert_v1alpha4_FooControlPlane_To_v1beta2_FooControlPlane(src, dst, nil); err != nil {
		return err
	}

	// Manually restore data.
	restored := &v1beta2.FooControlPlane{}
	if ok, err := utilconversion.UnmarshalData(src, restored); err != nil || !ok {
		return err
	}

	dst.Spec.MachineNamingStrategy = restored.Spec.MachineNamingStrategy

	return nil
}

// ConvertFrom converts from the Hub version (v1beta2) to this version.
func (dst *FooControlPlane) ConvertFrom(srcRaw conversion.Hub) error {
	src := srcRaw.(*v1beta2.FooControlPlane)

	if err := Convert_v1beta2_FooControlPlane_To_v1alpha4_FooControlPlane(src, dst, nil); err != nil {
		return err
	}

	// Preserve Hub data on down-conversion except for metadata
	return utilconversion.MarshalData(src, dst)
}

// Convert_v1beta2_FooControlPlaneSpec_To_v1alpha4_FooControlPlaneSpec drops machineNamingStrategy, which ConvertTo restores.
func Convert_v1beta2_FooControlPlaneSpec_To_v1alpha4_FooControlPlaneSpec(in *v1beta2.FooControlPlaneSpec, out *FooControlPlaneSpec, s apimachineryconversion.Scope) error {
	return autoConvert_v1beta2_FooControlPlaneSpec_To_v1alpha4_FooControlPlaneSpec(in, out, s)
}

// Convert_v1beta2_FooControlPlaneStatus_To_v1alpha4_FooControlPlaneStatus converts the status.
func Convert_v1beta2_FooControlPlaneStatus_To_v1alpha4_FooControlPlaneStatus(in *v1beta2.FooControlPlaneStatus, out *FooControlPlaneStatus, s apimachineryconversion.Scope) error {
	return autoConvert_v1beta2_FooControlPlaneStatus_To_v1alpha4_FooControlPlaneStatus(in, out, s)
}
