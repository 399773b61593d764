#!/usr/bin/env bash
# `make release-check`: the release as goreleaser would cut it, without publishing.
#
#   1. goreleaser check (.goreleaser.yaml parses and has no deprecated keys);
#   2. goreleaser release --snapshot --clean: every archive into dist/;
#   3. checksums.txt covers every archive and matches; the host's archive holds
#      mpaudit and README.md, its `mpaudit version` says the snapshot version and
#      this commit; installed as kubectl-mpaudit and clusterctl-mpaudit its help
#      names the command as typed;
#   4. clusterctl (Cluster API's own, cmd/clusterctl) runs `clusterctl mpaudit …`
#      through its plugin lookup;
#   5. krew's validate-krew-manifest on dist/krew/mpaudit.yaml, then krew itself
#      installs the host's archive from that manifest (sha256 and bin checked)
#      and `kubectl-mpaudit` from the krew root runs.
#
# goreleaser, krew and clusterctl are built from the Go module proxy at the versions pinned
# in hack/tools/*/go.mod (their own modules, so the main go.mod does not carry
# their dependencies) and cached in _out/tools/ (TOOLS=...).
#
# `hack/release-check.sh --release` (make release) instead publishes the current
# tag with the same goreleaser: `goreleaser release --clean`.
set -euo pipefail
cd "$(dirname "$0")/.."

GO="${GO:-go}"
TOOLS="${TOOLS:-$PWD/_out/tools}"
log() { printf 'release-check: %s\n' "$*" >&2; }
fail() { log "FAIL: $*"; exit 1; }
# expect REGEX CMD...: CMD succeeds and prints a line matching REGEX (output
# captured first: grep -q on a pipe could cut CMD off under pipefail).
expect() {
	local re="$1" out
	shift
	out="$("$@" 2>&1)" || fail "$* exited $?:"$'\n'"$out"
	grep -qE -- "$re" <<<"$out" || fail "$* printed no line matching '$re':"$'\n'"$out"
}

# tool DIR PKG NAME: build PKG of the module hack/tools/DIR into $TOOLS/NAME-<go.sum hash>
# (a new pin builds anew).
tool() {
	local dir="hack/tools/$1" pkg="$2" name="$3" sum bin
	sum="$(cat "$dir/go.mod" "$dir/go.sum" | sha256sum | cut -c1-12)"
	bin="$TOOLS/$name-$sum"
	if [[ ! -x "$bin" ]]; then
		log "building $pkg (hack/tools/$1) into $bin"
		mkdir -p "$TOOLS"
		(cd "$dir" && GOFLAGS=-mod=readonly "$GO" build -o "$bin.tmp" "$pkg") && mv "$bin.tmp" "$bin"
	fi
	printf '%s\n' "$bin"
}

start=$SECONDS
goreleaser="$(tool goreleaser github.com/goreleaser/goreleaser/v2 goreleaser)"
if [[ ${1:-} == --release ]]; then
	exec "$goreleaser" release --clean
fi
validate="$(tool krew sigs.k8s.io/krew/cmd/validate-krew-manifest validate-krew-manifest)"
krew="$(tool krew sigs.k8s.io/krew/cmd/krew krew)"
clusterctl="$(tool clusterctl sigs.k8s.io/cluster-api/cmd/clusterctl clusterctl)"
log "tools ready after $((SECONDS - start)) s"

# goreleaser reads the commit, its date and the repository from git, and falls
# back to a fake "none" commit when `git ls-remote --get-url` fails (a clone
# with no remote): give git the project's URL for this run only.
if ! git ls-remote --get-url >/dev/null 2>&1; then
	[[ -z ${GIT_CONFIG_COUNT:-} ]] || fail "no git remote and GIT_CONFIG_COUNT is set: add a remote"
	log "no git remote: using https://github.com/mpaudit/mpaudit.git as origin's URL for goreleaser"
	export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.url GIT_CONFIG_VALUE_0=https://github.com/mpaudit/mpaudit.git
fi

"$goreleaser" check
t=$SECONDS
"$goreleaser" release --snapshot --clean
log "snapshot build: $((SECONDS - t)) s"

# --- archives and checksums
[[ -f dist/checksums.txt ]] || fail "no dist/checksums.txt"
want=0
for bin in mpaudit mpaudit-vet; do
	for os in linux darwin windows; do
		for arch in amd64 arm64; do
			ext=tar.gz
			[[ $os == windows ]] && ext=zip
			n=$(grep -cE "  ${bin}_[^_]+_${os}_${arch}\.${ext}\$" dist/checksums.txt || true)
			[[ $n == 1 ]] || fail "checksums.txt lists $n ${bin} ${os}/${arch} .${ext} archives, want 1"
			want=$((want + 1))
		done
	done
done
(cd dist && sha256sum --quiet -c checksums.txt) || fail "checksums.txt does not match dist/"
[[ $(wc -l <dist/checksums.txt) == "$want" ]] || fail "checksums.txt has $(wc -l <dist/checksums.txt) lines, want $want"

version="$(sed -n 's/.*"version":"\([^"]*\)".*/\1/p' dist/metadata.json)"
[[ -n $version ]] || fail "no version in dist/metadata.json"
host_os="$("$GO" env GOOS)"
host_arch="$("$GO" env GOARCH)"
archive="mpaudit_${version}_${host_os}_${host_arch}.tar.gz"
[[ -f dist/$archive ]] || fail "no dist/$archive"
contents="$(tar -tzf "dist/$archive" | sort | tr '\n' ' ')"
[[ $contents == "README.md mpaudit " ]] || fail "$archive holds: $contents"
# Reproducible: every entry owned by root and dated at the commit, not the build.
when="$(TZ=UTC git log -1 --format=%cd --date=format-local:'%Y-%m-%d %H:%M:%S')"
entries="$(TZ=UTC tar --full-time -tvzf "dist/$archive")"
grep -v " root/root .* $when " <<<"$entries" && fail "$archive has entries not root/root at $when"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
tar -xzf "dist/$archive" -C "$tmp"
got="$("$tmp/mpaudit" version)"
head="$(git rev-parse HEAD)"
[[ $got == "mpaudit v$version"$'\n'* ]] || fail "mpaudit version says:"$'\n'"$got"$'\n'"want mpaudit v$version"
grep -q "revision:  $head" <<<"$got" || fail "mpaudit version lacks revision $head:"$'\n'"$got"
log "mpaudit version: $(head -n1 <<<"$got") at $head"
for host in kubectl clusterctl; do
	ln "$tmp/mpaudit" "$tmp/$host-mpaudit"
	expect "^  $host mpaudit \[command\]" "$tmp/$host-mpaudit" --help
done

# --- clusterctl's own plugin lookup finds clusterctl-mpaudit on PATH and passes the arguments on
# (it dispatches before reading any config or cluster; HOME keeps it off the user's files).
cc() { HOME="$tmp" PATH="$tmp:$PATH" "$clusterctl" "$@"; }
expect "^mpaudit v$version\$" cc mpaudit version
expect '^  clusterctl mpaudit live \[flags\]' cc mpaudit live --help
expect '^# MPA101' cc mpaudit rules MPA101
log "clusterctl mpaudit: runs $tmp/clusterctl-mpaudit"

# --- krew
manifest=dist/krew/mpaudit.yaml
[[ -f $manifest ]] || fail "no $manifest"
"$validate" -manifest "$manifest" -skip-install
# One platform per release os/arch, each pointing at that release's archive.
platforms="$(awk '$1 == "os:" { os = $2 } $1 == "arch:" { print os "/" $2 }' "$manifest" | sort | tr '\n' ' ')"
[[ $platforms == "darwin/amd64 darwin/arm64 linux/amd64 linux/arm64 windows/amd64 windows/arm64 " ]] ||
	fail "$manifest platforms: $platforms"
[[ $(grep -cE "uri: https://github.com/mpaudit/mpaudit/releases/download/v[^/]+/mpaudit_${version}_" "$manifest") == 6 ]] ||
	fail "$manifest does not point at the 6 mpaudit_${version} archives"
export KREW_ROOT="$tmp/krew"
"$krew" install --manifest="$manifest" --archive="dist/$archive" </dev/null
expect '^  kubectl mpaudit \[command\]' "$KREW_ROOT/bin/kubectl-mpaudit" --help
expect "^mpaudit v$version\$" "$KREW_ROOT/bin/kubectl-mpaudit" version

log "OK: $want archives, checksums, krew manifest; $((SECONDS - start)) s in all"
