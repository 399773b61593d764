// +k8s:conversion-gen=example.com/bootconvprovider/apis/bootstrap/v1beta2

package v1beta1
