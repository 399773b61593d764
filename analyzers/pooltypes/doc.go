// Package pooltypes defines the analyzer that checks InfraMachinePool API
// types against the v1beta2 contract: readiness fields (status.ready,
// status.initialization.provisioned and their combination for the target
// core), the initialization shape, top-level failure fields, spec.providerID,
// the mandatory spec.providerIDList and status.replicas, and the conditions
// type. Findings on the storage version carry the catalog severity; older
// API versions (conversion spokes) are informational.
package pooltypes
