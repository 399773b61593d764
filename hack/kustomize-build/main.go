// Command kustomize-build prints `kustomize build DIR` as a release does
// (in process, with the kustomize API this module already depends on), so
// docs/rewrite-trials.md can build a provider's infrastructure-components.yaml
// for `mpaudit contract validate` without a kustomize binary.
package main

import (
	"fmt"
	"os"

	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run ./hack/kustomize-build DIR > infrastructure-components.yaml")
		os.Exit(2)
	}
	k := krusty.MakeKustomizer(krusty.MakeDefaultOptions())
	m, err := k.Run(filesys.MakeFsOnDisk(), os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "kustomize build:", err)
		os.Exit(1)
	}
	out, err := m.AsYaml()
	if err != nil {
		fmt.Fprintln(os.Stderr, "kustomize build:", err)
		os.Exit(1)
	}
	os.Stdout.Write(out)
}
