package vettool

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/contract"
)

// TestVetSettings: the tool's flags as go vet and go fix pass them, read
// before unitchecker.Main; unitchecker's own flags are left to it.
func TestVetSettings(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want analyzers.Settings
	}{
		{[]string{"/tmp/b001/vet.cfg"}, analyzers.Settings{ModuleConfig: true}},
		{[]string{"-capi-version=v1.16.0", "-fail-on", "error", "-json", "-c", "3", "vet.cfg"},
			analyzers.Settings{CAPIVersion: "v1.16.0", ReportAt: contract.Error, ModuleConfig: true}},
		{[]string{"--fail-on=info", "-fix", "-diff", "vet.cfg"},
			analyzers.Settings{ReportAt: contract.Info, Fix: true, ModuleConfig: true}},
		{[]string{"-fix=false", "vet.cfg", "-fail-on=error"}, analyzers.Settings{ModuleConfig: true}},
	} {
		got, err := Settings(tc.args)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Settings(%q) = %+v, %v; want %+v", tc.args, got, err, tc.want)
		}
	}
	for _, args := range [][]string{
		{"-capi-version=1.x", "vet.cfg"},
		{"-fail-on=loud", "vet.cfg"},
		{"-fail-on"},
		{"-fix=maybe", "vet.cfg"},
	} {
		if _, err := Settings(args); err == nil || !strings.Contains(err.Error(), "flag -") {
			t.Errorf("Settings(%q): error %v, want one naming the flag", args, err)
		}
	}
}
