package v1alpha2

// Hub marks FooCluster as the conversion hub.
func (*FooCluster) Hub() {}

// Hub marks FooClusterList as the conversion hub.
func (*FooClusterList) Hub() {}

// Hub marks FooMachine as the conversion hub.
func (*FooMachine) Hub() {}

// Hub marks FooMachineList as the conversion hub.
func (*FooMachineList) Hub() {}
