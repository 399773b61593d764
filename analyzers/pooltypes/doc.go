// Package pooltypes defines the analyzer that checks InfraMachinePool API
// types against the v1beta2 contract: readiness fields (status.ready,
// status.initialization.provisioned and their combination for the target
// core), the initialization shape, top-level failure fields, spec.providerID,
// the mandatory spec.providerIDList and status.replicas, and the conditions
// type. Findings on the storage version carry the catalog severity; older
// API versions (conversion spokes) are informational.
//
// The MPA107 (providerID to string) and MPA105/MPA106 (failure fields moved
// under status.deprecated.v1beta1) fixes are offered whatever the use sites
// need, because a type rule cannot see other packages: uses poolusage cannot
// rewrite are marked "(needs a person)", and API-package code (conversions,
// zz_generated.deepcopy.go, which controller-gen must regenerate) is not
// rewritten at all, so the whole-module `mpaudit rewrite` type-checks the
// result and refuses to write it if it does not compile.
package pooltypes
