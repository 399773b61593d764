package kubeadm

import (
	"strings"
	"testing"

	"github.com/blang/semver/v4"
)

func TestRetarget(t *testing.T) {
	in := "apiVersion: kubeadm.k8s.io/v1beta3\nkind: InitConfiguration\nnodeRegistration:\n  criSocket: unix:///run/containerd/containerd.sock\n"
	out, err := Retarget(in, "node-a", semver.MustParse("1.31.0"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"kind: InitConfiguration", "name: node-a", "criSocket: unix:///run/containerd/containerd.sock"} {
		if !strings.Contains(out, want) {
			t.Errorf("the configuration lacks %q:\n%s", want, out)
		}
	}
}
