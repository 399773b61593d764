// Package kubeadm re-renders the kubeadm configuration of a bootstrap
// file for the kubeadm version of a node image.
package kubeadm

import (
	"github.com/blang/semver/v4"

	bootstrapv1 "sigs.k8s.io/cluster-api/bootstrap/kubeadm/api/v1beta1"
	kubeadmtypes "sigs.k8s.io/cluster-api/bootstrap/kubeadm/types"
)

// Retarget renders an init configuration for kubeadm version v, naming
// the node.
func Retarget(yaml, node string, v semver.Version) (string, error) {
	clusterConfiguration := &bootstrapv1.ClusterConfiguration{}
	initConfiguration, err := kubeadmtypes.UnmarshalInitConfiguration(yaml, clusterConfiguration)
	if err != nil {
		return "", err
	}
	initConfiguration.NodeRegistration.Name = node
	return kubeadmtypes.MarshalInitConfigurationForVersion(clusterConfiguration, initConfiguration, v)
}
