package main

import (
	"fmt"
	"slices"
	"strings"
)

const (
	metav1Path    = "k8s.io/apimachinery/pkg/apis/meta/v1"
	runtimePath   = "k8s.io/apimachinery/pkg/runtime"
	schemaPath    = "k8s.io/apimachinery/pkg/runtime/schema"
	capiV1b1Path  = "sigs.k8s.io/cluster-api/api/core/v1beta1"
	ptrPath       = "k8s.io/utils/ptr"
	contractPath  = "sigs.k8s.io/cluster-api/util/contract"
	infraAPIGroup = "infrastructure.cluster.x-k8s.io"
)

// copyKind says how DeepCopyInto copies a field.
type copyKind int

const (
	cPlain       copyKind = iota // value copy (done by *out = *in)
	cStrings                     // []string
	cStringMap                   // map[string]string
	cPtrScalar                   // *bool, *string, *int32
	cStruct                      // struct with DeepCopyInto
	cPtrStruct                   // *struct with DeepCopyInto
	cSliceStruct                 // slice of structs with DeepCopyInto
)

type field struct {
	name  string // Go name (for embedded fields, the type's name)
	typ   string
	json  string // json tag value
	embed bool
	kind  copyKind
	doc   []string
}

type structType struct {
	name   string
	doc    []string // comment lines, markers included
	fields []field
	root   bool
}

func f(name, typ, json string, kind copyKind, doc ...string) field {
	return field{name: name, typ: typ, json: json, kind: kind, doc: doc}
}

var (
	typeMeta   = field{name: "TypeMeta", typ: "metav1.TypeMeta", json: ",inline", embed: true, kind: cPlain}
	objectMeta = field{name: "ObjectMeta", typ: "metav1.ObjectMeta", json: "metadata,omitempty", embed: true, kind: cStruct}
	listMeta   = field{name: "ListMeta", typ: "metav1.ListMeta", json: "metadata,omitempty", embed: true, kind: cStruct}
)

func (s structType) decl() string {
	var b strings.Builder
	for _, d := range s.doc {
		b.WriteString("// " + d + "\n")
	}
	b.WriteString("type " + s.name + " struct {\n")
	for i, fl := range s.fields {
		if i > 0 && len(fl.doc) > 0 {
			b.WriteString("\n")
		}
		for _, d := range fl.doc {
			b.WriteString("\t// " + d + "\n")
		}
		if fl.embed {
			b.WriteString("\t" + fl.typ)
		} else {
			b.WriteString("\t" + fl.name + " " + fl.typ)
		}
		b.WriteString(" `json:\"" + fl.json + "\"`\n")
	}
	b.WriteString("}\n\n")
	return b.String()
}

func (s structType) deepCopy() string {
	var b strings.Builder
	n := s.name
	b.WriteString("// DeepCopyInto copies the receiver into out. in must be non-nil.\n")
	b.WriteString("func (in *" + n + ") DeepCopyInto(out *" + n + ") {\n\t*out = *in\n")
	for _, fl := range s.fields {
		x := fl.name
		elem := strings.TrimPrefix(fl.typ, "*")
		switch fl.kind {
		case cStrings:
			b.WriteString("\tif in." + x + " != nil {\n\t\tin, out := &in." + x + ", &out." + x + "\n\t\t*out = make(" + fl.typ + ", len(*in))\n\t\tcopy(*out, *in)\n\t}\n")
		case cStringMap:
			b.WriteString("\tif in." + x + " != nil {\n\t\tin, out := &in." + x + ", &out." + x + "\n\t\t*out = make(" + fl.typ + ", len(*in))\n\t\tfor key, val := range *in {\n\t\t\t(*out)[key] = val\n\t\t}\n\t}\n")
		case cPtrScalar:
			b.WriteString("\tif in." + x + " != nil {\n\t\tin, out := &in." + x + ", &out." + x + "\n\t\t*out = new(" + elem + ")\n\t\t**out = **in\n\t}\n")
		case cStruct:
			b.WriteString("\tin." + x + ".DeepCopyInto(&out." + x + ")\n")
		case cPtrStruct:
			b.WriteString("\tif in." + x + " != nil {\n\t\tin, out := &in." + x + ", &out." + x + "\n\t\t*out = new(" + elem + ")\n\t\t(*in).DeepCopyInto(*out)\n\t}\n")
		case cSliceStruct:
			b.WriteString("\tif in." + x + " != nil {\n\t\tin, out := &in." + x + ", &out." + x + "\n\t\t*out = make(" + fl.typ + ", len(*in))\n\t\tfor i := range *in {\n\t\t\t(*in)[i].DeepCopyInto(&(*out)[i])\n\t\t}\n\t}\n")
		}
	}
	b.WriteString("}\n\n")
	b.WriteString("// DeepCopy copies the receiver into a new " + n + ".\n")
	b.WriteString("func (in *" + n + ") DeepCopy() *" + n + " {\n\tif in == nil {\n\t\treturn nil\n\t}\n\tout := new(" + n + ")\n\tin.DeepCopyInto(out)\n\treturn out\n}\n\n")
	if s.root {
		b.WriteString("// DeepCopyObject copies the receiver into a new runtime.Object.\n")
		b.WriteString("func (in *" + n + ") DeepCopyObject() runtime.Object {\n\tif c := in.DeepCopy(); c != nil {\n\t\treturn c\n\t}\n\treturn nil\n}\n\n")
	}
	return b.String()
}

// apiTypes returns the pool types, the InfraCluster and template types, and
// (in the v1beta2 package) the InfraMachine types of one API package.
func apiTypes(a apiRef) (pool, other, machine []structType) {
	k := a.g.Kind()
	c := a.g.Cluster()
	spec := structType{name: k + "Spec", doc: []string{k + "Spec defines the desired state of " + k + "."}, fields: []field{
		f("ProviderID", "string", "providerID,omitempty", cPlain, "providerID is the identification ID of the pool.", "+optional"),
		f("ProviderIDList", "[]string", "providerIDList,omitempty", cStrings, "providerIDList are the identification IDs of machine instances provided by the provider.", "This field must match the provider IDs as seen on the node objects corresponding to a machine pool's machine instances.", "+optional"),
		f("InstanceType", "string", "instanceType,omitempty", cPlain, "instanceType is the type of instance to create.", "+optional"),
		f("MinSize", "int32", "minSize,omitempty", cPlain, "minSize is the smallest number of instances.", "+kubebuilder:validation:Minimum=0", "+optional"),
		f("MaxSize", "int32", "maxSize,omitempty", cPlain, "maxSize is the largest number of instances.", "+kubebuilder:validation:Minimum=1", "+optional"),
		f("AdditionalTags", "map[string]string", "additionalTags,omitempty", cStringMap, "additionalTags are added to every instance.", "+optional"),
		f("Image", k+"ImageSpec", "image,omitempty,omitzero", cStruct, "image selects the boot image.", "+optional"),
	}}
	image := structType{name: k + "ImageSpec", doc: []string{k + "ImageSpec selects an image by ID or by lookup labels."}, fields: []field{
		f("ID", "*string", "id,omitempty", cPtrScalar, "+optional"),
		f("Lookup", "map[string]string", "lookup,omitempty", cStringMap, "+optional"),
	}}
	instance := structType{name: k + "InstanceStatus", doc: []string{k + "InstanceStatus is the status of one instance of the pool."}, fields: []field{
		f("InstanceName", "string", "instanceName,omitempty", cPlain),
		f("ProviderID", "*string", "providerID,omitempty", cPtrScalar),
		f("Version", "*string", "version,omitempty", cPtrScalar),
		f("Ready", "bool", "ready", cPlain),
	}}
	root := structType{name: k, root: true, fields: []field{typeMeta, objectMeta,
		f("Spec", k+"Spec", "spec,omitempty", cStruct),
		f("Status", k+"Status", "status,omitempty", cStruct),
	}}
	list := structType{name: k + "List", root: true, doc: []string{"+kubebuilder:object:root=true", "", k + "List contains a list of " + k + "."}, fields: []field{typeMeta, listMeta,
		f("Items", "[]"+k, "items", cSliceStruct),
	}}

	var status structType
	var extra []structType
	if a.spoke() {
		status = structType{name: k + "Status", doc: []string{k + "Status is the v1beta1-contract status of " + k + "."}, fields: []field{
			f("Ready", "bool", "ready", cPlain, "ready is true when the provider resource is ready.", "+optional"),
			f("Replicas", "int32", "replicas", cPlain, "replicas is the most recently observed number of replicas.", "+optional"),
			f("Instances", "[]"+k+"InstanceStatus", "instances,omitempty", cSliceStruct, "+optional"),
			f("FailureReason", "*string", "failureReason,omitempty", cPtrScalar, "failureReason explains a terminal problem.", "+optional"),
			f("FailureMessage", "*string", "failureMessage,omitempty", cPtrScalar, "+optional"),
			f("Conditions", "clusterv1beta1.Conditions", "conditions,omitempty", cSliceStruct, "conditions define the current service state of the pool.", "+optional"),
		}}
		root.doc = []string{"+kubebuilder:object:root=true", "+kubebuilder:resource:path=" + strings.ToLower(k) + "s,scope=Namespaced,categories=cluster-api", "+kubebuilder:subresource:status", "", k + " is the v1beta1 API (a conversion spoke)."}
	} else {
		fields := []field{
			f("Conditions", "[]metav1.Condition", "conditions,omitempty", cSliceStruct, "conditions represent the observations of the pool's current state.", "+optional", "+listType=map", "+listMapKey=type", "+kubebuilder:validation:MaxItems=32"),
		}
		if a.g.dual {
			fields = append(fields,
				f("Ready", "*bool", "ready,omitempty", cPtrScalar, "ready is kept for released Cluster API cores, which read only this field.", "Deprecated: use initialization.provisioned.", "+optional"),
				f("Initialization", k+"InitializationStatus", "initialization,omitempty,omitzero", cStruct, "initialization provides observations of the pool's initialization process.", "+optional"),
			)
			extra = append(extra, structType{name: k + "InitializationStatus", doc: []string{k + "InitializationStatus reports the initialization of the pool.", "+kubebuilder:validation:MinProperties=1"}, fields: []field{
				f("Provisioned", "*bool", "provisioned,omitempty", cPtrScalar, "provisioned is true when the infrastructure provider reports that the pool's infrastructure is fully provisioned.", "+optional"),
			}})
		} else {
			fields = append(fields, f("Ready", "bool", "ready", cPlain, "ready is true when the provider resource is ready.", "+optional"))
		}
		fields = append(fields,
			f("Replicas", "int32", "replicas", cPlain, "replicas is the most recently observed number of replicas.", "+optional"),
			f("Instances", "[]"+k+"InstanceStatus", "instances,omitempty", cSliceStruct, "+optional"),
			f("Deprecated", "*"+k+"DeprecatedStatus", "deprecated,omitempty", cPtrStruct, "deprecated groups all the status fields that are deprecated and will be removed when all the nested field are removed.", "+optional"),
		)
		status = structType{name: k + "Status", doc: []string{k + "Status defines the observed state of " + k + "."}, fields: fields}
		extra = append(extra,
			structType{name: k + "DeprecatedStatus", doc: []string{k + "DeprecatedStatus groups all the status fields that are deprecated."}, fields: []field{
				f("V1Beta1", "*"+k+"V1Beta1DeprecatedStatus", "v1beta1,omitempty", cPtrStruct, "+optional"),
			}},
			structType{name: k + "V1Beta1DeprecatedStatus", doc: []string{k + "V1Beta1DeprecatedStatus keeps the v1beta1 fields."}, fields: []field{
				f("Conditions", "clusterv1beta1.Conditions", "conditions,omitempty", cSliceStruct, "+optional"),
				f("FailureReason", "*string", "failureReason,omitempty", cPtrScalar, "+optional"),
				f("FailureMessage", "*string", "failureMessage,omitempty", cPtrScalar, "+optional"),
			}},
		)
		root.doc = []string{"+kubebuilder:object:root=true", "+kubebuilder:resource:path=" + strings.ToLower(k) + "s,scope=Namespaced,categories=cluster-api", "+kubebuilder:storageversion", "+kubebuilder:subresource:status", "+kubebuilder:printcolumn:name=\"Replicas\",type=\"integer\",JSONPath=\".status.replicas\"", "", k + " is the Schema for the " + strings.ToLower(k) + "s API."}
	}
	pool = append([]structType{root, list, spec, image, status, instance}, extra...)

	// Non-pool kinds: an InfraCluster, a machine pool template.
	clusterStatus, clusterExtra := clusterStatusType(a)
	clusterDoc := []string{"+kubebuilder:object:root=true", "+kubebuilder:subresource:status", "", c + " is the infrastructure cluster of the Foo" + fmt.Sprint(a.g.idx) + " provider."}
	if !a.spoke() {
		clusterDoc = slices.Insert(clusterDoc, 1, "+kubebuilder:storageversion")
	}
	other = []structType{
		{name: c, root: true, doc: clusterDoc, fields: []field{typeMeta, objectMeta,
			f("Spec", c+"Spec", "spec,omitempty", cStruct),
			f("Status", c+"Status", "status,omitempty", cStruct),
		}},
		{name: c + "List", root: true, doc: []string{"+kubebuilder:object:root=true", "", c + "List contains a list of " + c + "."}, fields: []field{typeMeta, listMeta,
			f("Items", "[]"+c, "items", cSliceStruct),
		}},
		{name: c + "Spec", doc: []string{c + "Spec is the desired state of " + c + "."}, fields: []field{
			f("Region", "string", "region", cPlain),
			f("Network", c+"NetworkSpec", "network,omitempty,omitzero", cStruct, "+optional"),
			f("AdditionalTags", "map[string]string", "additionalTags,omitempty", cStringMap, "+optional"),
		}},
		{name: c + "NetworkSpec", doc: []string{c + "NetworkSpec describes the cluster network."}, fields: []field{
			f("CIDRBlocks", "[]string", "cidrBlocks,omitempty", cStrings, "+optional"),
			f("Subnets", "[]"+c+"SubnetSpec", "subnets,omitempty", cSliceStruct, "+optional"),
		}},
		{name: c + "SubnetSpec", doc: []string{c + "SubnetSpec is one subnet."}, fields: []field{
			f("ID", "string", "id", cPlain),
			f("CIDRBlock", "string", "cidrBlock,omitempty", cPlain, "+optional"),
			f("Zone", "*string", "zone,omitempty", cPtrScalar, "+optional"),
		}},
		clusterStatus,
		{name: k + "Template", root: true, doc: []string{"+kubebuilder:object:root=true", "", k + "Template is a template for " + k + "; it is not a pool."}, fields: []field{typeMeta, objectMeta,
			f("Spec", k+"TemplateSpec", "spec,omitempty", cStruct),
		}},
		{name: k + "TemplateSpec", doc: []string{k + "TemplateSpec holds the template."}, fields: []field{
			f("Template", k+"TemplateResource", "template", cStruct),
		}},
		{name: k + "TemplateResource", doc: []string{k + "TemplateResource describes the data needed to create a " + k + " from a template."}, fields: []field{
			f("Spec", k+"Spec", "spec", cStruct),
		}},
	}
	other = append(other, clusterExtra...)
	if !a.spoke() {
		machine = machineTypes(a.g)
	}
	return pool, other, machine
}

func genAPIs(w *writer, m *model) {
	for _, g := range m.groups {
		for _, v := range []string{"v1beta1", "v1beta2"} {
			genAPI(w, apiRef{g, v})
		}
	}
}

func genAPI(w *writer, a apiRef) {
	dir := a.g.dir() + "/" + a.version
	k := a.g.Kind()
	c := a.g.Cluster()
	pool, other, machine := apiTypes(a)

	gv := newFile(a.version, "// Package "+a.version+" contains the "+a.version+" API of the Foo"+fmt.Sprint(a.g.idx)+" provider.\n// +kubebuilder:object:generate=true\n// +groupName="+infraAPIGroup+"\n")
	gv.use(metav1Path, "metav1")
	gv.use(runtimePath, "")
	gv.use(schemaPath, "")
	localScheme, machineKinds := "", ""
	if !a.spoke() {
		machineKinds = "\n\t\t&" + a.g.Machine() + "{}, &" + a.g.Machine() + "List{},"
	}
	if a.spoke() {
		// zz_generated.conversion.go registers its functions here.
		localScheme = "\n\tlocalSchemeBuilder = &SchemeBuilder\n"
	}
	gv.p(`var (
	// GroupVersion is group version used to register these objects.
	GroupVersion = schema.GroupVersion{Group: "` + infraAPIGroup + `", Version: "` + a.version + `"}

	// SchemeBuilder registers the types of this group version.
	SchemeBuilder = runtime.NewSchemeBuilder(addKnownTypes)

	// AddToScheme adds the types in this group-version to the given scheme.
	AddToScheme = SchemeBuilder.AddToScheme
` + localScheme + `)

func addKnownTypes(scheme *runtime.Scheme) error {
	scheme.AddKnownTypes(GroupVersion,
		&` + k + `{}, &` + k + `List{},
		&` + c + `{}, &` + c + `List{},
		&` + k + `Template{},` + machineKinds + `
	)
	metav1.AddToGroupVersion(scheme, GroupVersion)
	return nil
}
`)
	w.goFile(dir+"/groupversion_info.go", gv)

	types := func(name string, sts []structType) {
		tf := newFile(a.version, "")
		tf.use(metav1Path, "metav1")
		uses := false
		for _, st := range sts {
			d := st.decl()
			uses = uses || strings.Contains(d, "clusterv1beta1.")
			tf.p(d)
		}
		if uses {
			tf.use(capiV1b1Path, "clusterv1beta1")
		}
		w.goFile(dir+"/"+name, tf)
	}
	types(strings.ToLower(k)+"_types.go", pool)
	types(strings.ToLower(c)+"_types.go", other)
	if machine != nil {
		types(strings.ToLower(a.g.Machine())+"_types.go", machine)
	}

	dc := newFile(a.version, "//go:build !ignore_autogenerated\n\n// Code generated by controller-gen. DO NOT EDIT.\n\n")
	dc.use(runtimePath, "")
	for _, st := range slices.Concat(pool, other, machine) {
		d := st.deepCopy()
		if strings.Contains(d, "metav1.") {
			dc.use(metav1Path, "metav1")
		}
		if strings.Contains(d, "clusterv1beta1.") {
			dc.use(capiV1b1Path, "clusterv1beta1")
		}
		dc.p(d)
	}
	w.goFile(dir+"/zz_generated.deepcopy.go", dc)

	// Condition accessors and small helpers, as providers hand-write them.
	h := newFile(a.version, "")
	h.use(capiV1b1Path, "clusterv1beta1")
	vars := map[string]string{"K": k, "C": c, "LK": strings.ToLower(k)}
	if a.spoke() {
		h.p(expand(`// GetConditions returns the conditions of the pool.
func (in *$K) GetConditions() clusterv1beta1.Conditions {
	return in.Status.Conditions
}

// SetConditions replaces the conditions of the pool.
func (in *$K) SetConditions(conditions clusterv1beta1.Conditions) {
	in.Status.Conditions = conditions
}

// GetConditions returns the conditions of the cluster.
func (in *$C) GetConditions() clusterv1beta1.Conditions {
	return in.Status.Conditions
}

// SetConditions replaces the conditions of the cluster.
func (in *$C) SetConditions(conditions clusterv1beta1.Conditions) {
	in.Status.Conditions = conditions
}
`, vars))
	} else {
		h.use(metav1Path, "metav1")
		h.p(expand(`// GetConditions returns the conditions of the pool.
func (in *$K) GetConditions() []metav1.Condition {
	return in.Status.Conditions
}

// SetConditions replaces the conditions of the pool.
func (in *$K) SetConditions(conditions []metav1.Condition) {
	in.Status.Conditions = conditions
}

// GetV1Beta1Conditions returns the deprecated v1beta1 conditions.
func (in *$K) GetV1Beta1Conditions() clusterv1beta1.Conditions {
	if in.Status.Deprecated == nil || in.Status.Deprecated.V1Beta1 == nil {
		return nil
	}
	return in.Status.Deprecated.V1Beta1.Conditions
}

// SetV1Beta1Conditions sets the deprecated v1beta1 conditions.
func (in *$K) SetV1Beta1Conditions(conditions clusterv1beta1.Conditions) {
	if in.Status.Deprecated == nil {
		in.Status.Deprecated = &$KDeprecatedStatus{}
	}
	if in.Status.Deprecated.V1Beta1 == nil {
		in.Status.Deprecated.V1Beta1 = &$KV1Beta1DeprecatedStatus{}
	}
	in.Status.Deprecated.V1Beta1.Conditions = conditions
}

// Hub marks $K as the conversion hub.
func (*$K) Hub() {}

// GetConditions returns the conditions of the cluster.
func (in *$C) GetConditions() []metav1.Condition {
	return in.Status.Conditions
}
`, vars))
	}
	h.p(expand(`
// InstanceNames lists the names of the pool's instances in order.
func (in *$K) InstanceNames() []string {
	names := make([]string, 0, len(in.Status.Instances))
	for _, inst := range in.Status.Instances {
		if inst.InstanceName != "" {
			names = append(names, inst.InstanceName)
		}
	}
	return names
}

// DesiredRange returns the pool's size bounds with defaults applied.
func (in *$K) DesiredRange() (minSize, maxSize int32) {
	minSize, maxSize = in.Spec.MinSize, in.Spec.MaxSize
	if maxSize == 0 {
		maxSize = 1
	}
	if minSize > maxSize {
		minSize = maxSize
	}
	return minSize, maxSize
}
`, vars))
	w.goFile(dir+"/"+strings.ToLower(k)+"_helpers.go", h)
	if a.spoke() {
		genSpokeConversions(w, a.g)
	}
	w.nonce(dir, a.version)
}
