// Package kindtypes defines the one type pass of every contract kind: each
// root type kindfinder classifies is compared with its kind's field points
// in the catalog (contract.Kind.Points), looked up by their JSON paths. One
// loop runs every check on every judged type; each check takes the rule,
// point, position and wording the kind's table gives it
// (contract.Kind.TypeRuleOf) and skips a kind that has none.
//
// InfraMachinePool types are judged as released cores read them (only
// status.ready through v1.14; the #14030 fallback when targeted): readiness
// fields and their combination for the target core, the initialization
// shape, top-level failure fields, spec.providerID, the mandatory
// spec.providerIDList and status.replicas, and the conditions type
// (MPA101–MPA113). Findings on the storage version carry the catalog
// severity; older API versions (conversion spokes) are informational.
//
// The label-driven kinds (InfraCluster, InfraMachine, ControlPlane,
// BootstrapConfig) are judged against the contract their CRD's label makes
// core read (MPA120–MPA130). That contract comes from the CRD's labels
// (config/crd, else the type's +kubebuilder:metadata:labels markers),
// resolved for the target core as core resolves them
// (contract.ResolveContractAt). The API version core reads is judged under
// that label at full severity; a storage version core does not read (a hub
// behind a label naming a spoke) and a type without a known label are
// judged against v1beta2, the contract of the next label flip, at most at
// warning; other spokes are informational.
//
// Storage types of every kind get fixes built from the catalog's points
// (fixer, one for all kinds; declarations are AST nodes printed by
// go/printer): the kind's <Kind>InitializationStatus beside the kept v1beta1
// readiness field (MPA101, MPA120), a *string the v1beta2 contract made a
// string (MPA107, MPA126), an int32 or bool it made a pointer (MPA126; the
// JSON tag is kept, so a written zero omitempty left out is now sent), top-level failure fields moved under
// status.deprecated.v1beta1 with accessors (MPA105, MPA106, MPA125), and a
// renamed field of the same struct beside its v1beta1 name (MPA129). A type
// whose spec or status struct another classified type shares gets only the
// pool's fixes. A fix that stays (no //mpaudit:ignore comment, a rule and
// type the configuration keeps) exports a Changed fact on each field it
// changes; the use-site fixes follow that fact, so a withheld type fix
// withholds its uses' fixes too. A driver that applies only some packages'
// fixes says so (Settings.Scope): elsewhere no fact is exported. The shape
// and failure fixes are offered whatever the use sites need, because a
// type rule cannot see other packages: uses
// poolusage cannot rewrite are marked "(needs a person)", and API-package
// code (conversions, zz_generated.deepcopy.go, which controller-gen must
// regenerate) is not rewritten at all, so the whole-module `mpaudit
// rewrite` type-checks the result and refuses to write it if it does not
// compile.
package kindtypes
