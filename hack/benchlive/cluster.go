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
	group   = "infrastructure.cluster.x-k8s.io"
	version = "v1beta2"
	kinds   = 10
)

// kindName is the i-th benchmark kind: Bench0MachinePool ... Bench9MachinePool.
func kindName(i int) string { return fmt.Sprintf("Bench%dMachinePool", i) }

// resourceName is its plural.group, as kubectl takes it.
func resourceName(i int) string {
	return strings.ToLower(kindName(i)) + "s." + group
}

// benchCRDs mirrors the v1beta2 version of live/testdata/crds/alpha.yaml:
// namespaced, status subresource, spec.providerIDList, status.ready,
// status.initialization.provisioned, status.replicas; labelled for the
// v1beta2 contract only.
func benchCRDs() []*apiextensionsv1.CustomResourceDefinition {
	str := apiextensionsv1.JSONSchemaProps{Type: "string"}
	one := int64(1)
	schema := &apiextensionsv1.JSONSchemaProps{
		Type: "object",
		Properties: map[string]apiextensionsv1.JSONSchemaProps{
			"apiVersion": str,
			"kind":       str,
			"metadata":   {Type: "object"},
			"spec": {Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{
				"providerIDList": {Type: "array", Items: &apiextensionsv1.JSONSchemaPropsOrArray{Schema: &str}},
				"providerID":     str,
			}},
			"status": {Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{
				"replicas":                  {Type: "integer", Format: "int32"},
				"failureReason":             str,
				"failureMessage":            str,
				"infrastructureMachineKind": str,
				"ready":                     {Type: "boolean"},
				"initialization": {Type: "object", MinProperties: &one, Properties: map[string]apiextensionsv1.JSONSchemaProps{
					"provisioned": {Type: "boolean"},
				}},
			}},
		},
	}
	var out []*apiextensionsv1.CustomResourceDefinition
	for i := range kinds {
		kind := kindName(i)
		lower := strings.ToLower(kind)
		out = append(out, &apiextensionsv1.CustomResourceDefinition{
			ObjectMeta: metav1.ObjectMeta{
				Name:   resourceName(i),
				Labels: map[string]string{"cluster.x-k8s.io/v1beta2": "v1beta2"},
			},
			Spec: apiextensionsv1.CustomResourceDefinitionSpec{
				Group: group,
				Names: apiextensionsv1.CustomResourceDefinitionNames{
					Kind: kind, ListKind: kind + "List", Plural: lower + "s", Singular: lower,
				},
				Scope: apiextensionsv1.NamespaceScoped,
				Versions: []apiextensionsv1.CustomResourceDefinitionVersion{{
					Name: version, Served: true, Storage: true,
					Schema:       &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: schema.DeepCopy()},
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

// provisionedOnly marks ~2% of the objects (1 in 50): status.initialization.
// provisioned without status.ready, one object-provisioned-only finding each.
func provisionedOnly(i int) bool { return i%50 == 7 }

// poolObject is object i: kind i%10, namespace (i/10)%namespaces, a
// providerIDList of 3-6 entries (a few hundred bytes of spec), and status
// that agrees on both readiness fields, except provisionedOnly(i).
func (c *cluster) poolObject(i int) (obj *unstructured.Unstructured, status map[string]any) {
	replicas := 3 + i%4
	ns := nsName((i / kinds) % c.namespaces)
	ids := make([]any, replicas)
	for r := range ids {
		ids[r] = fmt.Sprintf("aws:///us-east-1%c/i-%017x", 'a'+rune(r%3), uint64(i)*16+uint64(r))
	}
	obj = &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": group + "/" + version,
		"kind":       kindName(i % kinds),
		"spec":       map[string]any{"providerIDList": ids},
	}}
	obj.SetNamespace(ns)
	obj.SetName(fmt.Sprintf("pool-%05d", i))
	obj.SetLabels(map[string]string{
		"cluster.x-k8s.io/cluster-name": fmt.Sprintf("workload-%03d", i%97),
	})
	status = map[string]any{
		"initialization": map[string]any{"provisioned": true},
		"replicas":       int64(replicas),
	}
	if !provisionedOnly(i) {
		status["ready"] = true
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
	obj, status := c.poolObject(i)
	if err := c.client.Create(ctx, obj); err != nil {
		return fmt.Errorf("create %s %s/%s: %w", obj.GetKind(), obj.GetNamespace(), obj.GetName(), err)
	}
	obj.Object["status"] = status
	if err := c.client.Status().Update(ctx, obj); err != nil {
		return fmt.Errorf("status of %s %s/%s: %w", obj.GetKind(), obj.GetNamespace(), obj.GetName(), err)
	}
	return nil
}
