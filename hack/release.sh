#!/usr/bin/env bash
# Cross-builds mpaudit release archives (`make release`):
#
#   _out/release/mpaudit_<os>_<arch>/mpaudit            static binary (CGO_ENABLED=0, -trimpath)
#   _out/release/mpaudit_<os>_<arch>/kubectl-mpaudit    the same binary (hard link): the kubectl plugin
#   _out/release/mpaudit_<os>_<arch>/mpaudit-vet        the analyzers alone, for go vet -vettool (docs/vet.md)
#   _out/release/mpaudit_<os>_<arch>.tar.gz             the folder above, plus README.md
#   _out/release/SHA256SUMS                             sha256sum of every archive and binary
#
# for linux and darwin on amd64 and arm64. The version printed by `mpaudit version` is
# stamped with -ldflags "-X main.version=$(git describe --tags --always --dirty)";
# the commit, its time and whether the tree was modified come from the Go build info
# (-buildvcs=auto, overriding a GOFLAGS=-buildvcs=false in the environment).
#
# Environment:
#   VERSION    version to stamp (default: git describe --tags --always --dirty)
#   PLATFORMS  space-separated GOOS/GOARCH pairs (default: the four above)
#   OUT        output folder (default: _out/release; emptied first)
#
# Archives are reproducible for a given commit: entries sorted, owned by 0:0 and dated
# at the commit time, gzip without a timestamp.
set -euo pipefail
cd "$(dirname "$0")/.."

GO="${GO:-go}"
OUT="${OUT:-_out/release}"
PLATFORMS="${PLATFORMS:-linux/amd64 linux/arm64 darwin/amd64 darwin/arm64}"
if [[ -z "${VERSION:-}" ]]; then
	VERSION="$(git describe --tags --always --dirty 2>/dev/null)" || VERSION="(devel)"
fi
EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"

log() { printf 'release: %s\n' "$*" >&2; }

if command -v sha256sum >/dev/null; then
	sha256() { sha256sum "$@"; }
else
	sha256() { shasum -a 256 "$@"; }
fi

rm -rf "$OUT"
mkdir -p "$OUT"
log "mpaudit $VERSION for $PLATFORMS into $OUT"

for platform in $PLATFORMS; do
	os="${platform%/*}"
	arch="${platform#*/}"
	name="mpaudit_${os}_${arch}"
	dir="$OUT/$name"
	mkdir -p "$dir"
	start=$SECONDS
	CGO_ENABLED=0 GOOS="$os" GOARCH="$arch" "$GO" build -trimpath -buildvcs=auto \
		-ldflags "-s -w -X main.version=$VERSION" -o "$dir/mpaudit" ./cmd/mpaudit
	ln -f "$dir/mpaudit" "$dir/kubectl-mpaudit"
	CGO_ENABLED=0 GOOS="$os" GOARCH="$arch" "$GO" build -trimpath -buildvcs=auto \
		-ldflags "-s -w" -o "$dir/mpaudit-vet" ./cmd/mpaudit-vet
	cp README.md "$dir/README.md"
	touch -d "@$EPOCH" "$dir" "$dir"/* 2>/dev/null || true
	tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$EPOCH" \
		-C "$OUT" -cf - "$name" | gzip -9 -n >"$OUT/$name.tar.gz"
	log "$name: $(du -h "$dir/mpaudit" | cut -f1) binary, $((SECONDS - start)) s"
done

# The host's own build must run and report the stamped version.
host="mpaudit_$("$GO" env GOOS)_$("$GO" env GOARCH)"
if [[ -x "$OUT/$host/mpaudit" ]]; then
	got="$("$OUT/$host/mpaudit" version | head -n1)"
	[[ "$got" == "mpaudit $VERSION" ]] || { log "ERROR: $host/mpaudit version says '$got', want 'mpaudit $VERSION'"; exit 1; }
	log "$host/mpaudit version: $got"
fi

(cd "$OUT" && sha256 *.tar.gz mpaudit_*/mpaudit mpaudit_*/kubectl-mpaudit mpaudit_*/mpaudit-vet >SHA256SUMS)
log "wrote $OUT/SHA256SUMS"
ls -l "$OUT" >&2
