// Package contract is mpaudit's single catalog of the Cluster API provider
// contract as it applies to InfraMachinePool resources: kinds, field paths and
// Go shapes per contract version, CRD label and name rules, which Cluster API
// core releases read which readiness field, and the rule IDs, severities and
// documentation every mode (check, vet, live, rewrite) reports against.
//
// Facts are taken from Cluster API's own source; see docs/contract.md for the
// paths and commits they were read from.
package contract
