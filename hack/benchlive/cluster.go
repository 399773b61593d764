package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	corev1 "k8s.io/api/core/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
)

const (
	infraGroup        = "infrastructure.cluster.x-k8s.io"
	controlPlaneGroup = "controlplane.cluster.x-k8s.io"
	version           = "v1beta2"
	poolKinds         = 10
)

// benchKind is one CRD the benchmark installs and fills.
type benchKind struct {
	kind, group string
	// pool kinds: status.ready is what every released core reads.
	pool bool
	// initField is the status.initialization field of the v1beta2 contract.
	initField string
}

// benchKinds are ten InfraMachinePool kinds Bench0MachinePool ...
// Bench9MachinePool, then an InfraCluster, an InfraMachine and a
// ControlPlane.
var benchKinds = func() []benchKind {
	var ks []benchKind
	for i := range poolKinds {
		ks = append(ks, benchKind{kind: fmt.Sprintf("Bench%dMachinePool", i), group: infraGroup, pool: true, initField: "provisioned"})
	}
	return append(ks,
		benchKind{kind: "BenchCluster", group: infraGroup, initField: "provisioned"},
		benchKind{kind: "BenchMachine", group: infraGroup, initField: "provisioned"},
		benchKind{kind: "BenchControlPlane", group: controlPlaneGroup, initField: "controlPlaneInitialized"},
	)
}()

// resourceName is the kind's plural.group, as kubectl takes it.
func (k benchKind) resourceName() string {
	return strings.ToLower(k.kind) + "s." + k.group
}

// schema is the v1beta2 schema of k: the pools mirror the v1beta2 version
// of live/testdata/crds/alpha.yaml (spec.providerIDList, status.ready,
// status.initialization.provisioned, status.replicas); the other kinds have
// their v1beta1 and v1beta2 readiness fields and a few of their points.
func (k benchKind) schema() *apiextensionsv1.JSONSchemaProps {
	str := apiextensionsv1.JSONSchemaProps{Type: "string"}
	boolean := apiextensionsv1.JSONSchemaProps{Type: "boolean"}
	integer := apiextensionsv1.JSONSchemaProps{Type: "integer", Format: "int32"}
	one := int64(1)
	spec := map[string]apiextensionsv1.JSONSchemaProps{"providerID": str}
	status := map[string]apiextensionsv1.JSONSchemaProps{
		"failureReason":  str,
		"failureMessage": str,
		"ready":          boolean,
		"initialization": {Type: "object", MinProperties: &one, Properties: map[string]apiextensionsv1.JSONSchemaProps{
			k.initField: boolean,
		}},
	}
	switch {
	case k.pool:
		spec["providerIDList"] = apiextensionsv1.JSONSchemaProps{Type: "array", Items: &apiextensionsv1.JSONSchemaPropsOrArray{Schema: &str}}
		status["replicas"] = integer
		status["infrastructureMachineKind"] = str
	case k.group == controlPlaneGroup:
		spec = map[string]apiextensionsv1.JSONSchemaProps{"replicas": integer, "version": str}
		for _, f := range []string{"replicas", "readyReplicas", "availableReplicas", "upToDateReplicas"} {
			status[f] = integer
		}
		status["initialized"] = boolean
		status["version"] = str
	}
	return &apiextensionsv1.JSONSchemaProps{
		Type: "object",
		Properties: map[string]apiextensionsv1.JSONSchemaProps{
			"apiVersion": str,
			"kind":       str,
			"metadata":   {Type: "object"},
			"spec":       {Type: "object", Properties: spec},
			"status":     {Type: "object", Properties: status},
		},
	}
}

// benchCRDs are the CRDs of benchKinds: namespaced, status subresource,
// labelled for the v1beta2 contract only.
func benchCRDs() []*apiextensionsv1.CustomResourceDefinition {
	var out []*apiextensionsv1.CustomResourceDefinition
	for _, k := range benchKinds {
		lower := strings.ToLower(k.kind)
		out = append(out, &apiextensionsv1.CustomResourceDefinition{
			ObjectMeta: metav1.ObjectMeta{
				Name:   k.resourceName(),
				Labels: map[string]string{"cluster.x-k8s.io/v1beta2": "v1beta2"},
			},
			Spec: apiextensionsv1.CustomResourceDefinitionSpec{
				Group: k.group,
				Names: apiextensionsv1.CustomResourceDefinitionNames{
					Kind: k.kind, ListKind: k.kind + "List", Plural: lower + "s", Singular: lower,
				},
				Scope: apiextensionsv1.NamespaceScoped,
				Versions: []apiextensionsv1.CustomResourceDefinitionVersion{{
					Name: version, Served: true, Storage: true,
					Schema:       &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: k.schema()},
					Subresources: &apiextensionsv1.CustomResourceSubresources{Status: &apiextensionsv1.CustomResourceSubresourceStatus{}},
				}},
			},
		})
	}
	return out
}

// cluster is the running envtest control plane plus a fast admin client.
type cluster struct {
	env        *envtest.Environment
	cfg        *rest.Config
	client     client.Client
	kubeconfig string
	namespaces int
	created    int // objects created so far: names pool-00000 ... pool-<created-1>
}

func startCluster(assets, dir string, namespaces int) (*cluster, error) {
	env := &envtest.Environment{
		BinaryAssetsDirectory: assets,
		CRDs:                  benchCRDs(),
		ErrorIfCRDPathMissing: true,
	}
	cfg, err := env.Start()
	if err != nil {
		return nil, fmt.Errorf("starting envtest: %w", err)
	}
	c := &cluster{env: env, cfg: cfg, namespaces: namespaces}
	fast := rest.CopyConfig(cfg)
	fast.QPS, fast.Burst = 500, 1000
	scheme := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(scheme); err != nil {
		c.stop()
		return nil, err
	}
	if c.client, err = client.New(fast, client.Options{Scheme: scheme}); err != nil {
		c.stop()
		return nil, err
	}
	if c.kubeconfig, err = writeKubeconfig(cfg, filepath.Join(dir, "kubeconfig")); err != nil {
		c.stop()
		return nil, err
	}
	ctx := context.Background()
	for i := range namespaces {
		ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: nsName(i)}}
		if err := c.client.Create(ctx, ns); err != nil {
			c.stop()
			return nil, fmt.Errorf("creating namespace %s: %w", ns.Name, err)
		}
	}
	return c, nil
}

func (c *cluster) stop() {
	if err := c.env.Stop(); err != nil {
		fmt.Fprintln(os.Stderr, "benchlive: stopping envtest:", err)
	}
}

func nsName(i int) string { return fmt.Sprintf("bench-%02d", i) }

// writeKubeconfig writes a kubeconfig for envtest's admin user.
func writeKubeconfig(cfg *rest.Config, path string) (string, error) {
	kc := clientcmdapi.NewConfig()
	kc.Clusters["envtest"] = &clientcmdapi.Cluster{Server: cfg.Host, CertificateAuthorityData: cfg.CAData}
	kc.AuthInfos["envtest-admin"] = &clientcmdapi.AuthInfo{
		ClientCertificateData: cfg.CertData, ClientKeyData: cfg.KeyData, Token: cfg.BearerToken,
	}
	kc.Contexts["envtest"] = &clientcmdapi.Context{Cluster: "envtest", AuthInfo: "envtest-admin"}
	kc.CurrentContext = "envtest"
	if err := clientcmd.WriteToFile(*kc, path); err != nil {
		return "", fmt.Errorf("writing kubeconfig: %w", err)
	}
	return path, nil
}

// oneField marks ~2% of the objects (1 in 50) with one readiness field
// only: a pool with status.initialization.provisioned without status.ready
// (one object-provisioned-only finding each), any other kind with only its
// v1beta1 field, which a v1beta2-labelled CRD's core never reads (one
// kind-object-unread finding each).
func oneField(i int) bool { return i%50 == 7 }

// kindOf is the kind of object i.
func kindOf(i int) benchKind { return benchKinds[i%len(benchKinds)] }

// benchObject is object i: kind i%len(benchKinds), namespace
// (i/len(benchKinds))%namespaces. A pool has a providerIDList of 3-6
// entries (a few hundred bytes of spec); a machine a providerID, a control
// plane replicas and a version. Both readiness fields agree, except
// oneField(i).
func (c *cluster) benchObject(i int) (obj *unstructured.Unstructured, status map[string]any) {
	k := kindOf(i)
	replicas := 3 + i%4
	ns := nsName((i / len(benchKinds)) % c.namespaces)
	id := func(r int) string {
		return fmt.Sprintf("aws:///us-east-1%c/i-%017x", 'a'+rune(r%3), uint64(i)*16+uint64(r))
	}
	spec := map[string]any{}
	status = map[string]any{}
	switch {
	case k.pool:
		ids := make([]any, replicas)
		for r := range ids {
			ids[r] = id(r)
		}
		spec["providerIDList"] = ids
		status["replicas"] = int64(replicas)
	case k.kind == "BenchMachine":
		spec["providerID"] = id(0)
	case k.group == controlPlaneGroup:
		spec["replicas"], spec["version"] = int64(replicas), "v1.34.1"
		for _, f := range []string{"replicas", "readyReplicas", "availableReplicas", "upToDateReplicas"} {
			status[f] = int64(replicas)
		}
		status["version"] = "v1.34.1"
	}
	obj = &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": k.group + "/" + version,
		"kind":       k.kind,
		"spec":       spec,
	}}
	obj.SetNamespace(ns)
	obj.SetName(fmt.Sprintf("obj-%05d", i))
	obj.SetLabels(map[string]string{
		"cluster.x-k8s.io/cluster-name": fmt.Sprintf("workload-%03d", i%97),
	})
	v1beta2 := !oneField(i) || k.pool
	v1beta1 := !oneField(i) || !k.pool
	if v1beta2 {
		status["initialization"] = map[string]any{k.initField: true}
	}
	if v1beta1 {
		status["ready"] = true
		if k.group == controlPlaneGroup {
			status["initialized"] = true
		}
	}
	return obj, status
}

// grow creates objects until the cluster holds n: a create, then the status
// through the status subresource, from `workers` goroutines.
func (c *cluster) grow(ctx context.Context, n, workers int) error {
	if n <= c.created {
		return nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	next := make(chan int)
	var (
		wg       sync.WaitGroup
		errOnce  sync.Once
		firstErr error
		done     atomic.Int64
	)
	for range workers {
		wg.Go(func() {
			for i := range next {
				if err := c.createOne(ctx, i); err != nil {
					errOnce.Do(func() { firstErr = err; cancel() })
					return
				}
				done.Add(1)
			}
		})
	}
	start := time.Now()
	ticker := time.NewTicker(10 * time.Second)
	defer ticker.Stop()
feed:
	for i := c.created; i < n; i++ {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		case <-ticker.C:
			fmt.Fprintf(os.Stderr, "benchlive: created %d/%d objects (%.0f s)\n", c.created+int(done.Load()), n, time.Since(start).Seconds())
			i-- // retry this index
		}
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	fmt.Fprintf(os.Stderr, "benchlive: created %d objects (now %d) in %.1f s\n", n-c.created, n, time.Since(start).Seconds())
	c.created = n
	return nil
}

func (c *cluster) createOne(ctx context.Context, i int) error {
	obj, status := c.benchObject(i)
	if err := c.client.Create(ctx, obj); err != nil {
		return fmt.Errorf("create %s %s/%s: %w", obj.GetKind(), obj.GetNamespace(), obj.GetName(), err)
	}
	obj.Object["status"] = status
	if err := c.client.Status().Update(ctx, obj); err != nil {
		return fmt.Errorf("status of %s %s/%s: %w", obj.GetKind(), obj.GetNamespace(), obj.GetName(), err)
	}
	return nil
}
