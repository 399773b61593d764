#!/usr/bin/env bash
# bench-live.sh: how long does `mpaudit live` take next to just fetching the
# same objects with kubectl, and does its memory stay flat as they grow?
#
# Builds bin/mpaudit, gets envtest's kube-apiserver, etcd and kubectl from
# hack/envtest-assets.sh (instant when cached; a cold build takes minutes),
# and runs hack/benchlive on a fresh envtest control plane: ten
# InfraMachinePool-like CRDs, an InfraCluster, an InfraMachine and a
# ControlPlane CRD, 5,000 then 20,000 objects of those kinds (the same
# cluster, grown), and at each size BENCH_RUNS (default 3) interleaved runs of
#
#   (a) kubectl get <the 13 kinds, comma-separated> -A -o json   (baseline)
#   (b) kubectl get <kind> -A -o json, once per kind             (summed)
#   (c) bin/mpaudit live --kubeconfig K -o json --no-progress     (exit 1 = findings)
#
# under /usr/bin/time, printing median wall time, max RSS, ratio to (a), and
#   target wall ≤ 1.5× fetch at N: PASS|FAIL
#   target RSS flat: mpaudit RSS at 20000 / at 5000 = X (PASS if ≤ 1.25)
# When a target fails it also profiles an in-process live.Audit (CPU and
# allocation top 15). Exits 0 either way; 1 when something fails to run.
#
# Environment: BENCH_SIZES (default 5000,20000), BENCH_RUNS (default 3),
# BENCH_PROFILE (auto|always|never, default auto), KUBEBUILDER_ASSETS (skip
# hack/envtest-assets.sh), GO (default go). Extra arguments go to benchlive
# (go run ./hack/benchlive -h lists its flags).
set -euo pipefail
cd "$(dirname "$0")/.."
GO="${GO:-go}"

command -v /usr/bin/time >/dev/null || { echo "bench-live: GNU time (/usr/bin/time) is required" >&2; exit 1; }

if [[ -z "${KUBEBUILDER_ASSETS:-}" ]]; then
	KUBEBUILDER_ASSETS="$(bash hack/envtest-assets.sh)"
fi
export KUBEBUILDER_ASSETS
for b in kube-apiserver etcd kubectl; do
	[[ -x "$KUBEBUILDER_ASSETS/$b" ]] || { echo "bench-live: $KUBEBUILDER_ASSETS/$b missing" >&2; exit 1; }
done
# The kubectl matching the apiserver comes first.
export PATH="$KUBEBUILDER_ASSETS:$PATH"

"$GO" build -o bin/mpaudit ./cmd/mpaudit
exec "$GO" run ./hack/benchlive \
	-sizes "${BENCH_SIZES:-5000,20000}" \
	-runs "${BENCH_RUNS:-3}" \
	-profile "${BENCH_PROFILE:-auto}" \
	-mpaudit bin/mpaudit \
	"$@"
