package v1beta1

import (
	"fmt"

	"k8s.io/apimachinery/pkg/conversion"
	utilconversion "sigs.k8s.io/cluster-api/util/conversion"
	ctrlconversion "sigs.k8s.io/controller-runtime/pkg/conversion"

	bootstrapv1beta2 "example.com/bootconvprovider/apis/bootstrap/v1beta2"
)

// ConvertTo converts this FooConfig to the hub.
func (c *FooConfig) ConvertTo(dstRaw ctrlconversion.Hub) error {
	dst := dstRaw.(*bootstrapv1beta2.FooConfig)
	if err := Convert_v1beta1_FooConfig_To_v1beta2_FooConfig(c, dst, nil); err != nil {
		return fmt.Errorf("converting FooConfig v1beta1 to v1beta2: %w", err)
	}

	restored := &bootstrapv1beta2.FooConfig{}
	if ok, err := utilconversion.UnmarshalData(c, restored); err != nil {
		return fmt.Errorf("unmarshalling stored conversion data: %w", err)
	} else if !ok {
		// No stored data.
		return nil
	}

	dst.Spec.ImageRegistry = restored.Spec.ImageRegistry
	return nil
}

// ConvertFrom converts the hub to this FooConfig.
func (c *FooConfig) ConvertFrom(srcRaw ctrlconversion.Hub) error {
	src := srcRaw.(*bootstrapv1beta2.FooConfig)
	if err := Convert_v1beta2_FooConfig_To_v1beta1_FooConfig(src, c, nil); err != nil {
		return fmt.Errorf("converting FooConfig v1beta1 from v1beta2: %w", err)
	}

	if err := utilconversion.MarshalData(src, c); err != nil {
		return fmt.Errorf("storing conversion data: %w", err)
	}
	return nil
}

// ConvertTo converts this FooConfigList to the hub.
func (c *FooConfigList) ConvertTo(dstRaw ctrlconversion.Hub) error {
	dst := dstRaw.(*bootstrapv1beta2.FooConfigList)
	return Convert_v1beta1_FooConfigList_To_v1beta2_FooConfigList(c, dst, nil)
}

// ConvertFrom converts the hub to this FooConfigList.
func (c *FooConfigList) ConvertFrom(srcRaw ctrlconversion.Hub) error {
	src := srcRaw.(*bootstrapv1beta2.FooConfigList)
	return Convert_v1beta2_FooConfigList_To_v1beta1_FooConfigList(src, c, nil)
}

// Convert_v1beta2_FooConfigSpec_To_v1beta1_FooConfigSpec drops the registry this version has no place for.
func Convert_v1beta2_FooConfigSpec_To_v1beta1_FooConfigSpec(in *bootstrapv1beta2.FooConfigSpec, out *FooConfigSpec, s conversion.Scope) error {
	return autoConvert_v1beta2_FooConfigSpec_To_v1beta1_FooConfigSpec(in, out, s)
}
