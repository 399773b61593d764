#!/usr/bin/env bash
# trial-rewrite.sh SRC_DIR [CAPI_VERSION]: run `mpaudit rewrite` on a provider
# as a new user would, in a copy, and judge the result (docs/rewrite-trials.md).
#
# SRC_DIR is the provider: a module root, or a directory inside a module (then
# only its packages are rewritten and checked: ./REL/...). The copy covers the
# module and every local replace target of its go.mod (CAPD's module
# test/ replaces sigs.k8s.io/cluster-api => ../), so SRC_DIR itself is never
# touched. In the copy (a git repository, so each step is a commit):
#
#   1. [MPAUDIT_CAPI_VERSION=V] mpaudit rewrite --write PATTERN   (exit 0 expected)
#   2. go build ./... and go vet ./... in the module         (both must pass;
#      on failure the same command on the original says whether it was broken
#      before)
#   3. mpaudit check -o json on PATTERN, before and after (at CAPI_VERSION,
#      and at each core of TRIAL_CHECK_CAPI): every finding above info after
#      is printed; one the original did not have (+), or on a field the
#      rewrite added in that file (*), is a failure, unless the PR body
#      hands that kind's field to a person (p: a checklist line names it,
#      or the rule and field on the line of the kind's held label; with
#      TRIAL_NEW_API_VERSION, one the group's old storage version had is
#      not new on the new version, nor a Go API use in the new version's
#      copy of a file that had it in a version beside it)
#   2b. go test -json of the packages the rewrite changed, on the original
#      and on the result: a test that passed before and not after fails
#      the step (TRIAL_TEST_TIMEOUT seconds each run, default 900)
#   4. mpaudit rewrite --write again: git diff must be empty (not run when
#      step 1 failed)
#
# Output: one line per step, "PASS"/"FAIL", its seconds and the reason, then "trial: PASS"
# or "trial: FAIL". Exit 0 when every step passed, 1 when one failed, 2 on a
# setup error. Logs and the PR body stay in the work directory it prints
# (TRIAL_KEEP=0 removes it). MPAUDIT names the binary to try (default: built
# from this checkout). TRIAL_NEW_API_VERSION=V passes --new-api-version V to
# the first rewrite (the second, which must change nothing, runs without it). Modules come from GOPROXY; GOFLAGS is honoured.
set -uo pipefail

usage() { echo "usage: $0 SRC_DIR [CAPI_VERSION]" >&2; exit 2; }
die() { echo "trial: setup error: $*" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 2 ] || usage
src=$(cd "$1" 2>/dev/null && pwd -P) || die "$1: not a directory"
capi=${2:-}
repo=$(cd "$(dirname "$0")/.." && pwd -P)

# The module of SRC_DIR.
mod=$src
while [ ! -f "$mod/go.mod" ]; do
	[ "$mod" = / ] && die "$src is not inside a Go module"
	mod=$(dirname "$mod")
done
rel=${src#"$mod"}
rel=${rel#/}
pattern=./...
[ -n "$rel" ] && pattern=./$rel/...

# The smallest directory holding the module and its local replace targets.
top=$mod
for r in $(cd "$mod" && go mod edit -json | jq -r '.Replace[]?.New.Path | select(startswith("./") or startswith("../") or startswith("/"))'); do
	t=$(cd "$mod" && cd "$r" 2>/dev/null && pwd -P) || die "$mod/go.mod: replace target $r does not exist"
	while [ "${t#"$top"/}" = "$t" ] && [ "$t" != "$top" ]; do top=$(dirname "$top"); done
done

work=$(mktemp -d "${TMPDIR:-/tmp}/trial-rewrite.XXXXXX") || die "mktemp"
[ "${TRIAL_KEEP:-1}" = 0 ] && trap 'rm -rf "$work"' EXIT
tree=$work/tree
cp -a "$top" "$tree" || die "copy $top"
modc=$tree${mod#"$top"}
printf '%s\n%s\n' "$modc" "$pattern" >"$work/module" # for hack/trial-pair.sh

if [ -z "${MPAUDIT:-}" ]; then
	(cd "$repo" && go build -o "$work/mpaudit" ./cmd/mpaudit) || die "building mpaudit"
	MPAUDIT=$work/mpaudit
fi
# The core to target: rewrite's --capi-version would raise go.mod to it, so
# the rewrite reads it from the environment, which only names the target;
# TRIAL_BUMP=1 passes the flag instead, raising go.mod (hack/trial-pair.sh).
capienv=()
[ -n "$capi" ] && capienv=(env "MPAUDIT_CAPI_VERSION=$capi")
bumpflag=()
if [ -n "$capi" ] && [ "${TRIAL_BUMP:-0}" = 1 ]; then
	capienv=()
	bumpflag=(--capi-version "$capi")
fi

g() { git -C "$tree" -c user.name=trial -c user.email=trial@localhost "$@"; }
g init -q && g add -A && g commit -qm original --no-verify || die "git init in the copy"

echo "trial: $src (module $mod, packages $pattern${capi:+, core $capi})"
echo "trial: work directory $work"
failed=0
SECONDS=0
step() { # step NAME OK|FAIL DETAIL, with the seconds since the last step
	printf '%-8s %s (%ds)%s\n' "$1" "$2" "$SECONDS" "${3:+: $3}"
	SECONDS=0
	[ "$2" = PASS ] || failed=1
}

# What check says before the rewrite, at each core judged, to tell the
# findings the rewrite brought. TRIAL_CHECK_CAPI adds cores to judge the
# result at (space-separated), e.g. v1.11.0 for a tree the rewrite targets
# at v1.10.0: the writes core reads from v1.11 on are judged there.
cores=("$capi")
for c in ${TRIAL_CHECK_CAPI:-}; do cores+=("$c"); done
check() { # check OUT.json CORE
	local flag=()
	[ -n "$2" ] && flag=(--capi-version "$2")
	(cd "$modc" && "$MPAUDIT" check --no-cache -o json --fail-on error "${flag[@]}" "$pattern") >"$1" 2>"${1%.json}.err"
}
aboveInfo() { # aboveInfo REPORT.json: rule, severity, kind, apiVersion, field, position (TSV; "-" for an empty cell, which read would merge)
	jq -r 'def cell: if . == null or . == "" then "-" else . end; .findings[]? | select(.severity != "info") | [.rule, .severity, (.kind | cell), (.apiVersion | cell), (.field | cell), ((.position.file // "") + ":" + ((.position.line // 0) | tostring))] | @tsv' <"$1" | sort
}
for c in "${cores[@]}"; do
	check "$work/check-before${c:+@$c}.json" "$c"
	aboveInfo "$work/check-before${c:+@$c}.json" | cut -f1,3-5 | sort -u >"$work/before${c:+@$c}.keys"
	# The Go API rules by file: raising go.mod moves the v1beta1 import
	# paths (api/v1beta1 to api/core/v1beta1), so a use the rewrite left
	# keeps its file, not its field.
	aboveInfo "$work/check-before${c:+@$c}.json" | awk -F'\t' '$1 ~ /^MPA70/ { sub(/:[0-9]+$/, "", $6); print $1 "\t" $6 }' | sort -u >"$work/before${c:+@$c}.goapi.keys"
done

# 1. The rewrite, with its peak memory (the largest of mpaudit and the go
# commands it waits for: GNU time reports the children's maximum RSS).
timeout=${TRIAL_TIMEOUT:-}
timeflag=()
[ -n "$timeout" ] && timeflag=(--timeout "$timeout")
[ -n "${TRIAL_NEW_API_VERSION:-}" ] && timeflag+=(--new-api-version "$TRIAL_NEW_API_VERSION")
(cd "$modc" && /usr/bin/time -f '%M' -o "$work/rewrite1.rss" "${capienv[@]}" "$MPAUDIT" rewrite --write "${bumpflag[@]}" "${timeflag[@]}" --pr-body "$work/pr-body.md" "$pattern") >"$work/rewrite1.out" 2>"$work/rewrite1.err"
rc=$?
rc1=$rc
rss=$(tail -n 1 "$work/rewrite1.rss" 2>/dev/null)
g add -A && g commit -qm rewrite --no-verify --allow-empty
files=$(g diff --name-only HEAD~1 HEAD | wc -l)
manual=$(grep -c '^needs a person' "$work/rewrite1.err")
if [ $rc = 0 ]; then
	step rewrite PASS "$files file(s) changed, $manual item(s) for a person, peak RSS $((${rss:-0} / 1024)) MiB (pr-body.md, rewrite1.err)"
else
	step rewrite FAIL "exit $rc: $(grep -v '^needs a person' "$work/rewrite1.err" | head -c 600 | tr '\n' ' ')"
fi
g diff --stat HEAD~1 HEAD | tail -n 1 | sed 's/^/         /'

# 2. Build and vet the result, and the original when the result fails.
for cmd in build vet; do
	if (cd "$modc" && go "$cmd" ./...) >"$work/$cmd.log" 2>&1; then
		step "$cmd" PASS
		continue
	fi
	g checkout -q HEAD~1
	if (cd "$modc" && go "$cmd" ./...) >/dev/null 2>&1; then before="passes on the original"; else before="fails on the original too"; fi
	g checkout -q -
	step "$cmd" FAIL "go $cmd ./... ($before): $(head -c 600 "$work/$cmd.log" | tr '\n' ' ')"
done

# 2b. The provider's own tests of the packages the rewrite changed: every
# test that passed on the original passes on the result. Tests that fail or
# cannot run on the original (envtest assets, network) are not judged.
# Each package is tested in its own module (a test/go.mod that replaces
# the provider is rewritten too): lines "MODULE_DIR ./PKG".
testpkgs=$(g diff --name-only HEAD~1 HEAD -- '*.go' | while read -r f; do
	d=$(dirname "$tree/$f")
	m=$d
	while [ ! -f "$m/go.mod" ] && [ "$m" != "$tree" ]; do m=$(dirname "$m"); done
	[ -f "$m/go.mod" ] || continue
	case $d in "$m") echo "$m ." ;; *) echo "$m ./${d#"$m"/}" ;; esac
done | sort -u)
if [ -z "$testpkgs" ]; then
	step tests PASS "no Go package changed"
else
	gotest() { # gotest OUT.json: go test -json of the changed packages in the copy as checked out
		: >"$1"
		for m in $(echo "$testpkgs" | cut -d' ' -f1 | sort -u); do
			(cd "$m" && timeout "${TRIAL_TEST_TIMEOUT:-900}" go test -count=1 -json $(echo "$testpkgs" | awk -v m="$m" '$1 == m {print $2}')) >>"$1" 2>/dev/null
		done
	}
	passed() { jq -r 'select(.Action == "pass" and .Test != null) | .Package + " " + .Test' <"$1" 2>/dev/null | sort -u; }
	g checkout -q HEAD~1
	gotest "$work/tests-before.json"
	g checkout -q -
	gotest "$work/tests-after.json"
	passed "$work/tests-before.json" >"$work/tests-before.passed"
	passed "$work/tests-after.json" >"$work/tests-after.passed"
	lost=$(comm -23 "$work/tests-before.passed" "$work/tests-after.passed")
	n=$(wc -l <"$work/tests-before.passed")
	if [ -z "$lost" ]; then
		step tests PASS "$n test(s) that passed before pass after ($(echo "$testpkgs" | wc -l) package(s))"
	else
		echo "$lost" >"$work/tests-lost.txt"
		step tests FAIL "$(echo "$lost" | wc -l) of $n test(s) that passed before do not pass after (tests-lost.txt): $(echo "$lost" | head -n 5 | tr '\n' ';')"
	fi
fi

# 3. check on the result: every finding above info is listed; one the
# original did not have (+), or on a field whose json tag the rewrite added
# in that finding's file (*), is on a point the rewrite changed: a failure.
g diff -U0 HEAD~1 HEAD >"$work/rewrite.diff"
addedIn() { # addedIn FILE: the lines the rewrite added to FILE (a path relative to the module)
	awk -v f="/$1" '/^\+\+\+ /{p = "/" substr($0, 7); on = length(p) >= length(f) && substr(p, length(p) - length(f) + 1) == f; next} on && /^\+/' "$work/rewrite.diff"
}
listed() { # listed RULE KIND FIELD: a checklist line of the PR body leaves KIND's FIELD to a person
	local lines
	lines=$(grep -E '^ +- ' "$work/pr-body.md" 2>/dev/null | sed 's/\\//g')
	grep -qF -- "$2 $3" <<<"$lines" || grep -F -- "- $2." <<<"$lines" | grep -qF -- "$1 $3"
}
judge() { # judge CORE
	local c=$1 out=$work/check${1:+@$1}.json name=check${1:+@$1} rc bad=0 total summary before
	check "$out" "$c"
	rc=$?
	if ! jq -e .summary >/dev/null 2>&1 <"$out"; then
		step "$name" FAIL "exit $rc, no report: $(head -c 600 "${out%.json}.err" | tr '\n' ' ')"
		return
	fi
	aboveInfo "$out" >"${out%.json}.above-info.tsv"
	while IFS=$'\t' read -r rule sev kind api field pos; do
		leaf=${field##*.}
		[ "$field" = - ] && leaf=
		leaf=${leaf%%\[*}
		file=${pos%%:*}
		mark=" "
		if [[ $rule == MPA70* ]] && grep -qxF "$rule"$'\t'"$file" "$work/before${c:+@$c}.goapi.keys"; then
			: # a Go API use left where one was before
		elif [[ $rule == MPA70* ]] && [ -n "${TRIAL_NEW_API_VERSION:-}" ] && [ "$(basename "$(dirname "$file")")" = "$TRIAL_NEW_API_VERSION" ] &&
			awk -F'\t' -v r="$rule" -v d="$(dirname "$(dirname "$file")")/" -v b="/$(basename "$file")" '$1 == r && index($2, d) == 1 && substr($2, length($2) - length(b) + 1) == b && split(substr($2, length(d) + 1), parts, "/") == 2 { found = 1 } END { exit !found }' "$work/before${c:+@$c}.goapi.keys"; then
			: # a Go API use the new version's copy of a file of a version beside it carries over
		elif [[ $rule == MPA70* ]] && grep -F -- "\`$file\`: move " "$work/pr-body.md" 2>/dev/null | grep -qF -- "→ $field "; then
			: # an import the raise moved where the release keeps v1beta1, as the PR body says
		elif [ -n "${TRIAL_NEW_API_VERSION:-}" ] && [ "${api##*/}" = "$TRIAL_NEW_API_VERSION" ] &&
			awk -F'\t' -v r="$rule" -v k="$kind" -v g="${api%/*}" -v f="$field" '$1 == r && $2 == k && index($3, g "/") == 1 && $4 == f { found = 1 } END { exit !found }' "$work/before${c:+@$c}.keys"; then
			: # the finding the old storage version had, now on the new one
		elif ! grep -qxF "$rule"$'\t'"$kind"$'\t'"$api"$'\t'"$field" "$work/before${c:+@$c}.keys"; then
			mark="+"
		elif [ -n "$file" ] && [ -n "$leaf" ] && addedIn "$file" | grep -q "json:\"$leaf[,\"]"; then
			mark="*"
		fi
		if [ "$mark" != " " ] && listed "$rule" "$kind" "$field"; then
			mark="p"
		fi
		case $mark in [+*]) bad=$((bad + 1)) ;; esac
		printf '         %s %s %-7s %s %s %s %s\n' "$mark" "$rule" "$sev" "$kind" "$api" "$field" "$pos"
	done <"${out%.json}.above-info.tsv"
	total=$(wc -l <"${out%.json}.above-info.tsv")
	summary=$(jq -r '.summary | "\(.errors) error(s), \(.warnings) warning(s), \(.info) info"' <"$out")
	before=$(jq -r '.summary | "\(.errors) error(s), \(.warnings) warning(s)"' <"$work/check-before${c:+@$c}.json" 2>/dev/null)
	if [ "$bad" = 0 ]; then
		step "$name" PASS "$summary (before: $before); none above info on a point the rewrite changed ($total elsewhere or left to a person: p)"
	else
		step "$name" FAIL "$summary (before: $before); $bad above info on points the rewrite changed (+ new, * on a changed field)"
	fi
}
for c in "${cores[@]}"; do judge "$c"; done

# 4. A second run changes nothing (nothing to compare when the first failed:
# a rewrite that fails writes nothing).
if [ "$rc1" != 0 ]; then
	step rerun SKIP "not run: the first run failed"
	echo "trial: FAIL"
	exit 1
fi
(cd "$modc" && "${capienv[@]}" "$MPAUDIT" rewrite --write "${bumpflag[@]}" "$pattern") >"$work/rewrite2.out" 2>"$work/rewrite2.err"
rc=$?
g add -A
if [ $rc != 0 ]; then
	step rerun FAIL "exit $rc: $(grep -v '^needs a person' "$work/rewrite2.err" | head -c 600 | tr '\n' ' ')"
elif ! g diff --cached --quiet HEAD; then
	g diff --cached HEAD >"$work/rerun.diff"
	step rerun FAIL "the second run changed $(g diff --cached --name-only HEAD | wc -l) file(s) (rerun.diff)"
else
	step rerun PASS "no change"
fi

if [ $failed = 0 ]; then echo "trial: PASS"; else echo "trial: FAIL"; fi
exit $failed
