#!/usr/bin/env bash
# action-fix.sh: the fix mode of action.yml (mode: fix). Run in the provider's
# module directory, in a git checkout of the base branch:
#
#   1. mpaudit rewrite --write --pr-body BODY [--capi-version V] PACKAGES
#   2. nothing written: exit 0 (no commit, no push, no pull request call)
#   3. else one commit on BRANCH, built on HEAD (the base), pushed with
#      --force-with-lease, so a re-run replaces the action's previous commit;
#      a branch whose tree is already that commit's is not pushed again
#   4. $MPAUDIT_GH pr list --head BRANCH: `pr edit` the open pull request's
#      base, title and body, or `pr create` one, the body being the one
#      mpaudit wrote
#
# Environment (action.yml passes its inputs): MPAUDIT (binary), PACKAGES,
# CAPI_VERSION, BRANCH, BASE (empty: the branch checked out), AUTHOR
# ("Name <email>", author and committer of the commit), TITLE, REMOTE
# (default origin), MPAUDIT_GH (the pull request command, default gh; tests put
# a recording stand-in here), GITHUB_OUTPUT (outputs: changed, pushed,
# pull-request, exit-code).
#
# Exit codes: 0 nothing to change, or the branch and its pull request are up
# to date; 2 the run changed nothing: bad input, a tracked file changed before
# the rewrite, HEAD not on the base branch, BRANCH holding a commit the action
# did not make (a person's commits are never overwritten), or mpaudit rewrite
# failing (its exit 2: nothing written); 3 the rewrite was written but
# committing, pushing or the pull request command failed.
set -euo pipefail

: "${GITHUB_OUTPUT:=/dev/null}"
REMOTE="${REMOTE:-origin}"
GH="${MPAUDIT_GH:-gh}"
tmp=""
finish() {
	local code=$?
	[ -z "$tmp" ] || rm -rf "$tmp"
	echo "exit-code=$code" >> "$GITHUB_OUTPUT"
}
trap finish EXIT

die() { # die CODE MESSAGE
	echo "::error title=mpaudit fix::$2" >&2
	exit "$1"
}
output() { echo "$1=$2" >> "$GITHUB_OUTPUT"; }
# git failures after the rewrite wrote its files are exit 3.
step() { "$@" || die 3 "$* failed (exit $?)"; }

output changed false
output pushed false

[ -n "${MPAUDIT:-}" ] || die 2 "MPAUDIT is not set"
[ -n "${BRANCH:-}" ] || die 2 "the branch input is empty"
git check-ref-format "refs/heads/$BRANCH" || die 2 "branch \"$BRANCH\" is not a valid branch name"
if [[ ! "${AUTHOR:-}" =~ ^([^\<\>]*[^\<\> ])\ \<([^\<\>\ ]+@[^\<\>\ ]+)\>$ ]]; then
	die 2 "author \"${AUTHOR:-}\" is not \"Name <email>\""
fi
name="${BASH_REMATCH[1]}" email="${BASH_REMATCH[2]}"
[ -n "${TITLE:-}" ] || die 2 "the title input is empty"
command -v "$GH" > /dev/null || die 2 "pull request command \"$GH\" not found (GitHub-hosted runners have gh)"
git rev-parse --is-inside-work-tree > /dev/null 2>&1 || die 2 "$PWD is not in a git checkout (run actions/checkout first)"

base="${BASE:-}"
if [ -z "$base" ]; then
	base="$(git symbolic-ref --quiet --short HEAD)" || die 2 "HEAD is detached: set the base input to the branch the pull request targets"
fi
[ "$base" != "$BRANCH" ] || die 2 "branch and base are both \"$base\""
base_sha="$(git ls-remote --heads "$REMOTE" "refs/heads/$base" | cut -f1)" || die 2 "git ls-remote $REMOTE failed"
[ -n "$base_sha" ] || die 2 "$REMOTE has no branch \"$base\""
head_sha="$(git rev-parse HEAD)"
# The commit goes on HEAD: it must be the base or behind it, or the pull
# request would carry commits that are not the base's.
if [ "$head_sha" != "$base_sha" ]; then
	git fetch --quiet --no-tags "$REMOTE" "refs/heads/$base" || die 2 "git fetch $REMOTE $base failed"
	git merge-base --is-ancestor "$head_sha" "$base_sha" ||
		die 2 "HEAD ($head_sha) is not on $REMOTE/$base: check out the base branch"
fi
# Everything tracked that changes from here on is the rewrite's.
git diff --quiet HEAD -- || die 2 "tracked files changed before the rewrite (git status shows them): commit or drop them first"

# The branch is the action's: refuse before rewriting when a person (or a
# different author input) made its last commit.
depth=()
if [ "$(git rev-parse --is-shallow-repository)" = true ]; then
	depth=(--depth=1)
fi
branch_sha="$(git ls-remote --heads "$REMOTE" "refs/heads/$BRANCH" | cut -f1)" || die 2 "git ls-remote $REMOTE failed"
if [ -n "$branch_sha" ]; then
	git fetch --quiet --no-tags "${depth[@]}" "$REMOTE" "refs/heads/$BRANCH" || die 2 "git fetch $REMOTE $BRANCH failed"
	who="$(git log -1 --format='%ae %ce' "$branch_sha")"
	[ "$who" = "$email $email" ] ||
		die 2 "$REMOTE/$BRANCH ends in a commit by ${who% *} (committed by ${who#* }), not $email: rebase or delete the branch, or name another one"
fi

tmp="$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/mpaudit-fix.XXXXXX")"
args=(rewrite --write --pr-body "$tmp/body.md")
if [ -n "${CAPI_VERSION:-}" ]; then
	args+=(--capi-version "$CAPI_VERSION")
fi
read -r -a pkgs <<< "${PACKAGES:-./...}"
rc=0
"$MPAUDIT" "${args[@]}" "${pkgs[@]}" > "$tmp/wrote" || rc=$?
cat "$tmp/wrote"
[ "$rc" = 0 ] || die "$rc" "mpaudit rewrite failed (exit $rc): nothing was written, committed or pushed"
mapfile -t wrote < <(sed -n 's/^wrote //p' "$tmp/wrote")
if [ "${#wrote[@]}" = 0 ]; then
	echo "mpaudit rewrite: nothing to change; no commit, push or pull request"
	exit 0
fi
output changed true

# GitHub refuses a description over 65536 characters.
body="$tmp/body.md"
if [ "$(wc -c < "$body")" -gt 65000 ]; then
	head -c 60000 "$body" | sed '$d' > "$tmp/short.md"
	printf '\n\n_The description was cut to fit GitHub'"'"'s limit: `mpaudit rewrite --pr-body FILE` writes all of it._\n' >> "$tmp/short.md"
	body="$tmp/short.md"
fi

# "wrote PATH" is relative to the module root, which may be above $PWD.
gomod="$(go env GOMOD)" || die 3 "go env GOMOD failed"
step git checkout --quiet -B "$BRANCH"
step git add -u
step git -C "$(dirname "$gomod")" add -- "${wrote[@]}"
export GIT_AUTHOR_NAME="$name" GIT_AUTHOR_EMAIL="$email" GIT_COMMITTER_NAME="$name" GIT_COMMITTER_EMAIL="$email"
step git commit --quiet --no-verify -m "$TITLE" -m "Written by \`mpaudit rewrite --write\`; the pull request's description lists what is left to do."

# The branch already holds this tree (same base, same rewrite): pushing would
# only change the commit's date and id, and restart the pull request's checks.
if [ -n "$branch_sha" ] && [ "$(git rev-parse "$branch_sha^{tree}")" = "$(git rev-parse "HEAD^{tree}")" ]; then
	echo "$REMOTE/$BRANCH already holds this rewrite: not pushed"
else
	step git push --quiet --force-with-lease="refs/heads/$BRANCH:$branch_sha" "$REMOTE" "HEAD:refs/heads/$BRANCH"
	output pushed true
fi

# Any open pull request from BRANCH is the action's: it is retargeted to the
# base the commit is built on.
number="$("$GH" pr list --head "$BRANCH" --state open --json number --jq '.[0].number // empty')" ||
	die 3 "$GH pr list failed"
if [ -n "$number" ]; then
	url="$("$GH" pr edit "$number" --base "$base" --title "$TITLE" --body-file "$body")" || die 3 "$GH pr edit $number failed"
else
	url="$("$GH" pr create --base "$base" --head "$BRANCH" --title "$TITLE" --body-file "$body")" || die 3 "$GH pr create failed"
fi
echo "$url"
output pull-request "$(tail -n 1 <<< "$url")"
