# mpaudit make targets. `make test` is what CI runs (.ci/run).
GO ?= go
BIN := bin/mpaudit

.PHONY: build test vet modernize fmt-check example test-modules

build:
	$(GO) build -o $(BIN) ./cmd/mpaudit
	$(GO) build -o bin/mpaudit-vet ./cmd/mpaudit-vet

# The whole test suite: formatting, vet, and every package's tests. The live
# tests run against a real kube-apiserver + etcd built once by envtest-assets
# (cached in ~/.local/share/kubebuilder-envtest; under CI=true they fail
# rather than skip when the binaries are missing). cmd/mpaudit's tests build
# binaries and run go vet and rewrites: on a loaded 2-core machine they can
# pass go test's default 10-minute limit per package, so it is raised.
# The Cluster API release whose pre-v1.11 Go API the symbol map is proved
# against (internal/goapiprobe.Pre111Release); without it those tests skip.
# analysistest loads its testdata modules with GOPROXY=off, so their
# dependencies go into the module cache first (brokendep's are meant to be
# missing; rewrite's testdata modules are built in copies, with the proxy).
TESTDATA_MODULES = $(shell git ls-files '*/testdata/*go.mod' | grep -v -e '^rewrite/' -e '/brokendep/' | xargs -n1 dirname)
test-modules:
	$(GO) mod download sigs.k8s.io/cluster-api@v1.10.4
	@for d in $(TESTDATA_MODULES); do (cd $$d && $(GO) mod download) || exit 1; done

test: fmt-check vet modernize test-modules
	assets=$$(bash hack/envtest-assets.sh) && KUBEBUILDER_ASSETS="$$assets" $(GO) test -timeout 30m ./...

vet:
	$(GO) vet ./...

# x/tools' modernize analyzers, pinned by go.mod's tool directive.
modernize:
	$(GO) tool modernize ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' | grep -v '/testdata/')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

# Run the static audit on the example provider that ships in the repo.
example: build
	cd analyzers/testdata/provider && ../../../$(BIN) check ./...; \
	code=$$?; echo "mpaudit exit code: $$code (1 = findings at or above --fail-on)"; [ $$code -le 1 ]

# Time mpaudit check and go vet -vettool=mpaudit against plain go vet on a
# generated 200-package provider with every provider kind (BENCH_RUNS=3 runs
# each; BENCH_VET_DEPS=1 re-analyses dependencies too; see the script).
.PHONY: bench-static
bench-static: ; bash hack/bench-static.sh

# Time mpaudit check and go vet -vettool=mpaudit-vet with the Go API rules
# (MPA7xx) against a build without them (-tags mpaudit_nogoapi), in one run
# on the same generated provider; target: at most 10% more.
.PHONY: bench-goapi
bench-goapi: ; BENCH_KIND=goapi bash hack/bench-static.sh

# CPU per process start of mpaudit as a vet tool against go's own vet tool,
# and what it adds up to over the packages go vet visits (no generation).
.PHONY: bench-vet-startup
bench-vet-startup: ; BENCH_KIND=startup bash hack/bench-static.sh

# Builds (once, then cached) kube-apiserver, etcd and kubectl for envtest from the Go module proxy.
.PHONY: envtest-assets
envtest-assets:
	@bash hack/envtest-assets.sh

# Run Cluster API core's own reconcilers (internal/oracle) at every release
# in oracle.Releases against the catalog's predictions, and against the
# recorded outcomes: it fails saying what changed. Each release's runner is
# built once from the module proxy into $$XDG_CACHE_HOME/mpaudit/oracle
# (docs/contract/oracle/README.md has the times: warm, 3.5 min for five releases;
# a cold runner build 6-12 min each). `make test` runs only the
# release go.mod pins. oracle-update records what it measured and
# regenerates docs/contract/oracle/README.md.
.PHONY: oracle oracle-update
oracle:
	assets=$$(bash hack/envtest-assets.sh) && KUBEBUILDER_ASSETS="$$assets" MPAUDIT_ORACLE_RELEASES=all $(GO) test -count=1 -timeout 60m -run 'TestOracle' -v ./internal/oracle
oracle-update:
	assets=$$(bash hack/envtest-assets.sh) && KUBEBUILDER_ASSETS="$$assets" MPAUDIT_ORACLE_RELEASES=all MPAUDIT_ORACLE_UPDATE=1 $(GO) test -count=1 -timeout 60m -run 'TestOracle' -v ./internal/oracle

# Time `mpaudit live` and its peak RSS against kubectl fetching the same pool objects
# (5,000 and 20,000 in 10 CRDs on envtest; BENCH_RUNS=3 runs each; see the script).
.PHONY: bench-live
bench-live: ; bash hack/bench-live.sh

# Load CRDs from paths outside the repo into envtest, create a sample object
# per CRD of a contract kind and run `mpaudit live` at each core version
# (docs/live-trials.md), e.g.
#   make live-trial CRDS=../cluster-api/config/crd,../cluster-api/test/infrastructure/docker/config/crd CAPI_VERSION=v1.10.0,v1.11.0
.PHONY: live-trial
live-trial: build
	@assets=$$(bash hack/envtest-assets.sh) && KUBEBUILDER_ASSETS="$$assets" $(GO) run ./hack/livetrial -mpaudit $(BIN) -crds "$(CRDS)" -capi-version "$(CAPI_VERSION)"

# Time the whole-module rewrite of the same generated provider against plain
# go vet (target: at most 2x).
.PHONY: bench-rewrite
bench-rewrite: ; BENCH_KIND=rewrite bash hack/bench-static.sh

# Regenerate docs/rules/ (one page per rule and the index) from contract/rules.go,
# and docs/contract/ (one page per contract kind, the index and the JSON Schema)
# from the catalog in contract/. internal/ruledoc and internal/contractdoc render
# them, as `mpaudit rules --explain ID` and `mpaudit contract show|schema` do.
.PHONY: docs
docs:
	$(GO) run ./hack/docgen docs/rules docs/contract

# Rewrite contract/goapi_fields.go, the Go API map, from the conversion
# functions of the Cluster API release go.mod pins (internal/goapiprobe), then
# the docs that show it. TestCatalogMatchesConversions fails until it is run.
.PHONY: goapi
goapi:
	$(GO) run ./hack/goapigen contract/goapi_fields.go
	$(GO) mod download sigs.k8s.io/cluster-api@v1.10.4
	$(GO) run ./hack/goapisymgen contract/goapi_symbols_gen.go
	$(GO) run ./hack/docgen docs/rules docs/contract

# Prove the symbol half of the Go API map (contract/goapi_symbols.go) against
# Cluster API's sources: the pinned release and v1.10.4, the last before v1.11
# moved the API (downloaded here; offline, the test skips the old release),
# and the signature changes between adjacent releases
# (contract/goapi_signatures_gen.go; goapi-signatures rewrites it).
.PHONY: goapi-check
goapi-check:
	$(GO) mod download sigs.k8s.io/cluster-api@v1.10.4 sigs.k8s.io/cluster-api@v1.11.0 sigs.k8s.io/cluster-api@v1.12.0 \
		sigs.k8s.io/cluster-api@v1.13.0 sigs.k8s.io/cluster-api@v1.14.0 sigs.k8s.io/cluster-api/api@v1.14.0
	$(GO) test -count=1 -run '^TestGoAPISymbols|^TestGoAPIV1Beta2|^TestGoAPISignatures|^TestSignature' ./contract/
	$(GO) test -count=1 -run 'Symbol' ./internal/goapiprobe/

.PHONY: goapi-signatures
goapi-signatures:
	$(GO) mod download sigs.k8s.io/cluster-api@v1.10.4 sigs.k8s.io/cluster-api@v1.11.0 sigs.k8s.io/cluster-api@v1.12.0 \
		sigs.k8s.io/cluster-api@v1.13.0 sigs.k8s.io/cluster-api@v1.14.0 sigs.k8s.io/cluster-api/api@v1.14.0
	$(GO) test -count=1 -run '^TestGoAPISignatures$$' ./contract/ -update-goapi-signatures

# Fail when docs/rules/ or docs/contract/ is not what `make docs` would write.
# `go test ./...` (hence `make test`) runs the same tests.
.PHONY: docs-check
docs-check:
	$(GO) test -count=1 -run '^TestDocsUpToDate$$' ./internal/ruledoc/ ./internal/contractdoc/

# The release as goreleaser cuts it (.goreleaser.yaml), without publishing:
# goreleaser check, a snapshot build of every archive into dist/, checksums,
# `mpaudit version`, the plugin names (run through Cluster API's clusterctl),
# and the krew manifest checked by krew's own validator and a krew install
# (hack/release-check.sh). goreleaser, krew and clusterctl are built once from
# the pins in hack/tools/*/go.mod into _out/tools/. Not part of `make test`.
.PHONY: release-check
release-check:
	bash hack/release-check.sh

# Publish a release of the current v* tag with the pinned goreleaser (a draft
# GitHub release; needs GITHUB_TOKEN). Run `make release-check` first.
.PHONY: release
release:
	bash hack/release-check.sh --release

# Rewrite a provider as a new user would, in a copy of SRC (a module, or a
# directory in one), and judge the result: build, vet, check, a second run
# that must change nothing (see hack/trial-rewrite.sh, docs/rewrite-trials.md).
# make trial-rewrite SRC=/path/to/provider [CAPI=v1.10.0]
.PHONY: trial-rewrite
trial-rewrite:
	@test -n "$(SRC)" || { echo "usage: make trial-rewrite SRC=DIR [CAPI=VERSION]"; exit 2; }
	bash hack/trial-rewrite.sh "$(SRC)" $(CAPI)

# The whole trial set of hack/trials.tsv, one provider at a time, and its
# table (TREES/trials.md). Each provider's tree must be in TREES/<name> or
# extractable from TRIAL_MIRRORS (see hack/trial-set.sh). Not part of `make test`.
# make trial-set TREES=/path/to/trees [NAMES="proxmox-v0.7.7 k3s-7ed944f"]
.PHONY: trial-set
trial-set:
	@test -n "$(TREES)" || { echo "usage: make trial-set TREES=DIR [NAMES=...]"; exit 2; }
	bash hack/trial-set.sh "$(TREES)" $(NAMES)

# Pairs of hack/pairs.tsv: a provider before and after its maintainers' own
# v1beta2 migration; the rewrite must leave no more files on the v1beta1 Go
# API than they did (hack/trial-pair.sh). Trees come from TREES/<name>.before
# and TREES/<name>.after, or are extracted from TRIAL_MIRRORS.
# make trial-pairs TREES=/path/to/trees [NAMES=caps-v0.1.4-v0.2.0]
.PHONY: trial-pairs
trial-pairs:
	@test -n "$(TREES)" || { echo "usage: make trial-pairs TREES=DIR [NAMES=...]"; exit 2; }
	bash hack/trial-pairs.sh "$(TREES)" $(NAMES)
