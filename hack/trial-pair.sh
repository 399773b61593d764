#!/usr/bin/env bash
# trial-pair.sh BEFORE_DIR AFTER_DIR CORE: a provider before and after its
# maintainers' own move off Cluster API's v1beta1 Go API. Runs
# hack/trial-rewrite.sh on BEFORE_DIR with --capi-version CORE (raising go.mod), then counts
# the files with a finding of the Go API use rules (MPA701-MPA703: a v1beta1
# package, symbol or field in use) before, after the rewrite and in
# AFTER_DIR. The pair passes when the trial passes and the rewrite leaves no
# more such files than the maintainers did.
set -uo pipefail
[ $# -eq 3 ] || { echo "usage: $0 BEFORE_DIR AFTER_DIR CORE" >&2; exit 2; }
repo=$(cd "$(dirname "$0")/.." && pwd -P)
before=$(cd "$1" && pwd -P) || exit 2
after=$(cd "$2" && pwd -P) || exit 2
core=$3
if [ -z "${MPAUDIT:-}" ]; then
	bin=$(mktemp -d)
	trap 'rm -rf "$bin"' EXIT
	(cd "$repo" && go build -o "$bin/mpaudit" ./cmd/mpaudit) || exit 2
	export MPAUDIT=$bin/mpaudit
fi

# goapiFiles DIR PATTERN [CORE]: the files with a Go API use finding, one a line.
goapiFiles() {
	local flag=()
	[ -n "${3:-}" ] && flag=(--capi-version "$3")
	(cd "$1" && "$MPAUDIT" check --no-cache -o json --fail-on error "${flag[@]}" "$2") 2>/dev/null |
		jq -r '.findings[]? | select(.rule == "MPA701" or .rule == "MPA702" or .rule == "MPA703") | .position.file // empty' | sort -u
}
modof() { # modof DIR: the module root holding DIR and DIR's pattern in it
	local m=$1
	while [ ! -f "$m/go.mod" ]; do [ "$m" = / ] && return 1; m=$(dirname "$m"); done
	local rel=${1#"$m"}
	rel=${rel#/}
	echo "$m ${rel:+./$rel/}..."
}
read -r bmod bpat < <(modof "$before") || { echo "pair: $before is not in a module" >&2; exit 2; }
read -r amod apat < <(modof "$after") || { echo "pair: $after is not in a module" >&2; exit 2; }
[ "$bpat" = "..." ] && bpat=./...
[ "$apat" = "..." ] && apat=./...

out=$(TRIAL_KEEP=1 TRIAL_BUMP=1 bash "$repo/hack/trial-rewrite.sh" "$before" "$core")
rc=$?
echo "$out"
work=$(sed -n 's/^trial: work directory //p' <<<"$out")
[ -n "$work" ] && [ -f "$work/module" ] || { echo "pair: the trial left no work directory" >&2; exit 2; }
{ read -r rmod; read -r rpat; } <"$work/module"

goapiFiles "$bmod" "$bpat" "$core" >"$work/goapi-before.files"
goapiFiles "$rmod" "$rpat" "$core" >"$work/goapi-rewritten.files"
goapiFiles "$amod" "$apat" >"$work/goapi-maintainers.files"
nb=$(wc -l <"$work/goapi-before.files")
nr=$(wc -l <"$work/goapi-rewritten.files")
na=$(wc -l <"$work/goapi-maintainers.files")
echo "goapi    files on the v1beta1 Go API: before $nb, after the rewrite $nr, the maintainers left $na (goapi-*.files)"
if [ "$rc" = 0 ] && [ "$nr" -le "$na" ]; then echo "pair: PASS"; exit 0; fi
echo "pair: FAIL"
exit 1
