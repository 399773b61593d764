// Package poolfinder defines the analyzer that finds InfraMachinePool API
// types: root types (+kubebuilder:object:root=true) with Spec and Status whose
// name the contract catalog matches (FooMachinePool, FooManagedMachinePool;
// not templates, lists or per-replica kinds).
//
// It exports a NodeFact on each pool type and on every struct type of the
// same package reachable from its spec and status, naming the JSON path the
// type sits at. Use-site passes in other packages look facts up through the
// Result, so a selector x.Ready is known to be status.ready of a pool
// whatever x is called.
//
// It exports a ReachFact on each package that declares pool types or
// imports one with the fact. A package whose imports carry none and whose
// comments hold no +kubebuilder:object:root marker (nor an //mpaudit:ignore
// directive) cannot name a pool type: its Result is Skipped, no go.mod or
// marker is read, and every pass returns at once. go vet runs the tool on
// every dependency for facts; this keeps those runs cheap.
//
// It also decides the storage version (the +kubebuilder:storageversion type,
// or the only version when no sibling API version carries the marker) and
// resolves the Cluster API core target from the module's go.mod (a local
// replace means "this tree") unless the analyzer set's settings override it.
package poolfinder
