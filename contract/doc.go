// Package contract is mpaudit's single catalog of the Cluster API provider
// contract: the only place contract field names, JSON paths, rule IDs and
// severities live. Every mode (check, go vet -vettool, the golangci-lint
// plugin, live, rewrite) reads it.
//
// # Kinds and points
//
// Kinds lists the provider kinds: InfraCluster, InfraMachine,
// InfraMachinePool, ControlPlane, BootstrapConfig and their templates
// (KindByName, Kind.TemplateKind). A Kind carries, per contract version
// (V1Beta1, V1Beta2), its field points (Kind.Points): a JSON path, the Go
// shape as data (GoType: basic kind, pointer, element, named type with its
// import paths or a provider-local name such as <Kind>InitializationStatus),
// other shapes core decodes alike (Compatible), the JSON tag, the markers,
// whether the contract makes it mandatory, and the Reads: windows of core
// releases [Since, Until) that read the point, label-driven (only when the
// CRD's label resolves to that contract), fixed (whatever the label) or as a
// fallback for another point. A v1beta1 point and its v1beta2 successor share
// an Aspect (AspectReadiness pairs ready with initialization.provisioned);
// Kind.PairOf goes from one to the other. Kind.Links say which core objects
// reference the kind and where they report what they read.
//
// # What a core reads
//
// Reads(kind, release, label) answers what a core release reads on an object
// whose CRD label resolves to a contract, with fallbacks linked
// (ReadsAspect filters one aspect). Cores before v1.11 know only the v1beta1
// label (ContractsKnownBy); from v1.11 InfraCluster, InfraMachine,
// ControlPlane and BootstrapConfig are label-exclusive (Kind.LabelExclusive):
// the label picks the whole field set, with no fallback. InfraMachinePool
// keeps its own semantics: status.ready whatever the label through v1.14, the
// PR #14030 fallback assumed from v1.15. Release gates (InfraMachine
// status.failureDomain from v1.13, ControlPlane status.versions from v1.14,
// taints by contract from v1.13.5, the v1beta1 ControlPlane status.ready bug
// in v1.11.0–v1.11.4 and v1.12.0–v1.12.1) are read windows too.
// ResolveContractAt picks the contract and API version a release reads a CRD
// at, as core does; LabelVersionConflicts finds API versions listed under two
// labels. CoreTarget, CoreBehaviour and BehaviourFor are the per-target view
// the InfraMachinePool rules were written against; Kind.Fields is the
// path-keyed view of InfraMachinePool's points those analyzers read.
//
// # Classification
//
// Classify maps a root type (API group, name, the JSON paths it has) to a
// kind or none, with the reason, by group prefix, name and structure;
// Overrides (from .mpaudit.yaml) name or exclude types first. It is pure so
// static and live modes agree.
//
// # Rules
//
// Rules, Lookup and MustRule give the rule catalog; EvaluateKindCRD applies
// the CRD rules of every kind. Facts are taken from Cluster API's own source and contract pages;
// each read window cites its basis.
package contract
