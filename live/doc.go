// Package live audits what a management cluster actually serves: the CRDs of
// InfraMachinePool kinds (name, scope, contract labels resolved as Cluster
// API resolves them, the schema of the version Cluster API will read), the
// pool objects' readiness fields, and each MachinePool's infrastructure
// reference. The same checks run on a `kubectl get -o yaml` dump (FileSource).
//
// It only reads: get and list on CRDs, core MachinePools, infrastructure
// kinds, clusterctl's provider inventory and Deployments (for the core
// version); never Secrets. See docs/rbac.yaml.
package live
