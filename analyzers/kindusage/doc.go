// Package kindusage defines the use-site pass for reads of the label-driven
// kinds' fields, generic over the catalog.
//
// It reports reads (MPA222) of a v1beta1 field the v1beta2 contract
// removed or moved (contract.Kind.Successor: status.failureReason moved
// under status.deprecated.v1beta1, status.ready replaced by
// status.initialization.<field>, renamed counters) on a type that has both
// the field and its successor: under a v1beta2 label core reads only the
// successor, so the read has to move before the v1beta1 field is dropped
// (information while both are written; MPA220 reports a write that is not
// paired). A read that feeds the successor of the same type (the value of
// its assignment, or the condition of an if that assigns it) is the dual
// write, not a finding. Writes, &x and x++ are not reads.
//
// Writes of renamed fields (readiness, a ControlPlane's replica counters,
// its machine template fields) are poolusage's behaviour engine's: it pairs
// the two names per object, through setters and helpers (MPA220, MPA221).
//
// Types are recognised through kindfinder facts.
//
// Test files, generated files and the API packages themselves are skipped.
package kindusage
