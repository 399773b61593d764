// +k8s:conversion-gen=example.com/convprovider/apis/pool/v1beta2

package v1beta1
