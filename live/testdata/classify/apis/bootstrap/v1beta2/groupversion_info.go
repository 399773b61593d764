// +kubebuilder:object:generate=true
// +groupName=bootstrap.example.com
package v1beta2
