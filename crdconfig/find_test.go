package crdconfig

import (
	"path/filepath"
	"testing"
)

func TestFindConfigDir(t *testing.T) {
	repo := t.TempDir()
	for _, f := range []string{
		"api/v1beta2/foo_types.go",
		"config/crd/kustomization.yaml",
		"config/crd/bases/infrastructure.cluster.x-k8s.io_foomachinepools.yaml",
		// CAPD-like: its own config/crd, nearer than the repo's.
		"test/infrastructure/docker/exp/api/v1beta1/foo_types.go",
		"test/infrastructure/docker/config/crd/kustomization.yml",
		// A bare bases/ nearer than a kustomization further up.
		"exp/api/v1beta1/foo_types.go",
		"exp/config/crd/bases/infrastructure.cluster.x-k8s.io_foos.yaml",
		// Only a bare bases/ anywhere.
		"bare/api/v1beta2/foo_types.go",
		"bare/config/crd/bases/infrastructure.cluster.x-k8s.io_foos.yaml",
		"bare/config/crd/bases/README.md",
		// The other recognised file name.
		"other/api/v1/foo_types.go",
		"other/config/crd/Kustomization",
		// A bases/ without YAML does not count.
		"empty/api/v1/foo_types.go",
		"empty/config/crd/bases/README.md",
		// Cluster API >= v1.11: api/<provider path>/<version>, CRDs beside the controllers.
		"capi/api/bootstrap/kubeadm/v1beta2/kubeadmconfig_types.go",
		"capi/bootstrap/kubeadm/config/crd/kustomization.yaml",
		"capi/api/controlplane/kubeadm/v1beta2/kubeadmcontrolplane_types.go",
		"capi/controlplane/kubeadm/config/crd/kustomization.yaml",
		"capi/api/core/v1beta2/cluster_types.go",
		"capi/api/addons/v1beta2/clusterresourceset_types.go",
		"capi/config/crd/kustomization.yaml",
	} {
		writeFile(t, filepath.Join(repo, f), "")
	}
	j := func(p string) string { return filepath.Join(repo, p) }

	tests := []struct {
		name, dir, stopAt, want string
	}{
		{"nested api package", "api/v1beta2", "", "config/crd"},
		{"nearest config/crd wins", "test/infrastructure/docker/exp/api/v1beta1", "", "test/infrastructure/docker/config/crd"},
		{"kustomization beats nearer bare bases", "exp/api/v1beta1", "", "config/crd"},
		{"bare bases as last resort", "bare/api/v1beta2", "bare", "bare/config/crd/bases"},
		{"Kustomization file name", "other/api/v1", "", "other/config/crd"},
		{"bases without YAML", "empty/api/v1", "empty", "-"},
		{"never above stopAt", "test/infrastructure/docker/exp/api/v1beta1", "test/infrastructure/docker/exp", "-"},
		{"stopAt itself is searched", "test/infrastructure/docker/exp/api/v1beta1", "test/infrastructure/docker", "test/infrastructure/docker/config/crd"},
		{"dir outside stopAt", "api/v1beta2", "exp", "-"},
		{"dir is config/crd", "config/crd", "", "config/crd"},
		{"v1.11 layout: bootstrap", "capi/api/bootstrap/kubeadm/v1beta2", "capi", "capi/bootstrap/kubeadm/config/crd"},
		{"v1.11 layout: control plane", "capi/api/controlplane/kubeadm/v1beta2", "capi", "capi/controlplane/kubeadm/config/crd"},
		{"v1.11 layout: core has no mirror", "capi/api/core/v1beta2", "capi", "capi/config/crd"},
		{"v1.11 layout: mirror without CRDs", "capi/api/addons/v1beta2", "capi", "capi/config/crd"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stop := repo
			if tt.stopAt != "" {
				stop = j(tt.stopAt)
			}
			want := ""
			if tt.want != "-" {
				want = j(tt.want)
			}
			if got := FindConfigDir(j(tt.dir), stop); got != want {
				t.Errorf("FindConfigDir(%s, %s) = %q, want %q", tt.dir, tt.stopAt, got, want)
			}
		})
	}
}
