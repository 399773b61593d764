// +k8s:conversion-gen=example.com/fdprovider/apis/infra/v1beta2

package v1beta1
