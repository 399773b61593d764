package contract

// The rules on uses of the fields of Cluster API's v1beta1 Go types
// (GoAPIFields).
var goAPIFieldRules = []*Rule{}
