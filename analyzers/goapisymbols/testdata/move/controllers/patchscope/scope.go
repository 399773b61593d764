// Package patchscope keeps its v1beta1 patch helper inside an exported
// scope type, out of other packages' reach: the import moves.
package patchscope

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch" // want `^MPA702 warning: sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch: the import is .*successor is sigs.k8s.io/cluster-api/util/patch.*$` `^MPA702: move scope.go to Cluster API's v1beta2 Go API$`
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Scope patches a ConfigMap.
type Scope struct {
	ConfigMap *corev1.ConfigMap
	helper    *patch.Helper
}

// NewScope returns the scope of m.
func NewScope(c client.Client, m *corev1.ConfigMap) (*Scope, error) {
	h, err := patch.NewHelper(m, c)
	if err != nil {
		return nil, err
	}
	return &Scope{ConfigMap: m, helper: h}, nil
}

// Close patches the ConfigMap.
func (s *Scope) Close(ctx context.Context) error {
	return s.helper.Patch(ctx, s.ConfigMap)
}
