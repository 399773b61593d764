// +groupName=infrastructure.cluster.x-k8s.io
package v1beta2
