package contract

// FailureDomainElement names, by JSON, the fields of one InfraCluster
// failure domain: the v1beta2 list element (clusterv1.FailureDomain) and
// the v1beta1 map value (FailureDomainSpec). Key is the list element's
// field that holds what v1beta1 keys the map by (the list's listMapKey).
type FailureDomainElement struct {
	Key, ControlPlane, Attributes string
}

// FailureDomainFields are the fields of status.failureDomains' elements:
// controlPlane is a bool in v1beta1 and a *bool in v1beta2.
var FailureDomainFields = FailureDomainElement{Key: "name", ControlPlane: "controlPlane", Attributes: "attributes"}
