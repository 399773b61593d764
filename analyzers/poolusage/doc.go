// Package poolusage defines the analyzer that finds, by type, every read and
// write of InfraMachinePool contract fields outside the API packages: the
// deprecated status.ready, status.failureReason and status.failureMessage
// (an inventory for the migration) and spec.providerID and
// status.initialization.provisioned.
//
// It also checks a behaviour: a function that writes a pool's Status.Ready
// on a type that has Status.Initialization.Provisioned must set that too (or
// cores that read the v1beta2 field never see the pool provisioned), and a
// function that sets only Initialization.Provisioned on a type that still has
// Ready leaves the pool unprovisioned on cores that read only status.ready.
// Writes are judged in pairs per pool object, whatever their values; calls
// of setters count through the facts of the poolwrites pass (behaviour.go
// says what counts as a write and where a setter is judged).
//
// Test files and generated files are skipped. Pool types are recognised
// through kindfinder facts, so it does not matter what a variable is called
// or which package declares the type.
package poolusage
