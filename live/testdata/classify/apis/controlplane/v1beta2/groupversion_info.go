// +kubebuilder:object:generate=true
// +groupName=controlplane.example.com
package v1beta2
