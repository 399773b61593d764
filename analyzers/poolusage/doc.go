// Package poolusage defines the analyzer that finds, by type, every read and
// write of InfraMachinePool contract fields outside the API packages: the
// deprecated status.ready, status.failureReason and status.failureMessage
// (an inventory for the migration) and spec.providerID and
// status.initialization.provisioned.
//
// It also checks a behaviour, for every kind with a readiness field under
// both contracts (the catalog's readiness points: a pool's or an
// InfraCluster's or InfraMachine's ready and initialization.provisioned, a
// ControlPlane's initialized and initialization.controlPlaneInitialized, a
// BootstrapConfig's ready and initialization.dataSecretCreated) and, for the
// label-driven kinds, every other field the v1beta2 contract renamed and
// core reads by the label (a ControlPlane's updatedReplicas and
// upToDateReplicas, unavailableReplicas and availableReplicas, machine
// template fields): a function that writes one name of a pair on a type
// that has both must set the other too.
// For pools (MPA203, MPA204) released cores read only status.ready; for the
// label-driven kinds (MPA220, MPA221) the severity follows the label core
// reads the API version by, for the target core. Writes are judged in pairs
// per object, whatever their values; calls of setters count through the
// facts of the poolwrites pass (behaviour.go says what counts as a write and
// where a setter is judged).
//
// The use-site fixes go with the type fixes of every kind (kindtypes): the
// v1beta2 readiness field set one-way beside each write of the v1beta1 one
// (the value read back once written, never evaluated again), a copied
// counter written under both names (in a literal only when its value is a
// constant or a variable), uses of a *string made a string, uses of an
// int32 or bool made a pointer (ptr.To at writes, ptr.Deref at reads), and
// failure fields through the accessors, each only where kindtypes' fix
// changes the field (its Changed fact). Under go fix and rewrite they are
// offered under the type rule, whatever the configuration says of the use
// finding. For the label-driven kinds they are
// offered without a finding of their own (under go fix and rewrite); a use
// they cannot rewrite is reported under the type rule as "(needs a person)".
//
// The rules come from per-kind tables, one path for every kind: the use
// findings of a kind's inventoried and deprecated fields (a pool's MPA201,
// MPA202: contract.UseFieldCheck), a pair written alone (contract.UseRuleOf),
// and the type fixes whose use sites are rewritten (contract.TypeRuleOf).
//
// Test files, generated files and API packages report nothing; test
// files, the API packages' own included, still get the fixes that follow a
// type change (FixOnly), so that the module's tests keep compiling.
// Types are recognised through kindfinder facts, so it does not matter what
// a variable is called or which package declares the type.
package poolusage
