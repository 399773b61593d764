package status

import (
	"github.com/go-logr/logr"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/cluster-api/util/predicates"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// Unpaused is the predicate the controller watches clusters with.
func Unpaused(s *runtime.Scheme) predicate.Funcs {
	return predicates.ClusterUnpaused(s, logr.Discard())
}
