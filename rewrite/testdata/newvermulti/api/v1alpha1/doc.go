// +k8s:conversion-gen=example.com/newvermulti/api/v1alpha2
package v1alpha1
