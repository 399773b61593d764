// Package kindusage defines the use-site pass for the renamed fields of the
// label-driven kinds other than readiness, generic over the catalog: where a
// type has a field under both contract names (a ControlPlane's
// updatedReplicas and upToDateReplicas, its machine template fields), a
// function that writes one name must write the other while the type is
// dual, or the core that reads the other never sees the change.
//
// Readiness (status.ready and status.initialization.provisioned,
// initialized and controlPlaneInitialized, ready and dataSecretCreated) is
// judged by poolusage's behaviour engine for every kind, per object and
// through helpers; this pass skips it.
//
// Types are recognised through kindfinder facts. A write is an assignment to
// the field or to a struct holding it, or a key in a literal of a struct
// holding it; writes are paired per function (closures included) and per
// type, not per object, and calls are not followed: a function that sets one
// name and calls a helper setting the other is reported (suppress it with a
// reason). A side that only writes false or nil is a reset and needs no pair.
// It also reports reads (MPA222) of a v1beta1 field the v1beta2 contract
// removed or moved (contract.Kind.Successor: status.failureReason moved
// under status.deprecated.v1beta1, status.ready replaced by
// status.initialization.<field>, renamed counters) on a type that has both
// the field and its successor: under a v1beta2 label core reads only the
// successor. A read that feeds the successor of the same type (the value of
// its assignment, or the condition of an if that assigns it) is the dual
// write, not a finding. Writes, &x and x++ are not reads.
//
// Test files, generated files and the API packages themselves are skipped.
package kindusage
