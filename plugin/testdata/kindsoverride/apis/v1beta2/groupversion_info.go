// +groupName=infrastructure.example.com
package v1beta2
