#!/usr/bin/env bash
# trial-pairs.sh TREES_DIR [NAME...]: hack/trial-pair.sh on each pair of
# hack/pairs.tsv (or the NAMEs given), one at a time. TREES_DIR/<name>.before
# and <name>.after hold the repository at the two commits; when missing and
# TRIAL_MIRRORS names a directory of git clones (<owner>+<repo>[/repo]), they
# are extracted from there. Each pair runs with the new API version its row
# names (TRIAL_NEW_API_VERSION_OVERRIDE=V, or - for none, replaces it).
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: $0 TREES_DIR [NAME...]" >&2; exit 2; }
trees=$(cd "$1" && pwd -P) || exit 2
shift
repo=$(cd "$(dirname "$0")/.." && pwd -P)
if [ -z "${MPAUDIT:-}" ]; then
	bin=$(mktemp -d)
	trap 'rm -rf "$bin"' EXIT
	(cd "$repo" && go build -o "$bin/mpaudit" ./cmd/mpaudit) || exit 2
	export MPAUDIT=$bin/mpaudit
fi
want=" $* "
status=0
printf '| pair | trial | Go API files before | after the rewrite | maintainers left | result |\n|---|---|---|---|---|---|\n' >"$trees/pairs.md"
# Each count is of the files outside the provider's API packages, then (with them).
while IFS=$'\t' read -r name gitrepo before after dir core from newapi; do
	case $name in '#'* | '') continue ;; esac
	[ $# -eq 0 ] || [[ $want == *" $name "* ]] || continue
	for side in before after; do
		d=$trees/$name.$side
		commit=$before
		[ $side = after ] && commit=$after
		if [ ! -d "$d" ] && [ -n "${TRIAL_MIRRORS:-}" ]; then
			m=$TRIAL_MIRRORS/${gitrepo/\//+}
			[ -d "$m/repo" ] && m=$m/repo
			mkdir -p "$d" && git -C "$m" archive "$commit" | tar -x -C "$d" || { echo "$name: cannot extract $commit from $m" >&2; rm -rf "$d"; }
		fi
	done
	[ -d "$trees/$name.before" ] && [ -d "$trees/$name.after" ] || { echo "$name: $trees/$name.before or .after missing" >&2; status=2; continue; }
	echo "== $name"
	# The row's new API version, unless the caller names one.
	api=${TRIAL_NEW_API_VERSION_OVERRIDE:-${newapi:--}}
	[ "$api" = - ] && api=
	TRIAL_NEW_API_VERSION=$api bash "$repo/hack/trial-pair.sh" "$trees/$name.before/$dir" "$trees/$name.after/$dir" "$core" "${from:--}" </dev/null | tee "$trees/$name.pair.log"
	[ "${PIPESTATUS[0]}" = 0 ] || status=1
	log=$trees/$name.pair.log
	trial=$(grep -m1 '^trial: \(PASS\|FAIL\)' "$log" | awk '{print $2}')
	all=$(sed -n 's/^goapi .*files on the v1beta1 Go API: before \([0-9]*\), after the rewrite \([0-9]*\), the maintainers left \([0-9]*\).*/\1 \2 \3/p' "$log")
	out=$(sed -n 's/^goapi .*outside the provider.s API packages: before \([0-9]*\), after the rewrite \([0-9]*\), the maintainers left \([0-9]*\).*/\1 \2 \3/p' "$log")
	counts=
	if [ -n "$all" ] && [ -n "$out" ]; then
		read -r a1 a2 a3 <<<"$all"
		read -r o1 o2 o3 <<<"$out"
		counts="$o1 ($a1) | $o2 ($a2) | $o3 ($a3)"
	fi
	printf '| %s | %s | %s | %s |\n' "$name" "${trial:-–}" "${counts:-– | – | –}" "$(tail -n 1 "$log" | awk '{print $2}')" >>"$trees/pairs.md"
done <"$repo/hack/pairs.tsv"
cat "$trees/pairs.md"
exit $status
