package main

import (
	"fmt"
	"strings"
)

// The kinds beside the pools: each group's InfraCluster (both versions) and
// InfraMachine (v1beta2 only), and one ControlPlane per group in a
// controlplane API package. A dual group's kinds carry the v1beta2
// initialization field as well as the v1beta1 one (migrated); the others
// have only the v1beta1 shape, under a CRD labelled for both contracts, so
// the audit has findings of every kind.
const (
	controlPlaneAPIGroup = "controlplane.cluster.x-k8s.io"
	cpDir                = "apis/controlplane/v1beta2"
	cpPath               = modulePath + "/" + cpDir
	cpAlias              = "cpv1beta2"
)

func initialization(kind, inner string) (field, structType) {
	fl := f("Initialization", kind+"InitializationStatus", "initialization,omitempty,omitzero", cStruct, "initialization provides observations of the "+kind+" initialization process.", "+optional")
	st := structType{name: kind + "InitializationStatus", doc: []string{kind + "InitializationStatus reports the initialization of " + kind + ".", "+kubebuilder:validation:MinProperties=1"}, fields: []field{
		f(strings.ToUpper(inner[:1])+inner[1:], "*bool", inner+",omitempty", cPtrScalar, "+optional"),
	}}
	return fl, st
}

// clusterStatusType is the InfraCluster's status in a and the types it needs.
func clusterStatusType(a apiRef) (structType, []structType) {
	c := a.g.Cluster()
	st := structType{name: c + "Status", doc: []string{c + "Status is the observed state of " + c + "."}, fields: []field{
		f("Ready", "bool", "ready", cPlain, "+optional"),
		f("Region", "string", "region,omitempty", cPlain, "+optional"),
	}}
	var extra []structType
	switch {
	case a.spoke():
		st.fields = append(st.fields, f("Conditions", "clusterv1beta1.Conditions", "conditions,omitempty", cSliceStruct, "+optional"))
	default:
		if a.g.dual {
			fl, init := initialization(c, "provisioned")
			st.fields = append(st.fields, fl)
			extra = append(extra, init)
		}
		st.fields = append(st.fields, f("Conditions", "[]metav1.Condition", "conditions,omitempty", cSliceStruct, "+optional"))
	}
	return st, extra
}

// machineTypes are the InfraMachine's types in the group's v1beta2 package.
func machineTypes(g group) []structType {
	m := g.Machine()
	status := structType{name: m + "Status", doc: []string{m + "Status is the observed state of " + m + "."}, fields: []field{
		f("Ready", "bool", "ready,omitempty", cPlain, "ready is true when the instance is provisioned.", "+optional"),
	}}
	var extra []structType
	if g.dual {
		fl, init := initialization(m, "provisioned")
		status.fields = append(status.fields, fl,
			f("FailureDomain", "string", "failureDomain,omitempty", cPlain, "+optional"),
			f("Conditions", "[]metav1.Condition", "conditions,omitempty", cSliceStruct, "+optional", "+listType=map", "+listMapKey=type", "+kubebuilder:validation:MaxItems=32"))
		extra = append(extra, init)
	} else {
		status.fields = append(status.fields,
			f("FailureReason", "*string", "failureReason,omitempty", cPtrScalar, "+optional"),
			f("FailureMessage", "*string", "failureMessage,omitempty", cPtrScalar, "+optional"),
			f("Conditions", "clusterv1beta1.Conditions", "conditions,omitempty", cSliceStruct, "+optional"))
	}
	return append([]structType{
		{name: m, root: true, doc: []string{"+kubebuilder:object:root=true", "+kubebuilder:resource:path=" + strings.ToLower(m) + "s,scope=Namespaced,categories=cluster-api", "+kubebuilder:storageversion", "+kubebuilder:subresource:status", "", m + " is the infrastructure machine of the Foo" + fmt.Sprint(g.idx) + " provider."}, fields: []field{typeMeta, objectMeta,
			f("Spec", m+"Spec", "spec,omitempty", cStruct),
			f("Status", m+"Status", "status,omitempty", cStruct),
		}},
		{name: m + "List", root: true, doc: []string{"+kubebuilder:object:root=true", "", m + "List contains a list of " + m + "."}, fields: []field{typeMeta, listMeta,
			f("Items", "[]"+m, "items", cSliceStruct),
		}},
		{name: m + "Spec", doc: []string{m + "Spec is the desired state of " + m + "."}, fields: []field{
			f("ProviderID", "string", "providerID,omitempty", cPlain, "+optional"),
			f("InstanceType", "string", "instanceType,omitempty", cPlain, "+optional"),
		}},
		status,
	}, extra...)
}

// controlPlaneTypes are one group's ControlPlane types.
func controlPlaneTypes(g group) []structType {
	cp := g.ControlPlane()
	status := structType{name: cp + "Status", doc: []string{cp + "Status is the observed state of " + cp + "."}, fields: []field{
		f("Ready", "bool", "ready,omitempty", cPlain, "+optional"),
		f("Initialized", "bool", "initialized,omitempty", cPlain, "+optional"),
		f("Selector", "string", "selector,omitempty", cPlain, "+optional"),
		f("Version", "string", "version,omitempty", cPlain, "+optional"),
	}}
	var extra []structType
	if g.dual {
		fl, init := initialization(cp, "controlPlaneInitialized")
		status.fields = append(status.fields, fl,
			f("Replicas", "*int32", "replicas,omitempty", cPtrScalar, "+optional"),
			f("ReadyReplicas", "*int32", "readyReplicas,omitempty", cPtrScalar, "+optional"),
			f("AvailableReplicas", "*int32", "availableReplicas,omitempty", cPtrScalar, "+optional"),
			f("UpToDateReplicas", "*int32", "upToDateReplicas,omitempty", cPtrScalar, "+optional"),
			f("Conditions", "[]metav1.Condition", "conditions,omitempty", cSliceStruct, "+optional", "+listType=map", "+listMapKey=type", "+kubebuilder:validation:MaxItems=32"))
		extra = append(extra, init)
	} else {
		status.fields = append(status.fields,
			f("Replicas", "int32", "replicas,omitempty", cPlain, "+optional"),
			f("ReadyReplicas", "int32", "readyReplicas,omitempty", cPlain, "+optional"),
			f("UpdatedReplicas", "int32", "updatedReplicas,omitempty", cPlain, "+optional"),
			f("UnavailableReplicas", "int32", "unavailableReplicas,omitempty", cPlain, "+optional"),
			f("Conditions", "clusterv1beta1.Conditions", "conditions,omitempty", cSliceStruct, "+optional"))
	}
	return append([]structType{
		{name: cp, root: true, doc: []string{"+kubebuilder:object:root=true", "+kubebuilder:resource:path=" + strings.ToLower(cp) + "s,scope=Namespaced,categories=cluster-api", "+kubebuilder:storageversion", "+kubebuilder:subresource:status", "", cp + " is the control plane of the Foo" + fmt.Sprint(g.idx) + " provider."}, fields: []field{typeMeta, objectMeta,
			f("Spec", cp+"Spec", "spec,omitempty", cStruct),
			f("Status", cp+"Status", "status,omitempty", cStruct),
		}},
		{name: cp + "List", root: true, doc: []string{"+kubebuilder:object:root=true", "", cp + "List contains a list of " + cp + "."}, fields: []field{typeMeta, listMeta,
			f("Items", "[]"+cp, "items", cSliceStruct),
		}},
		{name: cp + "Spec", doc: []string{cp + "Spec is the desired state of " + cp + "."}, fields: []field{
			f("Replicas", "*int32", "replicas,omitempty", cPtrScalar, "+optional"),
			f("Version", "string", "version", cPlain),
		}},
		status,
	}, extra...)
}

// genControlPlaneAPI writes apis/controlplane/v1beta2: every group's
// ControlPlane in the controlplane.cluster.x-k8s.io group.
func genControlPlaneAPI(w *writer, m *model) {
	gv := newFile("v1beta2", "// Package v1beta2 contains the control plane API of the benchmark provider.\n// +kubebuilder:object:generate=true\n// +groupName="+controlPlaneAPIGroup+"\n")
	gv.use(metav1Path, "metav1")
	gv.use(runtimePath, "")
	gv.use(schemaPath, "")
	var known strings.Builder
	for _, g := range m.groups {
		known.WriteString("\t\t&" + g.ControlPlane() + "{}, &" + g.ControlPlane() + "List{},\n")
	}
	gv.p(`var (
	// GroupVersion is group version used to register these objects.
	GroupVersion = schema.GroupVersion{Group: "` + controlPlaneAPIGroup + `", Version: "v1beta2"}

	// SchemeBuilder registers the types of this group version.
	SchemeBuilder = runtime.NewSchemeBuilder(addKnownTypes)

	// AddToScheme adds the types in this group-version to the given scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

func addKnownTypes(scheme *runtime.Scheme) error {
	scheme.AddKnownTypes(GroupVersion,
` + known.String() + `	)
	metav1.AddToGroupVersion(scheme, GroupVersion)
	return nil
}
`)
	w.goFile(cpDir+"/groupversion_info.go", gv)

	dc := newFile("v1beta2", "//go:build !ignore_autogenerated\n\n// Code generated by controller-gen. DO NOT EDIT.\n\n")
	dc.use(runtimePath, "")
	dc.use(metav1Path, "metav1")
	for _, g := range m.groups {
		sts := controlPlaneTypes(g)
		tf := newFile("v1beta2", "")
		tf.use(metav1Path, "metav1")
		for _, st := range sts {
			d := st.decl()
			if strings.Contains(d, "clusterv1beta1.") {
				tf.use(capiV1b1Path, "clusterv1beta1")
			}
			tf.p(d)
			d = st.deepCopy()
			if strings.Contains(d, "clusterv1beta1.") {
				dc.use(capiV1b1Path, "clusterv1beta1")
			}
			dc.p(d)
		}
		w.goFile(cpDir+"/"+strings.ToLower(g.ControlPlane())+"_types.go", tf)
	}
	w.goFile(cpDir+"/zz_generated.deepcopy.go", dc)
	w.nonce(cpDir, "v1beta2")
}

// kindCode writes p's use sites of the InfraCluster, InfraMachine and
// ControlPlane of a's group (a is a v1beta2 package): a dual group's
// helpers write both readiness fields, the others only the v1beta1 one, and
// a sloppy package has one function that writes only the v1beta1 field of a
// migrated cluster.
func kindCode(f *goFile, p *pkg, a apiRef) {
	alias := f.use(a.path(), a.alias())
	cp := f.use(cpPath, cpAlias)
	v := map[string]string{"A": alias, "CP": cp, "C": a.g.Cluster(), "M": a.g.Machine(), "K": a.g.ControlPlane(), "S": a.suffix()}
	if a.g.dual {
		f.use(ptrPath, "")
		f.p(expand(`// MarkClusterReady$S marks the infrastructure cluster provisioned.
func MarkClusterReady$S(c *$A.$C, region string) {
	c.Spec.Region = region
	c.Status.Region = region
	c.Status.Ready = true
	c.Status.Initialization.Provisioned = ptr.To(true)
}

// ClusterReady$S reports whether the cluster's infrastructure is provisioned.
func ClusterReady$S(c *$A.$C) bool {
	return ptr.Deref(c.Status.Initialization.Provisioned, c.Status.Ready)
}

// MarkMachineReady$S records the instance and marks the machine provisioned.
func MarkMachineReady$S(m *$A.$M, providerID, zone string) {
	m.Spec.ProviderID = providerID
	m.Status.FailureDomain = zone
	m.Status.Ready = true
	m.Status.Initialization.Provisioned = ptr.To(true)
}

// MarkControlPlaneInitialized$S records the replicas and marks the control plane initialized.
func MarkControlPlaneInitialized$S(cp *$CP.$K, replicas int32) {
	cp.Status.Replicas = ptr.To(replicas)
	cp.Status.ReadyReplicas = ptr.To(replicas)
	cp.Status.AvailableReplicas = ptr.To(replicas)
	cp.Status.UpToDateReplicas = ptr.To(replicas)
	cp.Status.Ready = true
	cp.Status.Initialized = true
	cp.Status.Initialization.ControlPlaneInitialized = ptr.To(true)
}

// ControlPlaneInitialized$S reports whether the control plane is initialized.
func ControlPlaneInitialized$S(cp *$CP.$K) bool {
	return ptr.Deref(cp.Status.Initialization.ControlPlaneInitialized, cp.Status.Initialized)
}
`, v))
		if p.sloppy {
			f.p(expand(`
// quickClusterReady$S only sets the field v1beta1 cores read.
func quickClusterReady$S(c *$A.$C) {
	c.Status.Ready = true
}
`, v))
		}
		return
	}
	f.p(expand(`// MarkClusterReady$S marks the infrastructure cluster ready.
func MarkClusterReady$S(c *$A.$C, region string) {
	c.Spec.Region = region
	c.Status.Region = region
	c.Status.Ready = true
}

// ClusterReady$S reports whether the cluster's infrastructure is ready.
func ClusterReady$S(c *$A.$C) bool {
	return c.Status.Ready
}

// MarkMachineReady$S records the instance and marks the machine ready.
func MarkMachineReady$S(m *$A.$M, providerID, zone string) {
	m.Spec.ProviderID = providerID
	m.Status.Ready = zone != "" || providerID != ""
	m.Status.FailureReason = nil
}

// MarkControlPlaneInitialized$S records the replicas and marks the control plane initialized.
func MarkControlPlaneInitialized$S(cp *$CP.$K, replicas int32) {
	cp.Status.Replicas = replicas
	cp.Status.ReadyReplicas = replicas
	cp.Status.UpdatedReplicas = replicas
	cp.Status.UnavailableReplicas = 0
	cp.Status.Ready = true
	cp.Status.Initialized = true
}

// ControlPlaneInitialized$S reports whether the control plane is initialized.
func ControlPlaneInitialized$S(cp *$CP.$K) bool {
	return cp.Status.Initialized
}
`, v))
}

// kindCalls drives kindCode's helpers from SyncPools (j numbers the
// variables, obj is the pool variable).
func kindCalls(f *goFile, p *pkg, a apiRef, j int) {
	v := map[string]string{"A": a.alias(), "CP": cpAlias, "C": a.g.Cluster(), "M": a.g.Machine(), "K": a.g.ControlPlane(), "S": a.suffix(), "N": fmt.Sprint(a.g.idx), "J": fmt.Sprint(j)}
	// A migrated controller reads what core reads, the old field as fallback.
	v["MR"] = "m" + v["J"] + ".Status.Ready"
	if a.g.dual {
		f.use(ptrPath, "")
		v["MR"] = "ptr.Deref(m" + v["J"] + ".Status.Initialization.Provisioned, m" + v["J"] + ".Status.Ready)"
	}
	f.p(expand(`
		c$J := &$A.$C{}
		MarkClusterReady$S(c$J, name)
		if ClusterReady$S(c$J) {
			n++
		}
		m$J := &$A.$M{}
		MarkMachineReady$S(m$J, fmt.Sprintf("foo$N:///%s/%d", name, i), "zone-a")
		if $MR {
			n++
		}
		cp$J := &$CP.$K{}
		MarkControlPlaneInitialized$S(cp$J, int32(i%5))
		if ControlPlaneInitialized$S(cp$J) {
			n++
		}
`, v))
	if p.sloppy && a.g.dual {
		f.p(expand("\t\tquickClusterReady$S(c$J)\n", v))
	}
}
