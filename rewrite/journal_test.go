package rewrite

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// privateTmp points TMPDIR at an empty directory so a test can see what a
// run leaves there.
func privateTmp(t *testing.T) string {
	t.Helper()
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	return tmp
}

// assertClean fails when the module holds rewrite leftovers or tmp is not
// empty.
func assertClean(t *testing.T, dir, tmp string) {
	t.Helper()
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && strings.Contains(filepath.Base(p), ".mpaudit") {
			t.Errorf("left in the module: %s", p)
		}
		return nil
	})
	if tmp != "" {
		left, _ := os.ReadDir(tmp)
		for _, e := range left {
			// x/tools' module index (linked in through conversion-gen's
			// gengo) makes $TMPDIR/goimports when a test binary starts;
			// mpaudit itself uses the user cache dir.
			if e.Name() == "goimports" {
				continue
			}
			t.Errorf("left in TMPDIR: %s", e.Name())
		}
	}
}

func assertUnchanged(t *testing.T, before map[string][]byte, dir string) {
	t.Helper()
	after := snapshot(t, dir)
	for p, b := range before {
		if !bytes.Equal(after[p], b) {
			t.Errorf("%s differs from before the rewrite", p)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			t.Errorf("%s was added", p)
		}
	}
}

func TestWriteFailingMidwayRestoresEveryFile(t *testing.T) {
	dir := copyTree(t, "../analyzers/testdata/provider")
	tmp := privateTmp(t)
	before := snapshot(t, dir)
	afterReplace = func(n int) error {
		if n == 2 {
			return errors.New("injected: disk full")
		}
		return nil
	}
	defer func() { afterReplace = nil }()
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err == nil || !strings.Contains(err.Error(), "injected: disk full") || !strings.Contains(err.Error(), "restored") {
		t.Fatalf("want the injected failure and a rollback, got %v", err)
	}
	if res != nil && res.Written {
		t.Error("result says written")
	}
	assertUnchanged(t, before, dir)
	assertClean(t, dir, tmp)
}

func TestInterruptDuringWriteRestoresEveryFile(t *testing.T) {
	dir := copyTree(t, "../analyzers/testdata/provider")
	tmp := privateTmp(t)
	before := snapshot(t, dir)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	afterReplace = func(n int) error {
		cancel() // as the signal handler does
		return nil
	}
	defer func() { afterReplace = nil }()
	_, err := Run(Options{Context: ctx, Dir: dir, Patterns: []string{"./..."}, Write: true})
	if !errors.Is(err, ErrInterrupted) {
		t.Fatalf("want ErrInterrupted, got %v", err)
	}
	assertUnchanged(t, before, dir)
	assertClean(t, dir, tmp)
}

func TestFileEditedDuringRewriteIsNotOverwritten(t *testing.T) {
	dir := copyTree(t, "../analyzers/testdata/provider")
	tmp := privateTmp(t)
	target := filepath.Join(dir, "controllers", "controllers.go")
	beforeCommit = func() {
		data, _ := os.ReadFile(target)
		os.WriteFile(target, append(data, "\n// edited by a person meanwhile\n"...), 0o644)
	}
	defer func() { beforeCommit = nil }()
	before := snapshot(t, dir)
	before[target] = append(before[target], "\n// edited by a person meanwhile\n"...)
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err == nil || !strings.Contains(err.Error(), "controllers/controllers.go") || !strings.Contains(err.Error(), "nothing was written") {
		t.Fatalf("want a refusal naming controllers/controllers.go, got %v", err)
	}
	if res != nil && res.Written {
		t.Error("result says written")
	}
	assertUnchanged(t, before, dir)
	assertClean(t, dir, tmp)
}

func TestLineEndingsAndModesKept(t *testing.T) {
	dir := copyTree(t, "../analyzers/testdata/provider")
	tmp := privateTmp(t)
	target := filepath.Join(dir, "controllers", "controllers.go")
	data, _ := os.ReadFile(target)
	crlf := bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))
	if err := os.WriteFile(target, crlf, 0o600); err != nil {
		t.Fatal(err)
	}
	os.Chmod(target, 0o600)
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(target)
	if bytes.Equal(got, crlf) {
		t.Fatal("controllers.go was not rewritten")
	}
	if n := bytes.Count(got, []byte("\n")); n != bytes.Count(got, []byte("\r\n")) {
		t.Errorf("CRLF file has %d lone LF line ends after the rewrite", n-bytes.Count(got, []byte("\r\n")))
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
	for _, c := range res.Changes {
		if c.Rel == "controllers/controllers.go" && !bytes.Equal(c.New, got) {
			t.Error("the diff shows other bytes than were written")
		}
	}
	goIn(t, dir, "build", "./...")
	assertClean(t, dir, tmp)
}

// TestErrorsNameModuleFiles: an alias-imported status literal used to get
// a fix that does not parse, and the error named the staged copy.
func TestErrorsNameModuleFiles(t *testing.T) {
	dir := copyTree(t, "../analyzers/testdata/provider")
	tmp := privateTmp(t)
	src := `package controllers

import (
	scw "example.com/provider/apis/dual/v1alpha2"
	"k8s.io/utils/ptr"
)

func aliased(p *scw.ScwMachinePool) {
	p.Status = scw.ScwMachinePoolStatus{Ready: ptr.To(true)}
}
`
	if err := os.WriteFile(filepath.Join(dir, "controllers", "alias.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Run(Options{Dir: dir, Patterns: []string{"./..."}})
	if err != nil && (strings.Contains(err.Error(), tmp) || strings.Contains(err.Error(), "mpaudit-rewrite-")) {
		t.Errorf("the error names the staged copy: %v", err)
	}
	if err != nil && !strings.Contains(err.Error(), "controllers/alias.go") {
		t.Errorf("the error does not name the file: %v", err)
	}
	assertClean(t, dir, tmp)
}

func TestStageErrorsAreRelative(t *testing.T) {
	st := &stage{root: "/src/provider", dir: "/tmp/mpaudit-rewrite-1"}
	err := st.relative(errors.New("/tmp/mpaudit-rewrite-1/controllers/x.go: the rewritten file does not parse: /tmp/mpaudit-rewrite-1/controllers/x.go:3:1: expected"))
	if want := "controllers/x.go: the rewritten file does not parse: controllers/x.go:3:1: expected"; err.Error() != want {
		t.Errorf("got %q, want %q", err, want)
	}
}

// commitFixture is a module with two files and changes to both plus a new one.
func commitFixture(t *testing.T) (root string, changes []Change, staged map[string]digest) {
	t.Helper()
	root = t.TempDir()
	files := map[string]string{"go.mod": "module example.com/m\n", "a.go": "package m\n", "sub/b.go": "package sub\n"}
	for rel, content := range files {
		p := filepath.Join(root, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	staged, err := fingerprint(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range []string{"a.go", "sub/b.go", "config/new/c.yaml"} {
		old, _ := os.ReadFile(filepath.Join(root, rel))
		changes = append(changes, Change{Path: filepath.Join(root, rel), Rel: rel, Old: old, New: []byte("// new\n" + string(old))})
	}
	return root, changes, staged
}

func TestLockHeldByLiveProcessRefuses(t *testing.T) {
	root, changes, staged := commitFixture(t)
	// This test process is alive: its lock is not stale.
	lock := `{"pid":` + strconv.Itoa(os.Getpid()) + `,"host":"` + hostname() + `"}`
	os.WriteFile(filepath.Join(root, lockName), []byte(lock), 0o644)
	before := snapshot(t, root)
	_, err := commit(context.Background(), root, "", changes, staged)
	if err == nil || !strings.Contains(err.Error(), "another mpaudit rewrite (pid "+strconv.Itoa(os.Getpid())) {
		t.Fatalf("want a refusal naming the holder, got %v", err)
	}
	assertUnchanged(t, before, root)
}

func TestStaleLockIsTakenOverAndExplained(t *testing.T) {
	root, changes, staged := commitFixture(t)
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Skip("no true(1):", err)
	}
	lock := `{"pid":` + strconv.Itoa(dead.Process.Pid) + `,"host":"` + hostname() + `"}`
	os.WriteFile(filepath.Join(root, lockName), []byte(lock), 0o644)
	notes, err := commit(context.Background(), root, "", changes, staged)
	if err != nil {
		t.Fatal(err)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "pid "+strconv.Itoa(dead.Process.Pid)) || !strings.Contains(notes[0], "no longer running") {
		t.Errorf("notes %q do not explain the stale lock", notes)
	}
	for _, c := range changes {
		if got, _ := os.ReadFile(c.Path); !bytes.Equal(got, c.New) {
			t.Errorf("%s not written", c.Rel)
		}
	}
	assertClean(t, root, "")
}

// Two runs that find the same stale lock: only one may hold it.
func TestStaleLockTakenOverByOneRunOnly(t *testing.T) {
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Skip("no true(1):", err)
	}
	stale := `{"pid":` + strconv.Itoa(dead.Process.Pid) + `,"host":"` + hostname() + `"}`
	for range 50 {
		root := t.TempDir()
		os.WriteFile(filepath.Join(root, lockName), []byte(stale), 0o644)
		var wg sync.WaitGroup
		var mu sync.Mutex
		held := 0
		for range 2 {
			wg.Go(func() {
				if _, _, err := acquireLock(root, ""); err == nil {
					mu.Lock()
					held++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if held != 1 {
			t.Fatalf("%d runs hold the lock", held)
		}
	}
}

func TestRollbackRemovesCreatedFilesAndDirs(t *testing.T) {
	root, changes, staged := commitFixture(t)
	before := snapshot(t, root)
	afterReplace = func(n int) error {
		if n == 3 {
			return errors.New("injected")
		}
		return nil
	}
	defer func() { afterReplace = nil }()
	if _, err := commit(context.Background(), root, "", changes, staged); err == nil {
		t.Fatal("no error")
	}
	assertUnchanged(t, before, root)
	if _, err := os.Stat(filepath.Join(root, "config")); err == nil {
		t.Error("the directory created for the new file was left")
	}
	assertClean(t, root, "")
}

func TestEditDuringReplacementRollsBack(t *testing.T) {
	root, changes, staged := commitFixture(t)
	before := snapshot(t, root)
	edited := []byte("package sub // a person's edit\n")
	afterReplace = func(n int) error {
		if n == 1 {
			os.WriteFile(changes[1].Path, edited, 0o644)
		}
		return nil
	}
	defer func() { afterReplace = nil }()
	_, err := commit(context.Background(), root, "", changes, staged)
	if err == nil || !strings.Contains(err.Error(), "sub/b.go changed since the rewrite read it") || !strings.Contains(err.Error(), "restored") {
		t.Fatalf("want sub/b.go named and a rollback, got %v", err)
	}
	before[changes[1].Path] = edited
	assertUnchanged(t, before, root)
	assertClean(t, root, "")
}

// TestKilledRewriteIsRecovered kills a rewrite (a child process running
// this test binary) in the middle of the write, then recovers the tree.
func TestKilledRewriteIsRecovered(t *testing.T) {
	if dir := os.Getenv("MPAUDIT_TEST_KILLED_CHILD"); dir != "" {
		_, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
		t.Fatalf("the child was not killed: %v", err)
	}
	dir := copyTree(t, "../analyzers/testdata/provider")
	tmp := t.TempDir()
	before := snapshot(t, dir)
	child := exec.Command(os.Args[0], "-test.run=^TestKilledRewriteIsRecovered$")
	child.Env = append(os.Environ(), "MPAUDIT_TEST_KILLED_CHILD="+dir, pauseEnv+"=2", "TMPDIR="+tmp)
	stderr, _ := child.StderrPipe()
	child.Stdout = os.Stdout
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	paused := false
	for sc := bufio.NewScanner(stderr); sc.Scan(); {
		if strings.Contains(sc.Text(), "paused after replacing 2 files") {
			paused = true
			break
		}
	}
	child.Process.Signal(syscall.SIGKILL)
	child.Wait()
	if !paused {
		t.Fatal("the child never reached the write")
	}
	if _, err := os.Stat(filepath.Join(dir, journalName, manifestName)); err != nil {
		t.Fatalf("no journal after the kill: %v", err)
	}
	// A run now refuses and says how to recover.
	if _, err := Run(Options{Dir: dir, Patterns: []string{"./..."}}); err == nil || !strings.Contains(err.Error(), "mpaudit rewrite --recover") {
		t.Fatalf("want a refusal naming --recover, got %v", err)
	}
	t.Setenv("TMPDIR", tmp)
	done, err := Recover(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(done) != 2 || !strings.Contains(done[0], "no longer running") || !strings.Contains(done[1], "restored") {
		t.Errorf("recovery notes: %q", done)
	}
	assertUnchanged(t, before, dir)
	assertClean(t, dir, tmp)
}

func TestRecoverLeavesFilesChangedSinceAlone(t *testing.T) {
	root, changes, _ := commitFixture(t)
	m, err := writeJournal(root, changes, map[string][]byte{changes[0].Path: []byte("package m\n"), changes[1].Path: []byte("package sub\n")})
	if err != nil {
		t.Fatal(err)
	}
	replaceFile(changes[0].Path, changes[0].New, m.Files[0].Mode)
	os.WriteFile(changes[1].Path, []byte("package sub // a person's edit after the kill\n"), 0o644)
	_, err = Recover(root)
	if err == nil || !strings.Contains(err.Error(), "sub/b.go changed after the rewrite replaced it") || !strings.Contains(err.Error(), journalName+"/1.orig") {
		t.Fatalf("want sub/b.go named with its original, got %v", err)
	}
	if got, _ := os.ReadFile(changes[0].Path); string(got) != "package m\n" {
		t.Errorf("a.go not restored: %q", got)
	}
	if got, _ := os.ReadFile(changes[1].Path); !strings.Contains(string(got), "a person's edit") {
		t.Error("the person's edit was overwritten")
	}
	if _, err := os.Stat(filepath.Join(root, journalName, "1.orig")); err != nil {
		t.Error("the journal was not kept for the file left alone")
	}
}

func hostname() string { h, _ := os.Hostname(); return h }
