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
	Resolved    bool   `json:"resolved"`
	Provisioned bool   `json:"provisioned"`
	ProviderID  string `json:"providerID,omitempty"`
	// FailureReason and FailureMessage are the core object's v1beta1
	// failure fields (status.deprecated.v1beta1.* on a v1beta2 object).
	FailureReason  string `json:"failureReason,omitempty"`
	FailureMessage string `json:"failureMessage,omitempty"`
	// SpecFailureDomain and StatusFailureDomain are the Machine's.
	SpecFailureDomain   string `json:"specFailureDomain,omitempty"`
	StatusFailureDomain string `json:"statusFailureDomain,omitempty"`
	Addresses           int    `json:"addresses,omitempty"`
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

// RunInfraMachines installs the release's core CRDs and a provider CRD per
// label set, starts the release's runner, creates a Machine per label set
// and InfraMachine case in a fresh namespace, and records what the Machine
// reconciler concluded about each. One release per apiserver: the core CRDs
// are the release's own.
func RunInfraMachines(ctx context.Context, env *Env, run Runner, opt Options) (*Run, error) {
	if opt.Settle == 0 {
		opt.Settle = 60 * time.Second
	}
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	if _, err := envtest.InstallCRDs(env.Config, envtest.CRDInstallOptions{Paths: []string{run.CoreCRDDir()}, ErrorIfPathMissing: true}); err != nil {
		return nil, fmt.Errorf("oracle: installing the core CRDs of %s: %w", run.Release, err)
	}
	sets := LabelSets("Machine")
	var crds []*apiextensionsv1.CustomResourceDefinition
	for _, ls := range sets {
		crds = append(crds, providerCRD(ls))
	}
	if err := installCRDs(ctx, env, crds); err != nil {
		return nil, err
	}
	machineVersion, err := storageVersion(ctx, env, "machines."+contract.CoreGroup)
	if err != nil {
		return nil, err
	}

	stop, exited, err := startRunner(run, env.Kubeconfig, opt.Log)
	if err != nil {
		return nil, err
	}
	defer stop()

	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{GenerateName: "oracle-"}}
	if err := env.Client.Create(ctx, ns); err != nil {
		return nil, err
	}
	// A Cluster spec needs one field; the Machine reconciler reads none of it.
	cluster := coreObject(machineVersion, "Cluster", ns.Name, "oracle", map[string]any{"clusterNetwork": map[string]any{"serviceDomain": "cluster.local"}})
	if err := env.Client.Create(ctx, cluster); err != nil {
		return nil, fmt.Errorf("oracle: creating the Cluster: %w", err)
	}

	type pending struct {
		out     Outcome
		infra   *unstructured.Unstructured
		machine string
	}
	var all []*pending
	cases := InfraMachineCases()
	for _, ls := range sets {
		for i, c := range cases {
			name := ObjectName(ls, i)
			infra, err := createProviderObject(ctx, env, ls, ns.Name, name, c)
			if err != nil {
				return nil, err
			}
			m := coreObject(machineVersion, "Machine", ns.Name, name, machineSpec(machineVersion, ls, name))
			if err := env.Client.Create(ctx, m); err != nil {
				return nil, fmt.Errorf("oracle: creating Machine %s: %w", name, err)
			}
			all = append(all, &pending{
				out:   Outcome{Release: run.Release, Kind: contract.KindInfraMachine, Label: ls.Name, Case: c.Name},
				infra: infra, machine: name,
			})
		}
	}

	// Settled: the Machine carries the InfrastructureReady condition core
	// sets on every full reconcile, and its resourceVersion held still for
	// two polls.
	deadline := time.Now().Add(opt.Settle)
	last := map[string]string{}
	stable := map[string]int{}
	for {
		done := true
		for _, p := range all {
			m := coreObject(machineVersion, "Machine", ns.Name, p.machine, nil)
			if err := env.Client.Get(ctx, client.ObjectKeyFromObject(m), m); err != nil {
				return nil, err
			}
			rv := m.GetResourceVersion()
			if hasInfraCondition(m) && last[p.machine] == rv {
				stable[p.machine]++
			} else {
				stable[p.machine] = 0
			}
			last[p.machine] = rv
			if stable[p.machine] < 2 {
				done = false
			}
			p.out = readMachine(p.out, m, machineVersion)
			p.out.Settled = stable[p.machine] >= 2
		}
		if done || time.Now().After(deadline) {
			break
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-exited:
			return nil, fmt.Errorf("oracle: the runner of %s exited (its log says why)", run.Release)
		case <-time.After(500 * time.Millisecond):
		}
	}
	var out []Outcome
	for _, p := range all {
		u := p.infra.DeepCopy()
		if err := env.Client.Get(ctx, client.ObjectKeyFromObject(u), u); err != nil {
			return nil, err
		}
		p.out.Resolved = slices.ContainsFunc(u.GetOwnerReferences(), func(r metav1.OwnerReference) bool {
			return r.Kind == "Machine" && r.Name == p.machine
		})
		out = append(out, p.out)
	}
	return &Run{Namespace: ns.Name, Outcomes: out}, nil
}

// ObjectName names the provider object (and its Machine) of label set ls
// and the i-th case.
func ObjectName(ls LabelSet, i int) string {
	return fmt.Sprintf("%s-%02d", strings.ToLower(ls.Name), i)
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
		ObjectMeta: metav1.ObjectMeta{Name: ls.Plural() + "." + OracleGroup, Labels: ls.Labels},
		Spec: apiextensionsv1.CustomResourceDefinitionSpec{
			Group: OracleGroup,
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

// machineSpec references the provider object as a Machine of the core's
// storage version does: by apiGroup from v1beta2, by apiVersion before.
func machineSpec(version string, ls LabelSet, name string) map[string]any {
	ref := map[string]any{"kind": ls.Kind, "name": name}
	if version == contract.V1Beta1 {
		ref["apiVersion"] = OracleGroup + "/" + ls.Served[len(ls.Served)-1]
	} else {
		ref["apiGroup"] = OracleGroup
	}
	return map[string]any{
		"clusterName":       "oracle",
		"bootstrap":         map[string]any{"dataSecretName": "oracle-bootstrap"},
		"infrastructureRef": ref,
	}
}

func createProviderObject(ctx context.Context, env *Env, ls LabelSet, ns, name string, c Case) (*unstructured.Unstructured, error) {
	u := &unstructured.Unstructured{Object: map[string]any{"spec": runtime.DeepCopyJSONValue(c.Spec)}}
	u.SetGroupVersionKind(schema.GroupVersionKind{Group: OracleGroup, Version: ls.Served[len(ls.Served)-1], Kind: ls.Kind})
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

// hasInfraCondition reports whether core set the Machine's
// InfrastructureReady condition, which it does on every full reconcile:
// in status.conditions (v1beta2 Machines) or status.v1beta2.conditions.
func hasInfraCondition(m *unstructured.Unstructured) bool {
	for _, path := range [][]string{{"status", "conditions"}, {"status", "v1beta2", "conditions"}} {
		conds, _, _ := unstructured.NestedSlice(m.Object, path...)
		for _, c := range conds {
			if cm, ok := c.(map[string]any); ok && cm["type"] == "InfrastructureReady" {
				return true
			}
		}
	}
	return false
}

// machineMirrors are the Machine's paths for what it mirrors from its
// InfraMachine, per Machine API version, from the catalog's links.
func machineMirror(version string, a contract.Aspect) []string {
	for _, l := range contract.InfraMachine.Links {
		if l.CoreKind != "Machine" || l.APIVersion != version {
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

func readMachine(o Outcome, m *unstructured.Unstructured, version string) Outcome {
	str := func(path ...string) string {
		s, _, _ := unstructured.NestedString(m.Object, path...)
		return s
	}
	if p := machineMirror(version, contract.AspectReadiness); p != nil {
		o.Provisioned, _, _ = unstructured.NestedBool(m.Object, p...)
	}
	if p := machineMirror(version, contract.AspectProviderID); p != nil {
		o.ProviderID = str(p...)
	}
	failures := []string{"status"}
	if version != contract.V1Beta1 {
		failures = []string{"status", "deprecated", "v1beta1"}
	}
	o.FailureReason = str(append(slices.Clone(failures), "failureReason")...)
	o.FailureMessage = str(append(slices.Clone(failures), "failureMessage")...)
	o.SpecFailureDomain = str("spec", "failureDomain")
	o.StatusFailureDomain = str("status", "failureDomain")
	addrs, _, _ := unstructured.NestedSlice(m.Object, "status", "addresses")
	o.Addresses = len(addrs)
	return o
}
