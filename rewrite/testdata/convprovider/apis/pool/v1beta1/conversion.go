package v1beta1

import (
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	v1beta2 "example.com/convprovider/apis/pool/v1beta2"
)

// ConvertTo converts this FooMachinePool to the Hub version (v1beta2).
func (src *FooMachinePool) ConvertTo(dstRaw conversion.Hub) error {
	dst := dstRaw.(*v1beta2.FooMachinePool)
	return Convert_v1beta1_FooMachinePool_To_v1beta2_FooMachinePool(src, dst, nil)
}

// ConvertFrom converts from the Hub version (v1beta2) to this version.
func (dst *FooMachinePool) ConvertFrom(srcRaw conversion.Hub) error {
	src := srcRaw.(*v1beta2.FooMachinePool)
	return Convert_v1beta2_FooMachinePool_To_v1beta1_FooMachinePool(src, dst, nil)
}
