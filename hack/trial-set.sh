#!/usr/bin/env bash
# trial-set.sh TREES_DIR [NAME...]: run hack/trial-rewrite.sh on each provider
# of hack/trials.tsv (or the NAMEs given), one at a time, and print the table
# of docs/rewrite-trials.md. TREES_DIR/<name> must hold the provider's
# repository at the listed commit; when it is missing and TRIAL_MIRRORS names
# a directory of git clones (<owner>+<repo> or <owner>+<repo>/repo), it is
# extracted from there with git archive. TRIAL_CHECK_CAPI (default v1.14.2)
# adds the cores each result is judged at besides its own.
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: $0 TREES_DIR [NAME...]" >&2; exit 2; }
trees=$(cd "$1" && pwd -P) || exit 2
shift
repo=$(cd "$(dirname "$0")/.." && pwd -P)
export TRIAL_CHECK_CAPI=${TRIAL_CHECK_CAPI:-v1.14.2}
if [ -z "${MPAUDIT:-}" ]; then
	bin=$(mktemp -d)
	trap 'rm -rf "$bin"' EXIT
	(cd "$repo" && go build -o "$bin/mpaudit" ./cmd/mpaudit) || exit 2
	export MPAUDIT=$bin/mpaudit
fi
want=" $* "
rows=()
while IFS=$'\t' read -r name gitrepo commit dir core; do
	case $name in '#'* | '') continue ;; esac
	[ $# -eq 0 ] || [[ $want == *" $name "* ]] || continue
	rows+=("$name"$'\t'"$gitrepo"$'\t'"$commit"$'\t'"$dir"$'\t'"$core")
done <"$repo/hack/trials.tsv"

printf '| provider | rewrite | build | vet | tests | check | check@%s | 2nd run | result |\n|---|---|---|---|---|---|---|---|---|\n' "$TRIAL_CHECK_CAPI" >"$trees/trials.md"
status=0
for row in "${rows[@]}"; do
	IFS=$'\t' read -r name gitrepo commit dir core <<<"$row"
	src=$trees/$name
	if [ ! -d "$src" ] && [ -n "${TRIAL_MIRRORS:-}" ]; then
		m=$TRIAL_MIRRORS/${gitrepo/\//+}
		[ -d "$m/repo" ] && m=$m/repo
		mkdir -p "$src" && git -C "$m" archive "$commit" | tar -x -C "$src" || { echo "$name: cannot extract $commit from $m" >&2; rm -rf "$src"; status=2; continue; }
	fi
	[ -d "$src" ] || { echo "$name: $src missing (check out $gitrepo at $commit there)" >&2; status=2; continue; }
	[ "$core" = - ] && core=
	echo "== $name"
	bash "$repo/hack/trial-rewrite.sh" "$src/$dir" $core | tee "$trees/$name.trial.log"
	rc=${PIPESTATUS[0]}
	[ "$rc" = 0 ] || status=1
	cell() { # cell STEP: PASS/FAIL and seconds of the step's line
		awk -v s="$1" '$1 == s { t = $3; gsub(/[():]/, "", t); printf "%s %s", $2, t; found = 1 } END { if (!found) printf "–" }' "$trees/$name.trial.log"
	}
	result=$(tail -n 1 "$trees/$name.trial.log" | awk '{print $2}')
	printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$(cell rewrite)" "$(cell build)" "$(cell vet)" "$(cell tests)" \
		"$(cell "check${core:+@$core}")" "$(cell "check@$TRIAL_CHECK_CAPI")" "$(cell rerun)" "${result:-FAIL}" >>"$trees/trials.md"
done
cat "$trees/trials.md"
exit $status
