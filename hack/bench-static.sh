#!/usr/bin/env bash
# bench-static.sh: how long does a static audit take next to plain go vet?
#
# Builds bin/mpaudit, generates a provider-like module of BENCH_PACKAGES
# (default 200) packages with hack/benchgen into BENCH_OUT (default
# _out/benchprovider, gitignored), and measures, BENCH_RUNS times each
# (default 3), the wall time of
#
#   (a) go vet ./...                                 (must exit 0)
#   (b) go vet -vettool=<abs mpaudit-vet> ./...      (exit 1 = findings; every
#                                                     stderr line must then be
#                                                     an MPAnnn diagnostic)
#   (c) <abs mpaudit> check -o json ./... >/dev/null (exit 1 = findings;
#                                                     exit 2 = load error)
#   (l) go list -export -deps ./... >/dev/null       (must exit 0; what any
#                                                     go/packages loader pays)
#
# where <abs mpaudit> is a copy of the freshly built bin/mpaudit in a temp
# directory. It prints each command's median and its ratio to (a), then
# "check vs go list -export -deps: R" (median wall of (c) over (l), measured
# in the same run) and three verdict lines:
#   "target: check within 1.5x of go list -export -deps: PASS|FAIL"
#   "target: no slower than plain go vet: PASS|FAIL"
#   "target: vettool no slower than plain go vet: PASS|FAIL"   ((b) over (a),
#                                                   wall and cpu medians)
# The script exits 0 either way; it exits 1 only when a command fails (or
# setup does).
#
# Cache fairness. go vet caches its results in the build cache, keyed by the
# vet tool, its flags and the package's compile action ID, so a second
# `go vet ./...` over unchanged sources does almost nothing. Every generated
# package has a zz_nonce.go whose "// bench-nonce: ..." comment line is
# rewritten with a unique tag before EVERY timed run, of all three commands.
# That changes the action ID of every module package (the file's content
# hash is part of it), so each run of (a) and (b) recompiles the module's
# packages for export data and runs its vet tool on all of them again, and
# each run of (c) recompiles them in `go list -export` (go/packages' loader)
# and type-checks them from source, and each run of (l) recompiles them;
# nothing of the module is reused between runs. With BENCH_BUMP=0 the nonces
# are left alone: everything is cached and what remains is each command's own
# work over an unchanged tree. Dependencies outside the module (std, apimachinery, Cluster API) do
# not change and stay cached: they are compiled by one untimed
# `go build ./...`, and one untimed warm-up run of each command then caches
# their vet facts for both vet tools, as in an ordinary edit-and-check loop.
#
# With BENCH_VET_DEPS=1 both vet commands also re-analyse every dependency
# (go vet runs the tool on each for facts), as on a cold vet cache, while
# compiled export data stays cached: before every run (a) gets a new
# -printf.funcs=<nonce> (a vet flag, part of vet's cache key, naming no real
# function) and (b) a new copy of mpaudit-vet with a nonce appended to the file
# (its -V=full build ID is the file's hash, the tool's cache key).
# Runs are interleaved (a b c a b c ...) so drift hits all three alike.
#
# Times are wall-clock seconds (the median is what counts), measured with
# /usr/bin/time -f %e when it exists, else with `date +%s.%N`. With
# /usr/bin/time the table also shows the median CPU seconds (user+sys of the
# command and all its child processes), which is less disturbed than wall
# time when other work shares the machine.
#
# With BENCH_KIND=rewrite (make bench-rewrite) the commands are (a) and
#   (r) <abs mpaudit> rewrite ./... >/dev/null  (the whole-module rewrite in
#                                                a staged copy, verified with
#                                                go vet and go build; exit 1 =
#                                                a diff was produced)
# and the target is "rewrite at most 2x plain go vet". The summary also gives
# the load average (1, 5, 15 min) at the start and the end of the benchmark.
#
# Unchanged tree. For BENCH_KIND=static the script then times (c) and (l)
# BENCH_RUNS more times each with no nonce change at all (after one untimed
# run of each that fills check's result cache), and prints
# "check vs go list -export -deps (unchanged tree): R" and its verdict
# against 1.5x. check runs with MPAUDIT_CACHE set to a private directory:
# over a changed tree every run is a cache miss (the figures above include
# the cost of computing the key), over an unchanged tree a hit.
#
# Start-up. go vet starts the vet tool once per package it visits (for
# facts, every dependency too), so the tool's process start-up is paid
# hundreds of times. For BENCH_KIND=static the script ends with
# "vettool start-up": the CPU (user+sys) per start of `<abs mpaudit> -flags`,
# of `<abs mpaudit-vet> -flags` and of go's own `vet -flags` (package initialisation and nothing else),
# each over BENCH_STARTS (default 200) starts, interleaved BENCH_RUNS times,
# their ratio, and that cost times the packages `go vet ./...` visits.
# BENCH_KIND=startup (make bench-vet-startup) measures only that, over the
# packages of this repository, without generating anything.
#
# With BENCH_KIND=goapi (make bench-goapi) the commands are (b) and (c)
# with the Go API rules (MPA7xx) and the same two with a build of mpaudit and
# mpaudit-vet without them (-tags mpaudit_nogoapi), interleaved in the same
# run:
#   (b0) go vet -vettool=<abs mpaudit-vet without MPA7xx> ./...
#   (c0) <abs mpaudit without MPA7xx> check -o json ./... >/dev/null
# It prints each run's load average (1 min) beside its times, the ratio of
# each pair's medians (wall and cpu), and "target: the Go API rules add at
# most 10% to check|vettool: PASS|FAIL" (judged on cpu, which other work on
# the machine disturbs less, when /usr/bin/time is there).
#
# Environment: BENCH_KIND (static|rewrite|startup|goapi), BENCH_RUNS,
# BENCH_PACKAGES, BENCH_OUT, BENCH_BUMP (default 1), BENCH_STARTS, GO
# (default go).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KIND=${BENCH_KIND:-static}
RUNS=${BENCH_RUNS:-3}
PKGS=${BENCH_PACKAGES:-200}
OUT=${BENCH_OUT:-$ROOT/_out/benchprovider}
GO=${GO:-go}

case $RUNS in '' | *[!0-9]* | 0) echo "BENCH_RUNS must be a positive integer" >&2; exit 1 ;; esac

now() { date +%s.%N; }
t_start=$(now)
LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo n/a)

cd "$ROOT"
LOGDIR=$(mktemp -d)
trap 'rm -rf "$LOGDIR"' EXIT

echo "== building bin/mpaudit and bin/mpaudit-vet"
"$GO" build -o bin/mpaudit ./cmd/mpaudit
"$GO" build -o bin/mpaudit-vet ./cmd/mpaudit-vet
# Time a private copy (absolute path), so a concurrent rebuild of bin/mpaudit
# cannot swap the binary, and with it go vet's cache key, mid-benchmark.
cp bin/mpaudit "$LOGDIR/mpaudit"
MPAUDIT=$LOGDIR/mpaudit
# The vet tool timed in (b) is mpaudit-vet, what docs/vet.md tells CI to use.
cp bin/mpaudit-vet "$LOGDIR/mpaudit-vet"
MPAUDIT_VET=$LOGDIR/mpaudit-vet
# check's result cache, private to this run (see "Unchanged tree").
export MPAUDIT_CACHE=$LOGDIR/cache
if [ "$KIND" = goapi ]; then
	echo "== building mpaudit and mpaudit-vet without the Go API rules (-tags mpaudit_nogoapi)"
	"$GO" build -tags mpaudit_nogoapi -o "$LOGDIR/mpaudit-nogoapi" ./cmd/mpaudit
	"$GO" build -tags mpaudit_nogoapi -o "$LOGDIR/mpaudit-vet-nogoapi" ./cmd/mpaudit-vet
fi
MPAUDIT_OFF=$LOGDIR/mpaudit-nogoapi
MPAUDIT_VET_OFF=$LOGDIR/mpaudit-vet-nogoapi

# startup_cost: CPU milliseconds per start of mpaudit and of go's vet, and
# what they add up to over the packages go vet visits in the current module.
startup_cost() {
	local starts=${BENCH_STARTS:-200} vet tb out
	vet=$("$GO" env GOTOOLDIR)/vet
	tb=$(command -v /usr/bin/time || true)
	if [ -z "$tb" ]; then
		echo "vettool start-up: needs /usr/bin/time; skipped"
		return 0
	fi
	local m="" l="" v=""
	for run in $(seq 1 "$RUNS"); do
		for tool in "$MPAUDIT" "$MPAUDIT_VET" "$vet"; do
			"$tb" -f '%U %S' -o "$LOGDIR/start" bash -c 'for _ in $(seq "$1"); do "$2" -flags >/dev/null || exit 1; done' _ "$starts" "$tool"
			out=$(awk -v n="$starts" '{ printf "%.2f", ($1 + $2) * 1000 / n }' "$LOGDIR/start")
			case $tool in
			"$MPAUDIT") m="$m $out" ;;
			"$MPAUDIT_VET") l="$l $out" ;;
			*) v="$v $out" ;;
			esac
		done
	done
	local mm lm vm deps
	mm=$(median "$m")
	lm=$(median "$l")
	vm=$(median "$v")
	deps=$("$GO" list -deps ./... | wc -l | tr -d ' ')
	ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1fx", a / b; else print "n/a" }'; }
	total() { awk -v a="$1" -v n="$deps" 'BEGIN { printf "%.1f", a * n / 1000 }'; }
	echo "vettool start-up (cpu per start, median of $RUNS x $starts starts): mpaudit ${mm} ms ($(ratio "$mm" "$vm")), mpaudit-vet ${lm} ms ($(ratio "$lm" "$vm")), go vet's vet ${vm} ms;" \
		"x $deps packages go vet visits: mpaudit $(total "$mm") s, mpaudit-vet $(total "$lm") s, vet $(total "$vm") s cpu"
}

median() {
	tr ' ' '\n' <<<"$1" | grep . | sort -g | awk '{ v[NR] = $1 } END {
		if (NR % 2) printf "%.2f", v[(NR + 1) / 2]; else printf "%.2f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

if [ "$KIND" = startup ]; then
	echo "bench-startup: load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo n/a)"
	startup_cost
	exit 0
fi

echo "== generating $PKGS packages into $OUT"
"$GO" run ./hack/benchgen -out "$OUT" -packages "$PKGS" -modfrom "$ROOT/rewrite/testdata/convprovider,$ROOT/analyzers/testdata/provider"
cd "$OUT"

echo "== warming the build cache: go build ./... (not timed)"
"$GO" build ./...
npkgs=$("$GO" list ./... | wc -l | tr -d ' ')
nonces=$(find . -name zz_nonce.go | wc -l | tr -d ' ')
echo "   $npkgs packages, $nonces nonce files"

# bump rewrites every package's nonce comment so its action IDs change.
bump() {
	[ "${BENCH_BUMP:-1}" = 0 ] && return 0
	local tag=$1
	find . -name zz_nonce.go -exec sed -i.bak "s|^// bench-nonce: .*\$|// bench-nonce: $tag|" {} +
	find . -name zz_nonce.go.bak -delete
	local got
	got=$(grep -rl --include=zz_nonce.go -F -x -- "// bench-nonce: $tag" . | wc -l | tr -d ' ')
	if [ "$got" != "$nonces" ]; then
		echo "nonce rewrite changed $got of $nonces files" >&2
		exit 1
	fi
}

NAMES=(
	"go vet ./..."
	"go vet -vettool=bin/mpaudit-vet ./..."
	"mpaudit check -o json ./..."
	"mpaudit rewrite ./... (diff)"
	"go list -export -deps ./..."
	"go vet -vettool=<no MPA7xx> ./..."
	"mpaudit <no MPA7xx> check -o json ./..."
)
case $KIND in
static) CMDS=(0 1 2 4) ;;
rewrite) CMDS=(0 3) ;;
goapi) CMDS=(1 5 2 6) ;;
*) echo "BENCH_KIND must be static, rewrite, startup or goapi" >&2; exit 1 ;;
esac

VET_DEPS=${BENCH_VET_DEPS:-0}
if [ "$KIND" = goapi ] && [ "$VET_DEPS" = 1 ]; then
	echo "BENCH_VET_DEPS=1 is not supported with BENCH_KIND=goapi (only one of the two vet tools would re-analyse dependencies)" >&2
	exit 1
fi
if [ "$VET_DEPS" = 1 ]; then
	NAMES[0]="go vet -printf.funcs=<new> ./..."
	NAMES[1]="go vet -vettool=<new mpaudit-vet> ./..."
fi

# fresh_vet_keys gives both vet commands a cache key no earlier run used.
fresh_vet_keys() {
	[ "$VET_DEPS" = 1 ] || return 0
	VET_NONCE=benchnonce$1
	VETTOOL=$LOGDIR/mpaudit-vet-$1
	cp "$MPAUDIT_VET" "$VETTOOL"
	printf '%s' "$1" >>"$VETTOOL"
	[ -n "${PREV_VETTOOL:-}" ] && rm -f "$PREV_VETTOOL"
	PREV_VETTOOL=$VETTOOL
}
VET_NONCE=
VETTOOL=$MPAUDIT_VET

# run_cmd IDX LOG: runs command IDX, stdout and stderr into LOG, returns its code.
run_cmd() {
	case $1 in
	0)
		if [ -n "$VET_NONCE" ]; then
			"$GO" vet -printf.funcs="$VET_NONCE" ./... >"$2" 2>&1
		else
			"$GO" vet ./... >"$2" 2>&1
		fi
		;;
	1) "$GO" vet -vettool="$VETTOOL" ./... >"$2" 2>&1 ;;
	2) "$MPAUDIT" check -o json ./... >/dev/null 2>"$2" ;;
	3) "$MPAUDIT" rewrite ./... >/dev/null 2>"$2" ;;
	4) "$GO" list -export -deps ./... >/dev/null 2>"$2" ;;
	5) "$GO" vet -vettool="$MPAUDIT_VET_OFF" ./... >"$2" 2>&1 ;;
	6) MPAUDIT_CACHE=$MPAUDIT_CACHE-nogoapi "$MPAUDIT_OFF" check -o json ./... >/dev/null 2>"$2" ;;
	esac
}

export GO MPAUDIT VETTOOL VET_NONCE MPAUDIT_OFF MPAUDIT_VET_OFF
export -f run_cmd

# check_result IDX CODE LOG: fails the benchmark on an unexpected outcome.
check_result() {
	local idx=$1 code=$2 log=$3 ok=0
	case $idx in
	0 | 4) [ "$code" -eq 0 ] && ok=1 ;;
	1 | 5)
		if [ "$code" -eq 0 ]; then
			ok=1
		elif [ "$code" -eq 1 ] && ! grep -Ev '^(# |[^ ]+:[0-9]+(:[0-9]+)?: MPA[0-9]{3} )' "$log" | grep -q .; then
			ok=1 # findings only
		fi
		;;
	2 | 3 | 6) [ "$code" -le 1 ] && ok=1 ;;
	esac
	if [ "$ok" -ne 1 ]; then
		echo "FAILED: ${NAMES[$idx]} exited $code" >&2
		head -n 40 "$log" >&2
		exit 1
	fi
}

echo "== warm-up: one untimed run of each command (caches dependencies' vet facts)"
for idx in "${CMDS[@]}"; do
	bump "warmup-$idx-$$"
	fresh_vet_keys "warmup$idx$$"
	export VETTOOL VET_NONCE
	set +e
	run_cmd "$idx" "$LOGDIR/warmup.log"
	code=$?
	set -e
	check_result "$idx" "$code" "$LOGDIR/warmup.log"
done

TIMEBIN=
if [ -x /usr/bin/time ] && /usr/bin/time -f %e -o /dev/null true 2>/dev/null; then
	TIMEBIN=/usr/bin/time
fi

# time_cmd IDX RUN [LABEL]: runs command IDX once, timed; sets SECS and CPU.
time_cmd() {
	local idx=$1 run=$2 label=${3:-} log=$LOGDIR/run.log code
	CPU=n/a
	set +e
	if [ -n "$TIMEBIN" ]; then
		"$TIMEBIN" -f '%e %U %S' -o "$LOGDIR/time" bash -c 'run_cmd "$@"' run_cmd "$idx" "$log"
		code=$?
		set -e
		read -r secs usr sys < <(tail -n 1 "$LOGDIR/time")
		SECS=$(awk -v e="$secs" 'BEGIN { printf "%.2f", e }')
		CPU=$(awk -v u="$usr" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
	else
		t0=$(now)
		run_cmd "$idx" "$log"
		code=$?
		set -e
		t1=$(now)
		SECS=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
	fi
	check_result "$idx" "$code" "$log"
	if [ "$KIND" = goapi ] && { [ "$idx" = 1 ] || [ "$idx" = 5 ]; }; then
		label="$label  $(grep -c ': MPA7[0-9][0-9] ' "$log" || true) MPA7xx diagnostics"
	fi
	printf '   run %d/%d  %-36s %7ss wall %8ss cpu  (exit %d, load %s)%s\n' "$run" "$RUNS" "${NAMES[idx]}" "$SECS" "$CPU" "$code" "$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo n/a)" "$label"
}

declare -a TIMES=("" "" "" "" "" "" "") CPUS=("" "" "" "" "" "" "")
for run in $(seq 1 "$RUNS"); do
	for idx in "${CMDS[@]}"; do
		bump "run$run-cmd$idx-$$-$(date +%s%N)"
		fresh_vet_keys "run$run$idx$$$(date +%s%N)"
		export VETTOOL VET_NONCE
		time_cmd "$idx" "$run"
		TIMES[idx]="${TIMES[idx]} $SECS"
		[ "$CPU" != n/a ] && CPUS[idx]="${CPUS[idx]} $CPU"
	done
done

# Unchanged tree: no bump at all; one untimed run of each fills the cache.
declare -a UTIMES=("" "" "" "" "")
if [ "$KIND" = static ]; then
	for idx in 2 4; do
		run_cmd "$idx" "$LOGDIR/warmup.log" || true
	done
	for run in $(seq 1 "$RUNS"); do
		for idx in 2 4; do
			time_cmd "$idx" "$run" "  unchanged tree"
			UTIMES[idx]="${UTIMES[idx]} $SECS"
		done
	done
fi

declare -a MED MEDCPU
for idx in "${CMDS[@]}"; do
	MED[idx]=$(median "${TIMES[idx]}")
	MEDCPU[idx]=n/a
	[ -n "${CPUS[idx]}" ] && MEDCPU[idx]=$(median "${CPUS[idx]}")
done

t_end=$(now)
echo
changed="module sources changed before every run"
[ "${BENCH_BUMP:-1}" = 0 ] && changed="nothing changed between runs (BENCH_BUMP=0)"
[ "$VET_DEPS" = 1 ] && changed="$changed, vet tools re-analyse every dependency (BENCH_VET_DEPS=1)"
echo "bench-$KIND: $npkgs packages (example.com/benchprovider), median of $RUNS run(s), $changed"
printf '%-36s %9s %7s %10s %7s   %s\n' "command" "median_s" "vs_vet" "median_cpu" "vs_vet" "wall runs_s"
for idx in "${CMDS[@]}"; do
	ratio=$(awk -v x="${MED[idx]}" -v b="${MED[0]:-0}" 'BEGIN { if (b > 0) printf "%.2fx", x / b; else print "n/a" }')
	cratio=$(awk -v x="${MEDCPU[idx]}" -v b="${MEDCPU[0]:-0}" 'BEGIN { if (b > 0 && x != "n/a") printf "%.2fx", x / b; else print "n/a" }')
	printf '%-36s %9s %7s %10s %7s  %s\n' "${NAMES[idx]}" "${MED[idx]}" "$ratio" "${MEDCPU[idx]}" "$cratio" "${TIMES[idx]}"
done
awk -v s="$t_start" -v e="$t_end" -v k="$KIND" 'BEGIN { printf "total bench-%s time: %.0fs (including build, generation and warm-up)\n", k, e - s }'
if [ "$KIND" = goapi ]; then
	echo "load average at start: $LOAD_START, at end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo n/a)"
	for pair in "2 6 check" "1 5 vettool"; do
		read -r on off what <<<"$pair"
		wr=$(awk -v a="${MED[on]}" -v b="${MED[off]}" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }')
		cr=$(awk -v a="${MEDCPU[on]}" -v b="${MEDCPU[off]}" 'BEGIN { if (b > 0 && a != "n/a") printf "%.3f", a / b; else print "n/a" }')
		echo "$what with / without the Go API rules: ${wr}x wall (${MED[on]}s / ${MED[off]}s), ${cr}x cpu (${MEDCPU[on]}s / ${MEDCPU[off]}s)"
		judged=$cr
		[ "$judged" = n/a ] && judged=$wr
		verdict=$(awk -v r="$judged" 'BEGIN { print (r != "n/a" && r <= 1.10) ? "PASS" : "FAIL" }')
		echo "target: the Go API rules add at most 10% to $what: $verdict"
	done
elif [ "$KIND" = rewrite ]; then
	# Other work on the machine stretches wall time; say how much there was.
	echo "load average at start: $LOAD_START, at end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo n/a)"
	verdict=$(awk -v c="${MED[3]}" -v a="${MED[0]}" 'BEGIN { print (c <= 2 * a) ? "PASS" : "FAIL" }')
	echo "target: rewrite at most 2x plain go vet: $verdict"
else
	ratio=$(awk -v c="${MED[2]}" -v l="${MED[4]}" 'BEGIN { if (l > 0) printf "%.2f", c / l; else print "n/a" }')
	cratio=$(awk -v c="${MEDCPU[2]}" -v l="${MEDCPU[4]}" 'BEGIN { if (l > 0 && c != "n/a") printf "%.2f", c / l; else print "n/a" }')
	echo "check vs go list -export -deps: ${ratio}x wall, ${cratio}x cpu"
	verdict=$(awk -v r="$ratio" 'BEGIN { print (r != "n/a" && r <= 1.5) ? "PASS" : "FAIL" }')
	echo "target: check within 1.5x of go list -export -deps: $verdict"
	uc=$(median "${UTIMES[2]}")
	ul=$(median "${UTIMES[4]}")
	uratio=$(awk -v c="$uc" -v l="$ul" 'BEGIN { if (l > 0) printf "%.2f", c / l; else print "n/a" }')
	echo "check vs go list -export -deps (unchanged tree): ${uratio}x wall (check ${uc}s, go list ${ul}s, medians of $RUNS)"
	verdict=$(awk -v r="$uratio" 'BEGIN { print (r != "n/a" && r <= 1.5) ? "PASS" : "FAIL" }')
	echo "target: check within 1.5x of go list -export -deps (unchanged tree): $verdict"
	verdict=$(awk -v c="${MED[2]}" -v a="${MED[0]}" 'BEGIN { print (c <= a) ? "PASS" : "FAIL" }')
	echo "target: no slower than plain go vet: $verdict"
	vratio=$(awk -v c="${MED[1]}" -v a="${MED[0]}" 'BEGIN { if (a > 0) printf "%.2f", c / a; else print "n/a" }')
	vcratio=$(awk -v c="${MEDCPU[1]}" -v a="${MEDCPU[0]}" 'BEGIN { if (a > 0 && c != "n/a") printf "%.2f", c / a; else print "n/a" }')
	echo "vettool vs plain go vet: ${vratio}x wall, ${vcratio}x cpu"
	verdict=$(awk -v r="$vratio" 'BEGIN { print (r != "n/a" && r <= 1) ? "PASS" : "FAIL" }')
	echo "target: vettool no slower than plain go vet: $verdict"
	startup_cost
fi
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo n/a)"
