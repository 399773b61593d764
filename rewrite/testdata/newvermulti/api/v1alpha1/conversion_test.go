package v1alpha1

import (
	"testing"

	utilconversion "sigs.k8s.io/cluster-api/util/conversion"

	infrav1 "example.com/newvermulti/api/v1alpha2"
)

func TestFuzzyConversion(t *testing.T) {
	t.Run("for FooCluster", utilconversion.FuzzTestFunc(utilconversion.FuzzTestFuncInput{
		Hub:   &infrav1.FooCluster{},
		Spoke: &FooCluster{},
	}))
	t.Run("for FooMachine", utilconversion.FuzzTestFunc(utilconversion.FuzzTestFuncInput{
		Hub:   &infrav1.FooMachine{},
		Spoke: &FooMachine{},
	}))
}
