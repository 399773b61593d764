package group

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702 warning: .*core/v1beta1$` `^MPA702: move c.go to Cluster API's v1beta2 Go API$`
)

// T holds a core object its test sets.
type T struct {
	M *clusterv1.Machine // want M:"moves in goapi-file:example.com/raise/controllers/group/c.go"
}
