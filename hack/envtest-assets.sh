#!/usr/bin/env bash
# Builds kube-apiserver, etcd and kubectl for controller-runtime envtest from the Go
# module proxy (setup-envtest's binary downloads are unreachable on our network), then
# prints the folder holding them -- and nothing else -- on stdout:
#
#   KUBEBUILDER_ASSETS="$(bash hack/envtest-assets.sh)" go test ./live/...
#   make envtest-assets
#
# Environment:
#   K8S_VERSION         Kubernetes release to build (default 1.36.3, matching client-go v0.36
#                       via controller-runtime v0.24 / cluster-api v1.14).
#   ENVTEST_ASSETS_DIR  output folder (default: where setup-envtest puts it,
#                       ~/.local/share/kubebuilder-envtest/k8s/<ver>-<goos>-<goarch>).
#
# How: a throwaway wrapper module requires k8s.io/kubernetes vX.Y.Z and replaces every
# staging module that kubernetes' own go.mod points at ./staging/... (not in the module
# zip) with its published tag v0.Y.Z; a `tools` file imports the three commands; etcd is
# go.etcd.io/etcd/server/v3 at the version kubernetes requires. See
# /work/shared/envtest-offline.md for the recipe.
#
# Caching: when the three binaries in the output folder already report the right
# versions the script exits at once (measured 0.2-0.6 s, mostly the three --version
# calls). The Go caches are the defaults, so CI reruns reuse them: GOCACHE
# (`go env GOCACHE`, here /root/.cache/go-build) and GOMODCACHE (`go env GOMODCACHE`,
# here /root/go/pkg/mod). Cache both between CI runs, plus the output folder.
#
# Measured cost (2 cores shared with other builds, load avg ~8, Go 1.26.8, K8S 1.36.3,
# `nice -n 10`), GOMODCACHE already holding the k8s.io/kubernetes zip:
#   cold:  8 min 29 s wall, 403 CPU-s (325 user + 78 sys), go mod tidy 9 s, go build 500 s;
#          peak RSS 1.8 GiB in the largest single process, 2.2 GiB summed over the build;
#          +0.4 GiB GOMODCACHE, several GiB GOCACHE (the recipe measured ~3.2 GiB of caches
#          in total; 5 min wall on a quiet machine).
#   warm GOCACHE, binaries missing: 36 s (tidy 1 s, mostly linking).
#   binaries: kube-apiserver 105 MB, kubectl 60 MB, etcd 27 MB (stripped, -s -w).
set -euo pipefail

# Everything goes to stderr except the final folder path (fd 3 = the real stdout).
exec 3>&1 1>&2
log() { printf 'envtest-assets: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

export GOWORK=off GOFLAGS=-mod=mod GOTOOLCHAIN=local CGO_ENABLED=0
GO="${GO:-go}"

K8S_VERSION="${K8S_VERSION:-1.36.3}"
K8S_VERSION="${K8S_VERSION#v}"
[[ "$K8S_VERSION" =~ ^1\.([0-9]+)\.([0-9]+)$ ]] || die "K8S_VERSION must look like 1.Y.Z, got '$K8S_VERSION'"
K8S_MAJOR=1
K8S_MINOR="${BASH_REMATCH[1]}"
STAGING_VERSION="v0.${BASH_REMATCH[1]}.${BASH_REMATCH[2]}"

{ read -r GOOS; read -r GOARCH; read -r GOVER; } < <("$GO" env GOOS GOARCH GOVERSION)
OUT="${ENVTEST_ASSETS_DIR:-$HOME/.local/share/kubebuilder-envtest/k8s/${K8S_VERSION}-${GOOS}-${GOARCH}}"

# kubernetes' go.mod: from the module cache when present (no network), else via the proxy
# (`go list -m` fetches only .info/.mod, not the zip).
k8s_gomod() {
	local cached
	cached="$("$GO" env GOMODCACHE)/cache/download/k8s.io/kubernetes/@v/v${K8S_VERSION}.mod"
	if [[ -s "$cached" ]]; then
		printf '%s\n' "$cached"
		return
	fi
	(cd "${TMPDIR:-/tmp}" && "$GO" list -m -f '{{.GoMod}}' "k8s.io/kubernetes@v${K8S_VERSION}")
}

# The etcd version kubernetes is tested with (its go.mod requirement of etcd server).
etcd_version() {
	awk '$1 == "go.etcd.io/etcd/server/v3" { sub(/^v/, "", $2); print $2; exit }' "$1"
}

# have_set DIR ETCD_VERSION: the three binaries in DIR report the expected versions.
have_set() {
	local dir="$1" etcd_ver="$2" out
	for b in kube-apiserver etcd kubectl; do [[ -x "$dir/$b" ]] || return 1; done
	out="$("$dir/kube-apiserver" --version 2>/dev/null)" || return 1
	[[ "$out" == "Kubernetes v${K8S_VERSION}" ]] || return 1
	out="$("$dir/etcd" --version 2>/dev/null)" || return 1
	grep -qx "etcd Version: ${etcd_ver}" <<<"$out" || return 1
	out="$("$dir/kubectl" version --client 2>/dev/null)" || return 1
	grep -qx "Client Version: v${K8S_VERSION}" <<<"$out" || return 1
}

done_print() { printf '%s\n' "$OUT" >&3; exit 0; }

GOMOD="$(k8s_gomod)" || die "cannot read k8s.io/kubernetes@v${K8S_VERSION}'s go.mod from the module proxy"
ETCD_VERSION="$(etcd_version "$GOMOD")"
[[ -n "$ETCD_VERSION" ]] || die "no go.etcd.io/etcd/server/v3 requirement in $GOMOD"

if have_set "$OUT" "$ETCD_VERSION"; then
	log "up to date: $OUT (kube-apiserver/kubectl v${K8S_VERSION}, etcd ${ETCD_VERSION})"
	done_print
fi

mkdir -p "$OUT"
# One build at a time per output folder (parallel test packages may all call us).
exec 9>"$OUT/.build.lock"
if ! flock -n 9; then
	log "another build into $OUT is running; waiting for it"
	flock 9
fi
if have_set "$OUT" "$ETCD_VERSION"; then
	log "up to date (built by a concurrent run): $OUT"
	done_print
fi

# Kubernetes' go directive must be satisfiable by the installed Go (no toolchain downloads).
K8S_GO="$(awk '$1 == "go" { print $2; exit }' "$GOMOD")"
HAVE_GO="${GOVER#go}"
if [[ "$(printf '%s\n%s\n' "$K8S_GO" "$HAVE_GO" | sort -V | tail -n1)" != "$HAVE_GO" ]]; then
	die "k8s.io/kubernetes v${K8S_VERSION} needs go ${K8S_GO}; installed is ${GOVER} (GOTOOLCHAIN=local: not downloading a toolchain)"
fi

# Staging modules: the `k8s.io/x => ./staging/...` lines of kubernetes' go.mod.
mapfile -t STAGING < <(awk '$2 == "=>" && $3 ~ /^\.\/staging\// { print $1 } $3 == "=>" && $4 ~ /^\.\/staging\// { print $2 }' "$GOMOD" | sort -u)
((${#STAGING[@]} > 0)) || die "no ./staging replace lines found in $GOMOD"
# Upstream's `godebug` settings, so the binaries behave like released ones.
GODEBUG_LINES="$(grep -E '^godebug[[:space:]]' "$GOMOD" || true)"

rm -rf "$OUT"/.staging.* # left by a killed run; we hold the lock, so none is live
WORK="$(mktemp -d "${TMPDIR:-/tmp}/envtest-assets.XXXXXX")"
# Binaries are built next to $OUT (same filesystem) so the final moves are renames.
STAGE="$(mktemp -d "$OUT/.staging.XXXXXX")"
trap 'rm -rf "$WORK" "$STAGE"' EXIT
trap 'exit 130' INT TERM HUP

log "building kube-apiserver + kubectl v${K8S_VERSION} and etcd v${ETCD_VERSION} (go ${K8S_GO} module, ${#STAGING[@]} staging modules -> ${STAGING_VERSION}) in $WORK"
{
	echo "module envtest-assets-build"
	echo
	echo "go ${K8S_GO}"
	[[ -z "$GODEBUG_LINES" ]] || { echo; echo "$GODEBUG_LINES"; }
	echo
	echo "require k8s.io/kubernetes v${K8S_VERSION}"
	echo
	echo "replace ("
	for m in "${STAGING[@]}"; do printf '\t%s => %s %s\n' "$m" "$m" "$STAGING_VERSION"; done
	echo ")"
} >"$WORK/go.mod"
cat >"$WORK/tools.go" <<'EOF'
//go:build tools

package tools

import (
	_ "go.etcd.io/etcd/server/v3"
	_ "k8s.io/kubernetes/cmd/kube-apiserver"
	_ "k8s.io/kubernetes/cmd/kubectl"
)
EOF

START=$SECONDS
(cd "$WORK" && "$GO" mod tidy) || die "go mod tidy failed in $WORK (a staging module without a published ${STAGING_VERSION} tag?)"
GOT_ETCD="$(cd "$WORK" && "$GO" list -m -f '{{.Version}}' go.etcd.io/etcd/server/v3)"
[[ "$GOT_ETCD" == "v${ETCD_VERSION}" ]] || die "module graph picked etcd ${GOT_ETCD}, kubernetes requires v${ETCD_VERSION}"
log "go mod tidy done in $((SECONDS - START)) s"

LDFLAGS="-s -w"
for p in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
	LDFLAGS+=" -X $p.gitVersion=v${K8S_VERSION} -X $p.gitMajor=${K8S_MAJOR} -X $p.gitMinor=${K8S_MINOR} -X $p.gitTreeState=clean"
done

START=$SECONDS
# One invocation so the three share the compile queue. The -X flags are no-ops for etcd;
# go names etcd's binary after its import path (`server`), hence the rename.
(cd "$WORK" && "$GO" build -trimpath -ldflags "$LDFLAGS" -o "$STAGE/" \
	k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kubectl go.etcd.io/etcd/server/v3) || die "go build failed"
mv "$STAGE/server" "$STAGE/etcd"
log "go build done in $((SECONDS - START)) s"

have_set "$STAGE" "$ETCD_VERSION" || die "freshly built binaries in $STAGE do not report v${K8S_VERSION} / etcd ${ETCD_VERSION}"
for b in kube-apiserver etcd kubectl; do mv -f "$STAGE/$b" "$OUT/$b"; done
log "installed into $OUT"
done_print
