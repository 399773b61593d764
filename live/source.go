package live

import (
	"context"
	"fmt"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Source is where the audit reads from: a cluster or a dump.
type Source interface {
	// Name identifies the cluster (context name) or the dump (file path).
	Name() string
	// CRDs lists every CustomResourceDefinition.
	CRDs(ctx context.Context) ([]apiextensionsv1.CustomResourceDefinition, error)
	// List calls each for every object of gvk in scope, a page at a time,
	// so memory stays bounded by the page size.
	List(ctx context.Context, gvk schema.GroupVersionKind, scope Scope, each func(*unstructured.Unstructured) error) error
	// Get reads one object; it returns a NotFound error when absent.
	Get(ctx context.Context, gvk schema.GroupVersionKind, namespace, name string) (*unstructured.Unstructured, error)
}

// Scope narrows a list: Namespace "" means all namespaces; LabelSelector
// uses kubectl's syntax.
type Scope struct {
	Namespace     string
	LabelSelector string
}

// ClusterSource reads a cluster through controller-runtime's client,
// uncached: every call is a request, every list paginated.
type ClusterSource struct {
	name     string
	client   client.Client
	pageSize int64
}

// DefaultPageSize bounds how many objects a list holds in memory.
const DefaultPageSize = 500

// NewClusterSource builds a read-only client for cfg.
func NewClusterSource(name string, cfg *rest.Config, pageSize int64) (*ClusterSource, error) {
	scheme := runtime.NewScheme()
	if err := apiextensionsv1.AddToScheme(scheme); err != nil {
		return nil, err
	}
	c, err := client.New(cfg, client.Options{Scheme: scheme})
	if err != nil {
		return nil, fmt.Errorf("connecting to %s: %w", name, err)
	}
	if pageSize <= 0 {
		pageSize = DefaultPageSize
	}
	return &ClusterSource{name: name, client: c, pageSize: pageSize}, nil
}

func (s *ClusterSource) Name() string { return s.name }

func (s *ClusterSource) CRDs(ctx context.Context) ([]apiextensionsv1.CustomResourceDefinition, error) {
	var out []apiextensionsv1.CustomResourceDefinition
	cont := ""
	for {
		list := &apiextensionsv1.CustomResourceDefinitionList{}
		if err := s.client.List(ctx, list, client.Limit(s.pageSize), client.Continue(cont)); err != nil {
			return nil, err
		}
		out = append(out, list.Items...)
		if cont = list.GetContinue(); cont == "" {
			return out, nil
		}
	}
}

func (s *ClusterSource) List(ctx context.Context, gvk schema.GroupVersionKind, scope Scope, each func(*unstructured.Unstructured) error) error {
	sel, err := labels.Parse(scope.LabelSelector)
	if err != nil {
		return err
	}
	cont := ""
	for {
		list := &unstructured.UnstructuredList{}
		list.SetGroupVersionKind(gvk.GroupVersion().WithKind(gvk.Kind + "List"))
		opts := []client.ListOption{client.Limit(s.pageSize), client.Continue(cont), client.MatchingLabelsSelector{Selector: sel}}
		if scope.Namespace != "" {
			opts = append(opts, client.InNamespace(scope.Namespace))
		}
		if err := s.client.List(ctx, list, opts...); err != nil {
			return err
		}
		for i := range list.Items {
			if err := each(&list.Items[i]); err != nil {
				return err
			}
		}
		if cont = list.GetContinue(); cont == "" {
			return nil
		}
	}
}

func (s *ClusterSource) Get(ctx context.Context, gvk schema.GroupVersionKind, namespace, name string) (*unstructured.Unstructured, error) {
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(gvk)
	if err := s.client.Get(ctx, client.ObjectKey{Namespace: namespace, Name: name}, u); err != nil {
		return nil, err
	}
	return u, nil
}
