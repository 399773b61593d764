package controllers

import (
	"sigs.k8s.io/cluster-api/util/contract"

	capd "example.com/provider/apis/capdlike/v1beta2"
)

// crdName keeps a real dependency on Cluster API core in go.mod, which is
// where mpaudit reads the target core version from.
func crdName() string {
	return contract.CalculateCRDName(capd.GroupVersion.Group, "DockerMachinePool")
}
