#!/usr/bin/env bash
# trial-pair.sh BEFORE_DIR AFTER_DIR CORE [FROM]: a provider before and after its
# maintainers' own move off Cluster API's v1beta1 Go API. Runs
# hack/trial-rewrite.sh on BEFORE_DIR with --capi-version CORE (raising go.mod), then counts
# the files with a finding of the Go API use rules (MPA701-MPA703: a v1beta1
# package, symbol or field in use) before, after the rewrite and in
# AFTER_DIR. The pair passes when the trial passes and the rewrite leaves no
# more such files outside the provider's own API packages than the
# maintainers did (the corpus's measure: a served older version keeps the
# core types its schema needs); the count with them is printed beside it. TRIAL_NEW_API_VERSION=V (passed on
# to hack/trial-rewrite.sh) runs the rewrite with --new-api-version V, as a
# pair whose maintainers added an API version calls for.
#
# A provider inside Cluster API's repository (CAPD) builds against the core
# beside it (replace sigs.k8s.io/cluster-api => ../), which a go.mod raise
# cannot move: rewrite refuses it. FROM names the release that tree is; the
# pair then measures the provider as a user outside the repository holds
# it: a copy of its module with the replaces into the repository dropped,
# the core required at FROM (the released module is that tree), and only
# the packages of BEFORE_DIR and those of its module they import (tests
# included), so the module's other packages (an e2e framework) are not
# raised with it. AFTER_DIR is judged as its maintainers left it.
set -uo pipefail
[ $# -eq 3 ] || [ $# -eq 4 ] || { echo "usage: $0 BEFORE_DIR AFTER_DIR CORE [FROM]" >&2; exit 2; }
repo=$(cd "$(dirname "$0")/.." && pwd -P)
before=$(cd "$1" && pwd -P) || exit 2
after=$(cd "$2" && pwd -P) || exit 2
core=$3
from=${4:-}
[ "$from" = - ] && from=
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
[ "$bpat" = "..." ] && bpat=./...

# The replaces of Cluster API's modules by a directory of its repository
# (one whose go.mod declares the core module), one old path a line.
coreDirReplaces() {
	local r path new
	(cd "$1" && go mod edit -json) | jq -r '.Replace[]? | select(.New.Version == null) | select(.Old.Path == "sigs.k8s.io/cluster-api" or (.Old.Path | startswith("sigs.k8s.io/cluster-api/"))) | .Old.Path + " " + .New.Path' |
		while read -r path new; do
			r=$new
			case $r in /*) ;; *) r=$1/$new ;; esac
			while [ ! -f "$r/go.mod" ] && [ "$r" != / ]; do r=$(dirname "$r"); done
			[ "$(cd "$r" && go mod edit -json 2>/dev/null | jq -r .Module.Path)" = sigs.k8s.io/cluster-api ] && echo "$path"
		done
}
replaces=$(coreDirReplaces "$bmod")
if [ -n "$replaces" ]; then
	[ -n "$from" ] || { echo "pair: $bmod/go.mod builds against Cluster API's own tree ($(echo $replaces)); name the release that tree is (FROM) to measure the provider on the released modules" >&2; exit 2; }
	stage=$(mktemp -d "${TMPDIR:-/tmp}/trial-pair.XXXXXX") || exit 2
	[ "${TRIAL_KEEP:-1}" = 0 ] && trap 'rm -rf "$stage" ${bin:+"$bin"}' EXIT
	mpath=$(cd "$bmod" && go mod edit -json | jq -r .Module.Path)
	# The packages of the module the provider's reach, tests included, to a fixed point.
	pkgs=$bpat
	while :; do
		next=$(cd "$bmod" && go list -deps -test -f '{{with .Module}}{{if eq .Path "'"$mpath"'"}}{{$.Dir}}{{end}}{{end}}' $pkgs | sort -u | sed "s|^$bmod|.|")
		[ -n "$next" ] || { echo "pair: go list of $bpat in $bmod found no package" >&2; exit 2; }
		[ "$(echo "$next" | wc -l)" = "$(echo "$pkgs" | wc -w)" ] && break
		pkgs=$(echo $next)
	done
	rel=${before#"$bmod"}
	rel=${rel#/}
	copy=$stage/module
	mkdir -p "$copy/$rel" && cp "$bmod/go.mod" "$copy/" && cp "$bmod/go.sum" "$copy/" 2>/dev/null
	cp -a "$before/." "$copy/$rel/" || exit 2
	for p in $pkgs; do # each package's own files and test data; the provider's directory is whole
		mkdir -p "$copy/$p" && find "$bmod/$p" -maxdepth 1 -type f -exec cp -a {} "$copy/$p/" \;
		[ -d "$bmod/$p/testdata" ] && cp -a "$bmod/$p/testdata" "$copy/$p/"
	done
	edits=()
	for p in $replaces; do edits+=("-dropreplace=$p" "-require=$p@$from"); done
	(cd "$copy" && go mod edit "${edits[@]}" && go mod tidy) >"$stage/released.log" 2>&1 ||
		{ echo "pair: requiring the released Cluster API $from in a copy of $bmod failed ($stage/released.log):" >&2; tail -n 5 "$stage/released.log" >&2; exit 2; }
	echo "pair: $before builds against Cluster API's own tree ($(echo $replaces)): measured on a copy that requires the released $from instead, with $(echo $pkgs | wc -w) package(s) of its module ($copy)"
	before=$copy${rel:+/$rel}
	read -r bmod bpat < <(modof "$before")
	[ "$bpat" = "..." ] && bpat=./...
fi
read -r amod apat < <(modof "$after") || { echo "pair: $after is not in a module" >&2; exit 2; }
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
# outsideAPI MODULE < FILES: the files not in one of the provider's own API
# packages (a directory with a +kubebuilder:object:root or +groupName marker).
# Those keep the core v1beta1 types their served schema needs (a spoke), so
# the corpus counts the files outside them.
outsideAPI() {
	local f d
	while read -r f; do
		d=$1/$(dirname "$f")
		grep -qsE '^//[[:space:]]*\+(kubebuilder:object:root=true|groupName=)' "$d"/*.go || echo "$f"
	done
}
for w in before:"$bmod" rewritten:"$rmod" maintainers:"$amod"; do
	outsideAPI "${w#*:}" <"$work/goapi-${w%%:*}.files" >"$work/goapi-${w%%:*}.outside"
done
nb=$(wc -l <"$work/goapi-before.files")
nr=$(wc -l <"$work/goapi-rewritten.files")
na=$(wc -l <"$work/goapi-maintainers.files")
ob=$(wc -l <"$work/goapi-before.outside")
or=$(wc -l <"$work/goapi-rewritten.outside")
oa=$(wc -l <"$work/goapi-maintainers.outside")
echo "goapi    files on the v1beta1 Go API: before $nb, after the rewrite $nr, the maintainers left $na (goapi-*.files)"
echo "goapi    of them outside the provider's API packages: before $ob, after the rewrite $or, the maintainers left $oa (goapi-*.outside)"
if [ "$rc" = 0 ] && [ "$or" -le "$oa" ]; then echo "pair: PASS"; exit 0; fi
echo "pair: FAIL"
exit 1
