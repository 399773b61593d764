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
// Test files, generated files and the API packages themselves are skipped.
package kindusage
