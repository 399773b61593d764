package contract

// goAPISymbolRules are the rules on uses of the packages, types, functions
// and constants of Cluster API's v1beta1 Go API.
var goAPISymbolRules = []*Rule{}
