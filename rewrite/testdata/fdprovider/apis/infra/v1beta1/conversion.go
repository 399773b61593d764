package v1beta1

import (
	apimachineryconversion "k8s.io/apimachinery/pkg/conversion"
	utilconversion "sigs.k8s.io/cluster-api/util/conversion"
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	v1beta2 "example.com/fdprovider/apis/infra/v1beta2"
)

// ConvertTo converts this FooCluster to the Hub version (v1beta2).
func (src *FooCluster) ConvertTo(dstRaw conversion.Hub) error {
	dst := dstRaw.(*v1beta2.FooCluster)
	if err := Convert_v1beta1_FooCluster_To_v1beta2_FooCluster(src, dst, nil); err != nil {
		return err
	}
	// status.initialization exists only in the hub: restore it from the conversion-data
	// annotation ConvertFrom wrote.
	restored := &v1beta2.FooCluster{}
	ok, err := utilconversion.UnmarshalData(src, restored)
	if err != nil {
		return err
	}
	if ok {
		dst.Status.Initialization = restored.Status.Initialization
		delete(dst.GetAnnotations(), utilconversion.DataAnnotation)
	}
	// provisioned follows ready unless the spoke's ready is still what
	// ConvertFrom made of the restored hub.
	if !ok || src.Status.Ready != (restored.Status.Ready || restored.Status.Initialization.Provisioned != nil && *restored.Status.Initialization.Provisioned) {
		if src.Status.Ready {
			provisioned := true
			dst.Status.Initialization.Provisioned = &provisioned
		} else if p := dst.Status.Initialization.Provisioned; p != nil && *p {
			dst.Status.Initialization.Provisioned = nil
		}
	} else {
		dst.Status.Ready = restored.Status.Ready
	}
	return nil
}

// ConvertFrom converts from the Hub version (v1beta2) to this version.
func (dst *FooCluster) ConvertFrom(srcRaw conversion.Hub) error {
	src := srcRaw.(*v1beta2.FooCluster)
	if err := Convert_v1beta2_FooCluster_To_v1beta1_FooCluster(src, dst, nil); err != nil {
		return err
	}
	// A hub that reports only status.initialization.provisioned reads as ready here.
	if p := src.Status.Initialization.Provisioned; p != nil && *p {
		dst.Status.Ready = true
	}
	// Keep what only the hub has (status.initialization) for ConvertTo.
	return utilconversion.MarshalData(src, dst)
}

// Convert_v1beta2_FooClusterStatus_To_v1beta1_FooClusterStatus converts FooClusterStatus, mapping by hand what conversion-gen cannot.
func Convert_v1beta2_FooClusterStatus_To_v1beta1_FooClusterStatus(in *v1beta2.FooClusterStatus, out *FooClusterStatus, s apimachineryconversion.Scope) error {
	if err := autoConvert_v1beta2_FooClusterStatus_To_v1beta1_FooClusterStatus(in, out, s); err != nil {
		return err
	}
	// in.Initialization exists only in the hub: ConvertFrom keeps it in the conversion-data annotation and ConvertTo restores it.
	return nil
}
