package oracle

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"

	"github.com/mpaudit/mpaudit/contract"
)

// Outcome is what core concluded about one provider object: the fields of
// the core object that references it.
type Outcome struct {
	Release contract.Release `json:"release"`
	Kind    string           `json:"kind"`
	// Label is the provider CRD's label set (v1beta1, v1beta2, both).
	Label string `json:"label"`
	Case  string `json:"case"`
	// Resolved: core fetched the provider object (it set itself as the object's owner).
	Resolved bool `json:"resolved"`
	// Provisioned: the core object reports the provider object provisioned
	// (initialized, for a control plane).
	Provisioned bool   `json:"coreProvisioned"`
	ProviderID  string `json:"providerID,omitempty"`
	// DataSecretName is the Machine's spec.bootstrap.dataSecretName.
	DataSecretName string `json:"dataSecretName,omitempty"`
	// FailureDomains are the Cluster's failure domain names, comma-separated.
	FailureDomains string `json:"failureDomains,omitempty"`
	// ControlPlaneReady is a v1beta1 Cluster's status.controlPlaneReady
	// where it reports the control plane's status.ready (before v1.11).
	ControlPlaneReady bool `json:"controlPlaneReady,omitempty"`
	// FailureReason and FailureMessage are the core object's v1beta1
	// failure fields (status.deprecated.v1beta1.* on a v1beta2 object).
	FailureReason  string `json:"failureReason,omitempty"`
	FailureMessage string `json:"failureMessage,omitempty"`
	// SpecFailureDomain and StatusFailureDomain are the Machine's.
	SpecFailureDomain   string `json:"specFailureDomain,omitempty"`
	StatusFailureDomain string `json:"statusFailureDomain,omitempty"`
	Addresses           int    `json:"addresses,omitempty"`
	// ProviderIDs (comma-separated) and Replicas are what a MachinePool
	// holds of its pool's provider ID list and replica count.
	ProviderIDs string `json:"coreProviderIDs,omitempty"`
	Replicas    int    `json:"coreReplicas,omitempty"`
	// NodeRefs counts the Nodes a MachinePool references: the workload
	// cluster's Nodes core matched to the provider IDs it copied. The
	// catalog has no say in it; it is checked against the record only.
	NodeRefs int `json:"coreNodeRefs,omitempty"`
	// Settled is false when the core object had not settled within the bound.
	Settled bool `json:"settled"`
}

// Key names the outcome's object.
func (o Outcome) Key() string {
	return fmt.Sprintf("%s %s label=%s %s", o.Release, o.Kind, o.Label, o.Case)
}

// Env is an apiserver the oracle runs in (an envtest it started or was given).
type Env struct {
	Config *rest.Config
	Client client.Client
	// Kubeconfig is a kubeconfig file for Config, handed to the runner.
	Kubeconfig string
}

// NewEnv wraps a started envtest apiserver; dir holds the kubeconfig it writes.
func NewEnv(cfg *rest.Config, dir string) (*Env, error) {
	scheme := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(scheme); err != nil {
		return nil, err
	}
	if err := apiextensionsv1.AddToScheme(scheme); err != nil {
		return nil, err
	}
	c, err := client.New(cfg, client.Options{Scheme: scheme})
	if err != nil {
		return nil, err
	}
	kc := clientcmdapi.NewConfig()
	kc.Clusters["envtest"] = &clientcmdapi.Cluster{Server: cfg.Host, CertificateAuthorityData: cfg.CAData}
	kc.AuthInfos["admin"] = &clientcmdapi.AuthInfo{ClientCertificateData: cfg.CertData, ClientKeyData: cfg.KeyData, Token: cfg.BearerToken}
	kc.Contexts["envtest"] = &clientcmdapi.Context{Cluster: "envtest", AuthInfo: "admin"}
	kc.CurrentContext = "envtest"
	path := filepath.Join(dir, "oracle.kubeconfig")
	if err := clientcmd.WriteToFile(*kc, path); err != nil {
		return nil, err
	}
	return &Env{Config: cfg, Client: c, Kubeconfig: path}, nil
}

// Options bound a run.
type Options struct {
	// Settle is how long core gets to settle every object (default 60s).
	Settle time.Duration
	// Log receives the runner's output.
	Log io.Writer
}

// Run is one release's measured outcomes and where their objects are.
type Run struct {
	// Namespace holds the Cluster, Machines and provider objects, left in
	// place so other modes (live) can be run against the same objects.
	Namespace string
	Outcomes  []Outcome
}

// RunProbes installs the release's core CRDs and a provider CRD per probe
// and label set, starts the release's runner, creates a core object per
// label set and case of each probe in a fresh namespace, and records what
// core's reconcilers concluded about each. One release per apiserver: the
// core CRDs are the release's own.
func RunProbes(ctx context.Context, env *Env, run Runner, probes []*Probe, opt Options) (*Run, error) {
	var items []item
	for _, p := range probes {
		for _, ls := range p.LabelSets() {
			for i, c := range p.Cases() {
				items = append(items, item{probe: p, ls: ls, c: c, name: p.ObjectName(ls, i), namespaced: true})
			}
		}
	}
	ns, results, err := runItems(ctx, env, run, nil, items, opt)
	if err != nil {
		return nil, err
	}
	out := make([]Outcome, len(results))
	for i, r := range results {
		if r.Err != nil {
			return nil, r.Err
		}
		out[i] = r.Outcome
	}
	return &Run{Namespace: ns, Outcomes: out}, nil
}

// Subject is a provider object of a provider's own CRD to run core against.
type Subject struct {
	Probe *Probe
	// CRD is the provider's CRD: its group, kind and labels; Served names
	// the one version the object is written at.
	CRD LabelSet
	// Namespaced is false for a cluster-scoped CRD.
	Namespaced bool
	// Name names the object and the core object referencing it.
	Name string
	Case Case
}

// Result is what core concluded about a subject; Err is why the object
// could not be created (the apiserver refused it), and then Outcome is empty.
type Result struct {
	Outcome Outcome
	Err     error
}

// RunSubjects is RunProbes for provider objects of the provider's own CRDs:
// it installs the release's core CRDs, the probes' own CRDs (a
// BootstrapConfig's Machine names an InfraMachine kind) and crds, and
// records core's outcome per subject, in order. An object the apiserver
// refuses is that subject's Err, not the run's.
func RunSubjects(ctx context.Context, env *Env, run Runner, crds []*apiextensionsv1.CustomResourceDefinition, subjects []Subject, opt Options) ([]Result, error) {
	items := make([]item, len(subjects))
	for i, s := range subjects {
		items[i] = item{probe: s.Probe, ls: s.CRD, c: s.Case, name: s.Name, namespaced: s.Namespaced, keepGoing: true}
	}
	_, res, err := runItems(ctx, env, run, crds, items, opt)
	return res, err
}

// item is one provider object and the core object that references it.
type item struct {
	probe      *Probe
	ls         LabelSet
	c          Case
	name       string
	namespaced bool
	// keepGoing: a refused object is the item's error, not the run's.
	keepGoing bool
}

func runItems(ctx context.Context, env *Env, run Runner, extra []*apiextensionsv1.CustomResourceDefinition, items []item, opt Options) (string, []Result, error) {
	if opt.Settle == 0 {
		opt.Settle = 90 * time.Second
	}
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	if _, err := envtest.InstallCRDs(env.Config, envtest.CRDInstallOptions{Paths: []string{run.CoreCRDDir()}, ErrorIfPathMissing: true}); err != nil {
		return "", nil, fmt.Errorf("oracle: installing the core CRDs of %s: %w", run.Release, err)
	}
	var crds []*apiextensionsv1.CustomResourceDefinition
	for _, p := range Probes { // every probe's CRDs: a BootstrapConfig's Machine references an InfraMachine kind
		for _, ls := range p.LabelSets() {
			crds = append(crds, providerCRD(ls))
		}
	}
	if err := installCRDs(ctx, env, append(crds, extra...)); err != nil {
		return "", nil, err
	}
	version, err := storageVersion(ctx, env, "machines."+contract.CoreGroup)
	if err != nil {
		return "", nil, err
	}

	stop, exited, err := startRunner(run, env.Kubeconfig, opt.Log)
	if err != nil {
		return "", nil, err
	}
	defer stop()

	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{GenerateName: "oracle-"}}
	if err := env.Client.Create(ctx, ns); err != nil {
		return "", nil, err
	}
	// The Machines' Cluster; its spec needs one field, and the Machine
	// reconciler reads none of it.
	cluster := coreObject(version, "Cluster", ns.Name, clusterName, clusterSpec())
	if err := env.Client.Create(ctx, cluster); err != nil {
		return "", nil, fmt.Errorf("oracle: creating the Cluster: %w", err)
	}
	if slices.ContainsFunc(items, func(it item) bool { return it.probe.workload }) {
		if err := connectWorkload(ctx, env, run.Release, version, ns.Name, items, opt.Settle); err != nil {
			return "", nil, err
		}
	}

	type pending struct {
		probe *Probe
		out   Outcome
		infra *unstructured.Unstructured
		name  string
	}
	results := make([]Result, len(items))
	var all []*pending
	index := map[*pending]int{}
	for i, it := range items {
		p, ls := it.probe, it.ls
		objNS := ns.Name
		if !it.namespaced {
			objNS = ""
		}
		obj, err := createProviderObject(ctx, env, ls, objNS, it.name, it.c)
		if err != nil {
			if it.keepGoing {
				results[i].Err = err
				continue
			}
			return "", nil, err
		}
		core := coreObject(version, p.CoreKind, ns.Name, it.name, p.coreSpec(version, ns.Name, ls, it.name))
		if err := env.Client.Create(ctx, core); err != nil {
			return "", nil, fmt.Errorf("oracle: creating %s %s: %w", p.CoreKind, it.name, err)
		}
		pd := &pending{
			probe: p, infra: obj, name: it.name,
			out: Outcome{Release: run.Release, Kind: p.Kind.Name, Label: ls.Name, Case: it.c.Name},
		}
		all = append(all, pd)
		index[pd] = i
	}

	// Settled: the core object carries the condition core sets on every
	// full reconcile, and its resourceVersion held still for two polls.
	deadline := time.Now().Add(opt.Settle)
	last := map[*pending]string{}
	stable := map[*pending]int{}
	for {
		done := true
		for _, p := range all {
			u := coreObject(version, p.probe.CoreKind, ns.Name, p.name, nil)
			if err := env.Client.Get(ctx, client.ObjectKeyFromObject(u), u); err != nil {
				return "", nil, err
			}
			rv := u.GetResourceVersion()
			if last[p] == rv {
				stable[p]++
			} else {
				stable[p] = 0
			}
			last[p] = rv
			// Settled: core set its condition and the object held still for
			// two polls, or core took the object (its finalizer) and left it
			// alone for five seconds (a reconcile that fails before the
			// condition, such as a panic).
			settled := (hasCondition(u, p.probe.Condition) && stable[p] >= 2) || (len(u.GetFinalizers()) > 0 && stable[p] >= 10)
			if !settled {
				done = false
			}
			p.out = readCore(p.probe, p.out, u, version)
			p.out.Settled = settled
		}
		if done || time.Now().After(deadline) {
			break
		}
		select {
		case <-ctx.Done():
			return "", nil, ctx.Err()
		case <-exited:
			return "", nil, fmt.Errorf("oracle: the runner of %s exited (its log says why)", run.Release)
		case <-time.After(500 * time.Millisecond):
		}
	}
	for _, p := range all {
		u := p.infra.DeepCopy()
		if err := env.Client.Get(ctx, client.ObjectKeyFromObject(u), u); err != nil {
			return "", nil, err
		}
		p.out.Resolved = slices.ContainsFunc(u.GetOwnerReferences(), func(r metav1.OwnerReference) bool {
			return r.Kind == p.probe.CoreKind && r.Name == p.name
		})
		results[index[p]].Outcome = p.out
	}
	return ns.Name, results, nil
}

// clusterSpec is a Cluster's spec: it needs one field, and core's
// reconcilers the oracle runs read none of it.
func clusterSpec() map[string]any {
	return map[string]any{"clusterNetwork": map[string]any{"serviceDomain": "cluster.local"}}
}

// coreStatusNodeRefs is where a MachinePool (either API version) lists its Nodes.
var coreStatusNodeRefs = []string{contract.ObjectStatus, "nodeRefs"}

// connectWorkload gives core a workload cluster for the workload probes'
// objects: the envtest apiserver itself, named by a kubeconfig Secret of
// workloadCluster (core's ClusterCache reads <cluster>-kubeconfig, key
// value; from v1.14 it caches only Secrets labelled with their Cluster),
// holding a ready Node for each provider ID the items list. It waits until
// core reports the connection (the Cluster's RemoteConnectionProbe
// condition true), so no object is reconciled before core can read Nodes.
func connectWorkload(ctx context.Context, env *Env, r contract.Release, version, ns string, items []item, timeout time.Duration) error {
	kubeconfig, err := os.ReadFile(env.Kubeconfig)
	if err != nil {
		return err
	}
	secret := &corev1.Secret{
		ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: workloadCluster + "-kubeconfig",
			Labels: map[string]string{contract.CoreGroup + "/cluster-name": workloadCluster}},
		Type: corev1.SecretType(contract.CoreGroup + "/secret"),
		Data: map[string][]byte{"value": kubeconfig},
	}
	if err := env.Client.Create(ctx, secret); err != nil {
		return fmt.Errorf("oracle: creating the workload cluster's kubeconfig Secret: %w", err)
	}
	var ids []string
	for _, it := range items {
		if it.probe.workload {
			for _, id := range caseProviderIDs(it.probe.Kind, it.c) {
				if !slices.Contains(ids, id) {
					ids = append(ids, id)
				}
			}
		}
	}
	for _, id := range ids {
		if err := createReadyNode(ctx, env, id); err != nil {
			return err
		}
	}
	cluster := coreObject(version, "Cluster", ns, workloadCluster, clusterSpec())
	if err := env.Client.Create(ctx, cluster); err != nil {
		return fmt.Errorf("oracle: creating the workload Cluster: %w", err)
	}
	deadline := time.Now().Add(timeout)
	for {
		if err := env.Client.Get(ctx, client.ObjectKeyFromObject(cluster), cluster); err != nil {
			return err
		}
		if conditionTrue(cluster, "RemoteConnectionProbe") {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("oracle: core %s did not connect to Cluster %s's workload cluster (the envtest apiserver) within %s", r, workloadCluster, timeout)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// createReadyNode creates a Node with the provider ID, Ready since now.
func createReadyNode(ctx context.Context, env *Env, providerID string) error {
	node := &corev1.Node{ObjectMeta: metav1.ObjectMeta{GenerateName: "oracle-node-"}, Spec: corev1.NodeSpec{ProviderID: providerID}}
	if err := env.Client.Create(ctx, node); err != nil {
		return fmt.Errorf("oracle: creating the Node of %s: %w", providerID, err)
	}
	now := metav1.Now()
	node.Status.Conditions = []corev1.NodeCondition{{Type: corev1.NodeReady, Status: corev1.ConditionTrue, LastHeartbeatTime: now, LastTransitionTime: now, Reason: "Oracle"}}
	if err := env.Client.Status().Update(ctx, node); err != nil {
		return fmt.Errorf("oracle: making the Node of %s ready: %w", providerID, err)
	}
	return nil
}

// startRunner starts the runner against kubeconfig; stop ends it (only
// it), exited is closed when it ends.
func startRunner(run Runner, kubeconfig string, log io.Writer) (stop func(), exited <-chan struct{}, err error) {
	cmd := exec.Command(run.Bin, "-kubeconfig", kubeconfig)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		return nil, nil, fmt.Errorf("oracle: starting the runner of %s: %w", run.Release, err)
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	return func() {
		_ = cmd.Process.Signal(os.Interrupt)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	}, done, nil
}

// providerCRD is a provider CRD for a label set: spec and status keep any
// field (the cases write every combination), status is a subresource.
func providerCRD(ls LabelSet) *apiextensionsv1.CustomResourceDefinition {
	open := &apiextensionsv1.JSONSchemaProps{Type: "object", XPreserveUnknownFields: new(true)}
	schemaProps := &apiextensionsv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{
		"apiVersion": {Type: "string"}, "kind": {Type: "string"}, "metadata": {Type: "object"},
		"spec": *open, "status": *open,
	}}
	crd := &apiextensionsv1.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: ls.Plural() + "." + ls.Group, Labels: ls.Labels},
		Spec: apiextensionsv1.CustomResourceDefinitionSpec{
			Group: ls.Group,
			Names: apiextensionsv1.CustomResourceDefinitionNames{Kind: ls.Kind, ListKind: ls.Kind + "List", Plural: ls.Plural(), Singular: strings.ToLower(ls.Kind)},
			Scope: apiextensionsv1.NamespaceScoped,
		},
	}
	for i, v := range ls.Served {
		crd.Spec.Versions = append(crd.Spec.Versions, apiextensionsv1.CustomResourceDefinitionVersion{
			Name: v, Served: true, Storage: i == len(ls.Served)-1,
			Schema:       &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: schemaProps},
			Subresources: &apiextensionsv1.CustomResourceSubresources{Status: &apiextensionsv1.CustomResourceSubresourceStatus{}},
		})
	}
	return crd
}

func installCRDs(ctx context.Context, env *Env, crds []*apiextensionsv1.CustomResourceDefinition) error {
	for _, crd := range crds {
		if err := env.Client.Create(ctx, crd); err != nil && !apierrors.IsAlreadyExists(err) {
			return fmt.Errorf("oracle: creating CRD %s: %w", crd.Name, err)
		}
	}
	objs := make([]*apiextensionsv1.CustomResourceDefinition, len(crds))
	copy(objs, crds)
	return envtest.WaitForCRDs(env.Config, objs, envtest.CRDInstallOptions{MaxTime: 30 * time.Second, PollInterval: 100 * time.Millisecond})
}

func storageVersion(ctx context.Context, env *Env, crdName string) (string, error) {
	crd := &apiextensionsv1.CustomResourceDefinition{}
	if err := env.Client.Get(ctx, client.ObjectKey{Name: crdName}, crd); err != nil {
		return "", fmt.Errorf("oracle: reading CRD %s: %w", crdName, err)
	}
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			return v.Name, nil
		}
	}
	return "", fmt.Errorf("oracle: CRD %s has no storage version", crdName)
}

func coreObject(version, kind, ns, name string, spec map[string]any) *unstructured.Unstructured {
	u := &unstructured.Unstructured{Object: map[string]any{}}
	u.SetGroupVersionKind(schema.GroupVersionKind{Group: contract.CoreGroup, Version: version, Kind: kind})
	u.SetNamespace(ns)
	u.SetName(name)
	if spec != nil {
		u.Object["spec"] = spec
	}
	return u
}

func createProviderObject(ctx context.Context, env *Env, ls LabelSet, ns, name string, c Case) (*unstructured.Unstructured, error) {
	u := &unstructured.Unstructured{Object: map[string]any{"spec": runtime.DeepCopyJSONValue(c.Spec)}}
	u.SetGroupVersionKind(schema.GroupVersionKind{Group: ls.Group, Version: ls.Storage(), Kind: ls.Kind})
	u.SetNamespace(ns)
	u.SetName(name)
	if err := env.Client.Create(ctx, u); err != nil {
		return nil, fmt.Errorf("oracle: creating %s %s: %w", ls.Kind, name, err)
	}
	if len(c.Status) > 0 {
		u.Object["status"] = runtime.DeepCopyJSONValue(c.Status)
		if err := env.Client.Status().Update(ctx, u); err != nil {
			return nil, fmt.Errorf("oracle: writing the status of %s %s: %w", ls.Kind, name, err)
		}
	}
	return u, nil
}

// hasCondition reports whether core set the condition on its object: in
// status.conditions, status.v1beta2.conditions or, for core objects that
// keep only v1beta1 conditions (MachinePool), status.deprecated.v1beta1.conditions.
func hasCondition(u *unstructured.Unstructured, condition string) bool {
	for _, path := range []string{contract.PathConditions, contract.PathStageOneConditions, contract.PathDeprecatedV1B1 + "." + contract.Leaf(contract.PathConditions)} {
		conds, _, _ := unstructured.NestedSlice(u.Object, strings.Split(path, ".")...)
		for _, c := range conds {
			if cm, ok := c.(map[string]any); ok && cm["type"] == condition {
				return true
			}
		}
	}
	return false
}

// conditionTrue reports whether the core object's condition (where
// hasCondition looks) has status True.
func conditionTrue(u *unstructured.Unstructured, condition string) bool {
	for _, path := range []string{contract.PathConditions, contract.PathStageOneConditions} {
		conds, _, _ := unstructured.NestedSlice(u.Object, strings.Split(path, ".")...)
		for _, c := range conds {
			if cm, ok := c.(map[string]any); ok && cm["type"] == condition && cm["status"] == string(metav1.ConditionTrue) {
				return true
			}
		}
	}
	return false
}

// mirror is the core object's path for what it mirrors of aspect a from
// the probe's kind, for core release r's objects of API version, from the
// catalog's links.
func mirror(p *Probe, r contract.Release, version string, a contract.Aspect) []string {
	for _, l := range p.Kind.Links {
		if l.CoreKind != p.CoreKind || l.APIVersion != version || !l.At(r) {
			continue
		}
		for _, m := range l.Reports {
			if m.Aspect == a {
				return strings.Split(m.Path, ".")
			}
		}
	}
	return nil
}

func readCore(p *Probe, o Outcome, u *unstructured.Unstructured, version string) Outcome {
	str := func(path ...string) string {
		s, _, _ := unstructured.NestedString(u.Object, path...)
		return s
	}
	if path := mirror(p, o.Release, version, contract.AspectReadiness); path != nil {
		o.Provisioned, _, _ = unstructured.NestedBool(u.Object, path...)
	}
	if path := mirror(p, o.Release, version, contract.AspectControlPlaneReady); path != nil {
		o.ControlPlaneReady, _, _ = unstructured.NestedBool(u.Object, path...)
	}
	if path := mirror(p, o.Release, version, contract.AspectProviderID); path != nil {
		o.ProviderID = str(path...)
	}
	if path := mirror(p, o.Release, version, contract.AspectDataSecretName); path != nil {
		o.DataSecretName = str(path...)
	}
	if path := mirror(p, o.Release, version, contract.AspectFailureDomains); path != nil {
		v, _, _ := unstructured.NestedFieldNoCopy(u.Object, path...)
		o.FailureDomains = strings.Join(domainNames(v), ",")
	}
	if path := mirror(p, o.Release, version, contract.AspectProviderIDList); path != nil {
		ids, _, _ := unstructured.NestedStringSlice(u.Object, path...)
		o.ProviderIDs = strings.Join(ids, ",")
	}
	if path := mirror(p, o.Release, version, contract.AspectReplicas); path != nil {
		n, _, _ := unstructured.NestedInt64(u.Object, path...)
		o.Replicas = int(n)
	}
	if p.workload {
		refs, _, _ := unstructured.NestedSlice(u.Object, coreStatusNodeRefs...)
		o.NodeRefs = len(refs)
	}
	// Core objects keep their v1beta1 failure fields where the contract's
	// points of the object's API version are.
	o.FailureReason = str(strings.Split(at(p.Kind, contract.Contract(version), contract.AspectFailureReason), ".")...)
	o.FailureMessage = str(strings.Split(at(p.Kind, contract.Contract(version), contract.AspectFailureMessage), ".")...)
	if p.Kind == &contract.InfraMachine {
		for _, c := range []contract.Contract{contract.V1Beta1, contract.V1Beta2} {
			// The Machine keeps each failure domain at the InfraMachine point's path.
			d := str(strings.Split(at(p.Kind, c, contract.AspectMachineFailureDomain), ".")...)
			if c == contract.V1Beta1 {
				o.SpecFailureDomain = d
			} else {
				o.StatusFailureDomain = d
			}
		}
		if path := mirror(p, o.Release, version, contract.AspectAddresses); path != nil {
			addrs, _, _ := unstructured.NestedSlice(u.Object, path...)
			o.Addresses = len(addrs)
		}
	}
	return o
}

// domainNames are the names of failure domains in either shape: a v1beta1
// map keyed by name, or a v1beta2 list of objects with a name; sorted.
func domainNames(v any) []string {
	var out []string
	switch d := v.(type) {
	case map[string]any:
		for name := range d {
			out = append(out, name)
		}
	case []any:
		for _, e := range d {
			if m, ok := e.(map[string]any); ok {
				if name, ok := m["name"].(string); ok {
					out = append(out, name)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}
