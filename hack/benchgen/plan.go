package main

import (
	"fmt"
	"slices"
	"strings"
)

// group is one API group directory (apis/fooN) with two versions.
type group struct {
	idx  int
	dual bool // v1beta2 has status.initialization.provisioned as well as status.ready
}

// Kind is the pool kind, FooNMachinePool.
func (g group) Kind() string { return fmt.Sprintf("Foo%dMachinePool", g.idx) }

// Cluster is the group's InfraCluster kind (migrated when dual).
func (g group) Cluster() string { return fmt.Sprintf("Foo%dCluster", g.idx) }

// Machine is the group's InfraMachine kind, in its v1beta2 package only.
func (g group) Machine() string { return fmt.Sprintf("Foo%dMachine", g.idx) }

// ControlPlane is the group's ControlPlane kind, in the controlplane package.
func (g group) ControlPlane() string { return fmt.Sprintf("Foo%dControlPlane", g.idx) }

func (g group) dir() string { return fmt.Sprintf("apis/foo%d", g.idx) }

// apiRef is one API package: a group at a version.
type apiRef struct {
	g       group
	version string // v1beta1 (spoke) or v1beta2 (storage)
}

func (a apiRef) path() string  { return modulePath + "/" + a.g.dir() + "/" + a.version }
func (a apiRef) alias() string { return fmt.Sprintf("foo%d%s", a.g.idx, a.version) }
func (a apiRef) spoke() bool   { return a.version == "v1beta1" }

// suffix names helpers for this API package, e.g. Foo3V1beta2.
func (a apiRef) suffix() string {
	return fmt.Sprintf("Foo%dV%s", a.g.idx, strings.TrimPrefix(a.version, "v"))
}

// Layers of the non-API packages, lowest first.
const (
	layerUtil = iota
	layerScope
	layerService
	layerController
)

var layerDirs = [...]string{"pkg/util", "internal/scope", "internal/services", "controllers"}

var layerWords = [...][]string{
	{"naming", "labels", "tags", "retry", "cidr", "quota", "strutil", "diff", "backoff", "version"},
	{"machinepool", "cluster", "instance", "account", "region", "zone"},
	{"compute", "network", "loadbalancer", "dns", "iam", "storage", "autoscaling", "images", "secrets", "events", "placement", "billing"},
	{"poolreconciler", "clusterreconciler", "instancegroup", "nodepool", "drain", "scaling"},
}

// pkg is one non-API package.
type pkg struct {
	idx      int
	layer    int
	name     string
	dir      string
	deps     []*pkg
	apis     []apiRef
	convert  *group // conversion package for this group (imports both versions)
	helpers  int    // number of ordinary-code helpers
	sloppy   bool   // has a function that writes status.ready but not provisioned
	withCRD  bool   // uses util/contract
	varNames []string
}

func (p *pkg) path() string { return modulePath + "/" + p.dir }

// has reports whether p has a helper set for api.
func (p *pkg) has(a apiRef) bool {
	return slices.Contains(p.apis, a)
}

type model struct {
	groups []group
	pkgs   []*pkg // non-API packages in dependency order
	top    []*pkg // controller packages, imported by cmd/manager
}

// apiCount is the number of API packages: two per group and the one
// controlplane package.
func (m *model) apiCount() int { return 2*len(m.groups) + 1 }

var varNames = []string{"pool", "mp", "machinePool", "infraPool", "obj", "p", "target", "current", "desired", "ampool", "infraMachinePool", "m", "res", "in"}

// plan lays out n packages: 2 per API group, the controlplane API package,
// one main package, and the rest
// split over the four layers.
func plan(n int) *model {
	r := newRNG(0x6d70617564697421) // "mpaudit!"
	m := &model{}
	// Two groups at least: one dual-write hub and one that is not.
	ng := max(min(n/20, 10), 2)
	for i := range ng {
		m.groups = append(m.groups, group{idx: i, dual: i%2 == 0})
	}
	rest := n - m.apiCount() - 1
	counts := [4]int{rest * 20 / 100, rest * 20 / 100, rest * 35 / 100, 0}
	counts[layerController] = rest - counts[0] - counts[1] - counts[2]
	for layer, c := range counts {
		if c < 1 {
			counts[layer] = 1
		}
	}
	// Rounding up empty layers may overshoot a tiny -packages; take it back
	// from the largest layer.
	for sum := counts[0] + counts[1] + counts[2] + counts[3]; sum > rest; sum-- {
		counts[layerService]--
	}

	var byLayer [4][]*pkg
	for layer, c := range counts {
		for i := range c {
			word := layerWords[layer][i%len(layerWords[layer])]
			name := fmt.Sprintf("%s%02d", word, i)
			p := &pkg{idx: len(m.pkgs), layer: layer, name: name, dir: layerDirs[layer] + "/" + name}
			p.helpers = r.between(10, 16)
			p.sloppy = r.intn(7) == 0
			p.withCRD = r.intn(3) == 0
			p.varNames = make([]string, 4)
			for j := range p.varNames {
				p.varNames[j] = pick(r, varNames)
			}
			if layer == layerUtil && i < len(m.groups) {
				g := m.groups[i]
				p.convert = &g
				p.apis = []apiRef{{g, "v1beta1"}, {g, "v1beta2"}}
			} else {
				lo, hi := [4]int{1, 1, 1, 2}[layer], [4]int{2, 2, 3, 3}[layer]
				for k, want := 0, r.between(lo, hi); k < want; k++ {
					a := apiRef{g: pick(r, m.groups), version: "v1beta2"}
					if r.intn(4) == 0 {
						a.version = "v1beta1"
					}
					if !p.has(a) {
						p.apis = append(p.apis, a)
					}
				}
			}
			// Dependencies: earlier packages of lower layers (mostly the
			// layer just below), or earlier packages of the same layer.
			lo, hi := [4]int{0, 1, 2, 2}[layer], [4]int{2, 3, 4, 5}[layer]
			seen := map[*pkg]bool{}
			for k, want := 0, r.between(lo, hi); k < want; k++ {
				var cands []*pkg
				switch {
				case layer > 0 && r.intn(10) < 6:
					cands = byLayer[layer-1]
				case layer > 0 && r.intn(2) == 0:
					cands = byLayer[r.intn(layer)]
				default:
					cands = byLayer[layer]
				}
				if len(cands) == 0 {
					continue
				}
				d := pick(r, cands)
				if !seen[d] {
					seen[d] = true
					p.deps = append(p.deps, d)
				}
			}
			byLayer[layer] = append(byLayer[layer], p)
			m.pkgs = append(m.pkgs, p)
		}
	}
	m.top = byLayer[layerController]
	return m
}

func readme(m *model) string {
	return fmt.Sprintf(`# benchprovider

Generated by mpaudit's hack/benchgen for hack/bench-static.sh; do not edit.
%d API groups (v1beta1 spoke, v1beta2 storage) with an InfraMachinePool, an
InfraCluster and an InfraMachine each, one controlplane API group with a
ControlPlane per group, %d other library packages, one main package
(cmd/manager) and config/crd.
`, len(m.groups), len(m.pkgs))
}
