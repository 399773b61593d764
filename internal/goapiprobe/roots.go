package goapiprobe

import (
	"context"
	"fmt"

	bootstrapv1beta1 "sigs.k8s.io/cluster-api/api/bootstrap/kubeadm/v1beta1"
	bootstrapv1 "sigs.k8s.io/cluster-api/api/bootstrap/kubeadm/v1beta2"
	controlplanev1beta1 "sigs.k8s.io/cluster-api/api/controlplane/kubeadm/v1beta1"
	controlplanev1 "sigs.k8s.io/cluster-api/api/controlplane/kubeadm/v1beta2"
	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta2"
	ipamv1beta1 "sigs.k8s.io/cluster-api/api/ipam/v1beta1"
	ipamv1 "sigs.k8s.io/cluster-api/api/ipam/v1beta2"
	bootstrapconversion "sigs.k8s.io/cluster-api/bootstrap/kubeadm/webhooks/conversion"
	controlplaneconversion "sigs.k8s.io/cluster-api/controlplane/kubeadm/webhooks/conversion"
	coreconversion "sigs.k8s.io/cluster-api/core/webhooks/conversion"
)

// Root is one v1beta1 root type with its v1beta2 successor and Cluster
// API's conversion between them.
type Root struct {
	Old, New any // pointers to zero values
	Convert  Convert
}

// hub adapts one of Cluster API's spoke-to-hub conversion functions.
func hub[S, H any](f func(context.Context, *S, *H) error) Root {
	return Root{Old: new(S), New: new(H), Convert: func(in, out any) error {
		s, ok1 := in.(*S)
		h, ok2 := out.(*H)
		if !ok1 || !ok2 {
			return fmt.Errorf("converting %T to %T", in, out)
		}
		return f(context.Background(), s, h)
	}}
}

// Roots are the v1beta1 root types providers use, with the conversion
// functions of the Cluster API release this module pins.
func Roots() []Root {
	return []Root{
		hub[clusterv1beta1.Cluster, clusterv1.Cluster](coreconversion.ConvertClusterV1Beta1ToHub),
		hub[clusterv1beta1.ClusterClass, clusterv1.ClusterClass](coreconversion.ConvertClusterClassV1Beta1ToHub),
		hub[clusterv1beta1.Machine, clusterv1.Machine](coreconversion.ConvertMachineV1Beta1ToHub),
		hub[clusterv1beta1.MachineSet, clusterv1.MachineSet](coreconversion.ConvertMachineSetV1Beta1ToHub),
		hub[clusterv1beta1.MachineDeployment, clusterv1.MachineDeployment](coreconversion.ConvertMachineDeploymentV1Beta1ToHub),
		hub[clusterv1beta1.MachinePool, clusterv1.MachinePool](coreconversion.ConvertMachinePoolV1Beta1ToHub),
		hub[clusterv1beta1.MachineHealthCheck, clusterv1.MachineHealthCheck](coreconversion.ConvertMachineHealthCheckV1Beta1ToHub),
		hub[clusterv1beta1.MachineDrainRule, clusterv1.MachineDrainRule](coreconversion.ConvertMachineDrainRuleV1Beta1ToHub),
		hub[ipamv1beta1.IPAddress, ipamv1.IPAddress](coreconversion.ConvertIPAddressV1Beta1ToHub),
		hub[ipamv1beta1.IPAddressClaim, ipamv1.IPAddressClaim](coreconversion.ConvertIPAddressClaimV1Beta1ToHub),
		hub[bootstrapv1beta1.KubeadmConfig, bootstrapv1.KubeadmConfig](bootstrapconversion.ConvertKubeadmConfigV1Beta1ToHub),
		hub[bootstrapv1beta1.KubeadmConfigTemplate, bootstrapv1.KubeadmConfigTemplate](bootstrapconversion.ConvertKubeadmConfigTemplateV1Beta1ToHub),
		hub[controlplanev1beta1.KubeadmControlPlane, controlplanev1.KubeadmControlPlane](controlplaneconversion.ConvertKubeadmControlPlaneV1Beta1ToHub),
		hub[controlplanev1beta1.KubeadmControlPlaneTemplate, controlplanev1.KubeadmControlPlaneTemplate](controlplaneconversion.ConvertKubeadmControlPlaneTemplateV1Beta1ToHub),
	}
}
