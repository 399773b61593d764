package v1beta1

import (
	"testing"

	utilconversion "sigs.k8s.io/cluster-api/util/conversion"

	v1beta2 "example.com/convprovider/apis/pool/v1beta2"
)

func TestFuzzyConversion(t *testing.T) {
	t.Run("for FooMachinePool", utilconversion.FuzzTestFunc(utilconversion.FuzzTestFuncInput{
		Hub:   &v1beta2.FooMachinePool{},
		Spoke: &FooMachinePool{},
	}))
}
