package clean

import "strings"

// A package that reaches no Cluster API v1beta1 package: skipped.
type Spec struct{ ProviderID *string }

func id(s Spec) string { return strings.TrimSpace(*s.ProviderID) }
