// Package kindfinder defines the analyzer that classifies root API types
// (+kubebuilder:object:root=true) by contract kind with contract.Classify:
// the API group from the package (+groupName or its schema.GroupVersion),
// the type name and the JSON paths its spec and status have. InfraCluster,
// InfraMachine, ControlPlane, BootstrapConfig and their templates are found
// here; InfraMachinePool types stay with poolfinder.
//
// It exports a NodeFact on each classified type and on every struct type of
// the same package reachable from its spec and status, naming the JSON path
// the type sits at, so use-site passes in other packages know a selector's
// kind and path. The storage version is decided as poolfinder decides it.
package kindfinder
