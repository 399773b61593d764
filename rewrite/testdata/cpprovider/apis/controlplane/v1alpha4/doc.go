// +k8s:conversion-gen=example.com/cpprovider/apis/controlplane/v1beta2

package v1alpha4
