// Package kindfinder defines the one finder pass of every contract kind. It
// classifies root API types (+kubebuilder:object:root=true) with
// contract.Classify: the API group from the package (+groupName or its
// schema.GroupVersion), the type name and the JSON paths its spec and status
// have. A root type is classified only when something says it is a served
// API object: its CRD in config/crd, a scheme registration (Register,
// AddKnownTypes, a []runtime.Object such as objectTypes), an API group for
// its package or a CRD marker; a root marker alone (a test double) is
// listed in Result.NotAPI. InfraCluster, InfraMachine, InfraMachinePool, ControlPlane,
// BootstrapConfig and their templates are all found here; the type, use-site
// and CRD passes read its Result.
//
// It exports a NodeFact on each classified type and on every struct type of
// the same package reachable from its spec and status, naming the kind and
// the JSON path the type sits at, so use-site passes in other packages know
// a selector's kind and path whatever a variable is called.
//
// It exports a ReachFact on each package that declares classified types, is
// a provider API group, or imports a package with the fact. A package whose
// imports carry none and whose comments hold no +kubebuilder:object:root
// marker (nor an //mpaudit:ignore directive) cannot name a provider type:
// its Result is Skipped, no go.mod or marker is read, and every pass returns
// at once. go vet runs the tool on every dependency for facts; this keeps
// those runs cheap, and analyzers/vetunit applies the same test
// (MayDeclareSource) to skip even the type check there.
//
// It also decides the storage version (the +kubebuilder:storageversion type,
// or the only version when no sibling API version carries the marker),
// resolves the Cluster API core target from the module's go.mod (a local
// replace means "this tree") unless the analyzer set's settings override
// it, and, for the label-driven kinds, which contract core reads each API
// version under (the CRD's labels, resolved as core resolves them).
package kindfinder
