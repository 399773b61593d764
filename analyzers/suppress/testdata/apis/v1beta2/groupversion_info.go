// Package v1beta2 holds two pool types whose findings are suppressed in
// every supported place.
// +groupName=infrastructure.cluster.x-k8s.io
package v1beta2
