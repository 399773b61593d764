package e2e

import "testing"

func TestProviderID(t *testing.T) {
	if got := ProviderID(NewMachine("cloud://1")); got != "cloud://1" {
		t.Errorf("ProviderID = %q", got)
	}
}
