package goapifix

import (
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
)

// The map-to-list instruction names no one field's shape: kubeadm's extra
// args take it as failure domains do.
func TestInstructionMapToList(t *testing.T) {
	got := instruction(contract.GoFieldChange{Class: contract.ChangeMapToList, New: []string{"Spec.NodeRegistration.KubeletExtraArgs"}})
	if strings.Contains(got, "failure domain") || !strings.Contains(got, "(now Spec.NodeRegistration.KubeletExtraArgs)") {
		t.Errorf("instruction = %q", got)
	}
}
