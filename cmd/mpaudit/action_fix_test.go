package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// ghStandIn stands in for gh in the fix step: it records each call (argv,
// and the --body-file's content) in a numbered directory under $GH_CALLS,
// and keeps the one pull request it "opened" in $GH_STATE.
const ghStandIn = `#!/usr/bin/env bash
set -eu
d="$GH_CALLS/$(printf %03d "$(ls "$GH_CALLS" | wc -l)")"
mkdir "$d"
printf '%s\0' "$@" > "$d/argv"
prev=
for a in "$@"; do
	if [ "$prev" = --body-file ]; then cp "$a" "$d/body"; fi
	prev=$a
done
case "$1 $2" in
"pr list") if [ -f "$GH_STATE" ]; then cat "$GH_STATE"; fi ;;
"pr create") echo 1 > "$GH_STATE"; echo https://github.invalid/o/r/pull/1 ;;
"pr edit") echo "https://github.invalid/o/r/pull/$3" ;;
*) echo "stand-in: unexpected call: $*" >&2; exit 1 ;;
esac
`

type ghCall struct {
	argv []string
	body string
}

// The fix mode's step, run as the runner runs it, against a local bare
// repository as origin and the recording stand-in for gh.
func TestActionFixMode(t *testing.T) {
	a, _ := loadAction(t)
	for _, f := range []string{"write", "pr-body", "capi-version"} {
		if newRewriteCmd().Flags().Lookup(f) == nil {
			t.Errorf("the fix script passes --%s, which mpaudit rewrite does not have", f)
		}
	}
	fixStep := stepScript(t, a, "fix")
	bin := binary(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	// No user or system git configuration (an empty file: /dev/null is not
	// always one).
	gitConfig := filepath.Join(tmp, "gitconfig")
	if err := os.WriteFile(gitConfig, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	gitEnv := append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+gitConfig,
		"GIT_AUTHOR_NAME=Test", "GIT_AUTHOR_EMAIL=test@example.invalid",
		"GIT_COMMITTER_NAME=Test", "GIT_COMMITTER_EMAIL=test@example.invalid")
	git := func(dir string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = gitEnv
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v in %s: %v\n%s", args, dir, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	// newOrigin makes a bare repository whose main holds fixture under provider/.
	newOrigin := func(name, fixture string) string {
		origin := filepath.Join(tmp, name+".git")
		git(tmp, "init", "--quiet", "--bare", "-b", "main", origin)
		seed := filepath.Join(tmp, name+"-seed")
		git(tmp, "init", "--quiet", "-b", "main", seed)
		if out, err := exec.Command("cp", "-r", fixture, filepath.Join(seed, "provider")).CombinedOutput(); err != nil {
			t.Fatalf("cp: %v\n%s", err, out)
		}
		git(seed, "add", ".")
		git(seed, "commit", "--quiet", "-m", "provider")
		git(seed, "push", "--quiet", origin, "main")
		return origin
	}
	clones := 0
	clone := func(origin string) string {
		clones++
		dir := filepath.Join(tmp, "clone"+strconv.Itoa(clones))
		git(tmp, "clone", "--quiet", origin, dir)
		return dir
	}
	refs := func(origin string) string { return git(origin, "for-each-ref", "--format=%(refname) %(objectname)") }

	gh := filepath.Join(tmp, "gh")
	if err := os.WriteFile(gh, []byte(ghStandIn), 0o755); err != nil {
		t.Fatal(err)
	}
	callsDir, state := filepath.Join(tmp, "calls"), filepath.Join(tmp, "pr")
	// calls returns the stand-in's calls since the last time and forgets them.
	calls := func() []ghCall {
		t.Helper()
		entries, _ := os.ReadDir(callsDir)
		var out []ghCall
		for _, e := range entries {
			argv, err := os.ReadFile(filepath.Join(callsDir, e.Name(), "argv"))
			if err != nil {
				t.Fatal(err)
			}
			body, _ := os.ReadFile(filepath.Join(callsDir, e.Name(), "body"))
			out = append(out, ghCall{strings.Split(strings.TrimSuffix(string(argv), "\x00"), "\x00"), string(body)})
		}
		os.RemoveAll(callsDir)
		if err := os.Mkdir(callsDir, 0o755); err != nil {
			t.Fatal(err)
		}
		return out
	}
	calls()
	// The action's defaults, as a workflow that sets none of them passes them.
	var (
		branch = *a.Inputs["branch"].Default
		title  = *a.Inputs["title"].Default
		author = *a.Inputs["author"].Default
	)
	if branch != "mpaudit/v1beta2-migration" || title == "" {
		t.Fatalf("defaults: branch %q, title %q", branch, title)
	}
	fix := func(clone string, extra ...string) (int, map[string]string, string) {
		t.Helper()
		env := append([]string{"ACTION_PATH=" + root, "MPAUDIT=" + bin, "PACKAGES=./...", "CAPI_VERSION=",
			"BRANCH=" + branch, "BASE=", "AUTHOR=" + author, "TITLE=" + title,
			"MPAUDIT_GH=" + gh, "GH_CALLS=" + callsDir, "GH_STATE=" + state,
			"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=" + gitConfig}, extra...)
		return runActionStep(t, clone, fixStep, filepath.Join(clone, "provider"), env...)
	}
	wantCalls := func(run string, got []ghCall, want ...[]string) {
		t.Helper()
		var argvs [][]string
		for _, c := range got {
			argvs = append(argvs, c.argv)
		}
		// The body file is a temporary path: BODY matches any.
		same := slices.EqualFunc(argvs, want, func(a, b []string) bool {
			return slices.EqualFunc(a, b, func(x, y string) bool { return x == y || y == "BODY" })
		})
		if !same {
			t.Errorf("%s: gh calls\n%q\nwant\n%q", run, argvs, want)
		}
	}
	list := []string{"pr", "list", "--head", branch, "--state", "open", "--json", "number", "--jq", ".[0].number // empty"}
	create := []string{"pr", "create", "--base", "main", "--head", branch, "--title", title, "--body-file", "BODY"}
	edit := []string{"pr", "edit", "1", "--base", "main", "--title", title, "--body-file", "BODY"}

	// A small provider whose rewrite (fields, deepcopy, CRDs, labels) verifies fast.
	origin := newOrigin("provider", "../../rewrite/testdata/crdprovider")
	main1 := git(origin, "rev-parse", "main")

	// 1. The first run pushes one commit on main and opens the pull request
	// with the description mpaudit wrote.
	w := clone(origin)
	code, out, log := fix(w)
	if code != 0 || out["changed"] != "true" || out["pushed"] != "true" || out["pull-request"] != "https://github.invalid/o/r/pull/1" || out["exit-code"] != "0" {
		t.Fatalf("first run: exit %d, outputs %v\n%s", code, out, log)
	}
	c := calls()
	wantCalls("first run", c, list, create)
	if len(c) != 2 || !strings.HasPrefix(c[1].body, "## Migrate `FooCluster` and `FooMachine`") || !strings.Contains(c[1].body, "### Checklist, in order") {
		t.Fatalf("first run: the pull request's body is not mpaudit's: %+v", c)
	}
	body := c[1].body
	fix1 := git(origin, "rev-parse", branch)
	if p := git(origin, "rev-parse", fix1+"^"); p != main1 {
		t.Errorf("the fix commit's parent is %s, want main %s", p, main1)
	}
	if who := git(origin, "log", "-1", "--format=%an <%ae> %cn <%ce> %s", fix1); who != author+" "+author+" "+title {
		t.Errorf("fix commit: %q", who)
	}
	files := git(origin, "diff", "--name-only", main1, fix1)
	if !strings.Contains(files, "provider/controllers/controllers.go") || !strings.Contains(log, "wrote controllers/controllers.go") {
		t.Errorf("the commit changes %q; the rewrite said\n%s", files, log)
	}
	if st := git(w, "status", "--porcelain", "--untracked-files=no"); st != "" {
		t.Errorf("the rewrite's changes are not all committed:\n%s", st)
	}

	// 2. A second run (a new job, nothing new on main) finds the branch
	// holding the same tree: no push, and the same pull request is edited.
	code, out, log = fix(clone(origin))
	if code != 0 || out["changed"] != "true" || out["pushed"] != "false" || out["pull-request"] != "https://github.invalid/o/r/pull/1" {
		t.Fatalf("second run: exit %d, outputs %v\n%s", code, out, log)
	}
	c = calls()
	wantCalls("second run", c, list, edit)
	if len(c) == 2 && c[1].body != body {
		t.Errorf("second run: body differs from the first\n%s\n---\n%s", c[1].body, body)
	}
	if got := git(origin, "rev-parse", branch); got != fix1 {
		t.Errorf("second run pushed %s over %s", got, fix1)
	}

	// 2b. main moved on: the branch is rebuilt on it, replacing the
	// action's commit, and the pull request is edited, not opened again.
	seed := filepath.Join(tmp, "provider-seed")
	os.WriteFile(filepath.Join(seed, "NOTES.md"), []byte("unrelated\n"), 0o644)
	git(seed, "add", ".")
	git(seed, "commit", "--quiet", "-m", "notes")
	git(seed, "push", "--quiet", origin, "main")
	main2 := git(origin, "rev-parse", "main")
	w = clone(origin)
	code, out, log = fix(w)
	if code != 0 || out["pushed"] != "true" {
		t.Fatalf("run after main moved: exit %d, outputs %v\n%s", code, out, log)
	}
	wantCalls("run after main moved", calls(), list, edit)
	fix2 := git(origin, "rev-parse", branch)
	if p := git(origin, "rev-parse", fix2+"^"); p != main2 {
		t.Errorf("rebuilt fix commit's parent is %s, want the new main %s", p, main2)
	}
	if got := git(origin, "diff", "--name-only", main2, fix2); got != files {
		t.Errorf("rebuilt commit changes %q, want %q", got, files)
	}

	// 5. A person's commit on the branch is never overwritten: the run
	// stops before rewriting.
	os.WriteFile(filepath.Join(w, "provider", "HUMAN.md"), []byte("mine\n"), 0o644)
	git(w, "add", ".")
	git(w, "commit", "--quiet", "-m", "a person's change")
	git(w, "push", "--quiet", "origin", "HEAD:"+branch)
	before := refs(origin)
	code, out, log = fix(clone(origin))
	if code != 2 || out["exit-code"] != "2" || !strings.Contains(log, "test@example.invalid") || strings.Contains(log, "wrote ") {
		t.Errorf("branch with a person's commit: exit %d, outputs %v, want 2 before rewriting\n%s", code, out, log)
	}
	wantCalls("branch with a person's commit", calls())
	if got := refs(origin); got != before {
		t.Errorf("branch with a person's commit: origin changed\n%s\nwas\n%s", got, before)
	}

	// A tracked file changed before the rewrite would land in the commit:
	// refused.
	w = clone(origin)
	os.WriteFile(filepath.Join(w, "provider", "go.mod"), []byte("module changed\n"), 0o644)
	if code, _, log = fix(w); code != 2 || !strings.Contains(log, "tracked files changed before the rewrite") {
		t.Errorf("dirty tree: exit %d, want 2\n%s", code, log)
	}
	wantCalls("dirty tree", calls())

	// 3. The pull request merged (main is the action's commit): nothing to
	// change, so nothing is committed, pushed or called.
	git(origin, "update-ref", "refs/heads/main", fix2)
	git(origin, "update-ref", "-d", "refs/heads/"+branch)
	before = refs(origin)
	code, out, log = fix(clone(origin))
	if code != 0 || out["changed"] != "false" || out["pushed"] != "false" || out["pull-request"] != "" || !strings.Contains(log, "nothing to change") {
		t.Errorf("nothing to change: exit %d, outputs %v\n%s", code, out, log)
	}
	wantCalls("nothing to change", calls())
	if got := refs(origin); got != before {
		t.Errorf("nothing to change: origin changed\n%s\nwas\n%s", got, before)
	}

	// 4. A rewrite that fails (exit 2: the module does not load) fails the
	// step and pushes nothing.
	broken := newOrigin("broken", "testdata/syntaxerr")
	before = refs(broken)
	code, out, log = fix(clone(broken))
	if code != 2 || out["exit-code"] != "2" || out["changed"] != "false" || !strings.Contains(log, "mpaudit rewrite failed (exit 2)") {
		t.Errorf("failing rewrite: exit %d, outputs %v, want 2\n%s", code, out, log)
	}
	wantCalls("failing rewrite", calls())
	if got := refs(broken); got != before {
		t.Errorf("failing rewrite: origin changed\n%s\nwas\n%s", got, before)
	}

	// Bad input is refused before anything runs.
	for _, bad := range [][]string{{"AUTHOR=bot"}, {"BRANCH=a..b"}, {"BASE=" + branch}, {"MPAUDIT_GH=/nonexistent/gh"}} {
		if code, _, log := fix(clone(origin), bad...); code != 2 || strings.Contains(log, "wrote ") {
			t.Errorf("%v: exit %d, want 2\n%s", bad, code, log)
		}
	}
	wantCalls("bad input", calls())
}
