// Package live audits what a management cluster actually serves, for every
// provider kind of the contract catalog:
//
//   - InfraMachinePool kinds (audit.go): CRD name, scope, contract labels
//     resolved as Cluster API resolves them, the schema of the version
//     Cluster API will read, the pool objects' readiness fields, and each
//     MachinePool's infrastructure reference.
//   - InfraCluster, InfraMachine, ControlPlane and BootstrapConfig (kinds.go):
//     CRDs found from what Clusters, Machines and MachinePools reference and
//     by contract.Classify (the static classifier), checked by
//     contract.EvaluateKindCRD; objects judged against the contract their
//     CRD's label selects for the target core; each core object compared
//     with what that core computes from the object it references.
//   - Templates of every kind, InfraMachinePoolTemplate included (kinds.go):
//     their CRDs get the same check (core resolves a ClusterClass's
//     template references by CRD name and label); their objects are not
//     judged, as core reads only their metadata.
//
// Paths come from the catalog (Kind.Links and points). The same checks run
// on a `kubectl get -o yaml` dump (FileSource).
//
// It only reads: get and list on CRDs, core Clusters, Machines and
// MachinePools, the provider groups, clusterctl's provider inventory and
// Deployments (for the core version); never Secrets. See docs/rbac.yaml.
package live
