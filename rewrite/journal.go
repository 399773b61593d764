package rewrite

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/mpaudit/mpaudit/contract"
)

// The write keeps these in the module root while it replaces files. The
// journal holds every original, so a write that fails or is interrupted, or
// a later run after a kill, can put the tree back as it was.
const (
	lockName     = ".mpaudit-rewrite.lock"
	journalName  = ".mpaudit-rewrite.journal"
	manifestName = "manifest.json"
	// tempSuffix names the one temporary file a replacement creates beside
	// its target (".<name>" + tempSuffix), so recovery knows what to remove.
	tempSuffix = ".mpaudit-rewrite.tmp"
)

// ErrInterrupted is returned when the context ends (SIGINT, SIGTERM)
// before the write completed; every replaced file has been restored.
var ErrInterrupted = errors.New("interrupted: nothing was written (every file replaced so far was restored)")

type digest [sha256.Size]byte

func sum(data []byte) digest { return sha256.Sum256(data) }

func (d digest) String() string { return hex.EncodeToString(d[:]) }

// fingerprint hashes every regular file of the staged copy, before any
// edit, keyed by module-relative slash path: the content the rewrite was
// computed from. The write refuses to replace a file that no longer has it.
func fingerprint(stageDir string) (map[string]digest, error) {
	return fingerprintFrom(stageDir, stageDir)
}

// fingerprintFrom is fingerprint of the files under top, keyed relative to
// stageDir (../ for the staged modules beside or above it).
func fingerprintFrom(top, stageDir string) (map[string]digest, error) {
	sums := map[string]digest{}
	err := filepath.WalkDir(top, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		h := sha256.New() // streamed: a module may hold large files
		if _, err := io.Copy(h, f); err != nil {
			return err
		}
		rel, _ := filepath.Rel(stageDir, path)
		sums[filepath.ToSlash(rel)] = digest(h.Sum(nil))
		return nil
	})
	return sums, err
}

// journalEntry is one file the write replaces or creates.
type journalEntry struct {
	Path    string      `json:"path"` // relative to the module root, slash-separated
	Existed bool        `json:"existed"`
	Mode    fs.FileMode `json:"mode"`
	// Original is the journal file holding the original content.
	Original string `json:"original,omitempty"`
	OldSum   string `json:"oldSum,omitempty"`
	NewSum   string `json:"newSum"`
}

type manifest struct {
	Version int            `json:"version"`
	PID     int            `json:"pid"`
	Started time.Time      `json:"started"`
	Files   []journalEntry `json:"files"`
	// Dirs were created for new files; rollback removes them when empty.
	Dirs []string `json:"dirs,omitempty"`
}

// lockInfo is what the lock file says about its holder.
type lockInfo struct {
	PID     int       `json:"pid"`
	Host    string    `json:"host"`
	Started time.Time `json:"started"`
	// Stage is the holder's staged copy, removed when the holder died.
	Stage string `json:"stage,omitempty"`
}

// Hooks for tests: afterReplace runs after each replacement and can fail
// it. pauseEnv makes a built binary stop after that many replacements and
// wait for a signal, so a test can interrupt or kill it at a known point.
var (
	afterReplace func(replaced int) error
	beforeCommit func()
)

const pauseEnv = "MPAUDIT_TEST_PAUSE_AFTER_REPLACE"

// commit replaces the real files with the verified changes, all or
// nothing: under a lock, after checking each target still has the content
// it was staged with, with a journal of originals that rolls every
// replacement back on failure or when ctx ends. It returns notes about
// what it found on the way (a stale lock taken over).
func commit(ctx context.Context, root, stageDir string, changes []Change, staged map[string]digest) (notes []string, err error) {
	if len(changes) == 0 {
		return nil, nil
	}
	if beforeCommit != nil {
		beforeCommit()
	}
	unlock, note, err := acquireLock(root, stageDir)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if note != "" {
		notes = append(notes, note)
	}
	if _, err := os.Lstat(filepath.Join(root, journalName)); err == nil {
		return notes, interruptedRunError(root)
	}
	originals, err := checkUnchanged(changes, staged)
	if err != nil {
		return notes, err
	}
	if err := ctx.Err(); err != nil {
		return notes, ErrInterrupted
	}
	m, err := writeJournal(root, changes, originals)
	if err != nil {
		os.RemoveAll(filepath.Join(root, journalName))
		return notes, fmt.Errorf("writing the journal %s, so nothing was written: %w", journalName, err)
	}
	pause, _ := strconv.Atoi(os.Getenv(pauseEnv))
	for i, c := range changes {
		replaced := i // files replaced so far, which a failure rolls back
		err := ctx.Err()
		if err == nil {
			// Again just before replacing: writing the journal took time,
			// and a person may be editing.
			if !stillOriginal(c.Path, originals[c.Path], m.Files[i].Existed) {
				err = fmt.Errorf("%s changed since the rewrite read it", c.Rel)
			}
		}
		if err == nil {
			if err = replaceFile(c.Path, c.New, m.Files[i].Mode); err != nil {
				err = fmt.Errorf("replacing %s: %w", c.Rel, relativeErr(err, root))
			} else {
				replaced++
			}
		}
		if err == nil && afterReplace != nil {
			err = afterReplace(i + 1)
		}
		if err == nil && pause == i+1 {
			fmt.Fprintf(os.Stderr, "mpaudit: paused after replacing %d files\n", i+1)
			<-ctx.Done()
			err = ctx.Err()
		}
		if err != nil {
			if ctx.Err() != nil {
				err = ErrInterrupted
			}
			if problems := rollback(root, m, replaced); len(problems) > 0 {
				return notes, fmt.Errorf("%w; rolling back failed too, so the journal %s is kept: %s", err, journalName, strings.Join(problems, "; "))
			}
			if errors.Is(err, ErrInterrupted) {
				return notes, err
			}
			return notes, fmt.Errorf("%w; every file replaced so far was restored, nothing was written", err)
		}
	}
	if err := os.RemoveAll(filepath.Join(root, journalName)); err != nil {
		return notes, fmt.Errorf("every file was written, but the journal could not be removed: %w (delete %s)", err, journalName)
	}
	syncDir(root)
	return notes, nil
}

// checkUnchanged compares every target with the content it was staged
// with, and returns the originals to journal (keyed by path).
func checkUnchanged(changes []Change, staged map[string]digest) (map[string][]byte, error) {
	originals := map[string][]byte{}
	var changed []string
	for _, c := range changes {
		want, existed := staged[c.Rel]
		fi, err := os.Lstat(c.Path)
		switch {
		case err != nil && !errors.Is(err, fs.ErrNotExist):
			return nil, fmt.Errorf("%s: %w", c.Rel, relativeErr(err, filepath.Dir(c.Path)))
		case err == nil && !fi.Mode().IsRegular():
			changed = append(changed, c.Rel+" (not a regular file)")
		case !existed && err == nil:
			changed = append(changed, c.Rel+" (created)")
		case !existed:
		case err != nil:
			changed = append(changed, c.Rel+" (removed)")
		default:
			data, err := os.ReadFile(c.Path)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", c.Rel, err)
			}
			if sum(data) != want {
				changed = append(changed, c.Rel)
				continue
			}
			originals[c.Path] = data
		}
	}
	if len(changed) > 0 {
		return nil, fmt.Errorf("changed since the rewrite read them, so nothing was written (run the rewrite again): %s", strings.Join(changed, ", "))
	}
	return originals, nil
}

// stillOriginal reports whether path still holds original, or is still
// absent when it did not exist.
func stillOriginal(path string, original []byte, existed bool) bool {
	cur, err := os.ReadFile(path)
	if !existed {
		return errors.Is(err, fs.ErrNotExist)
	}
	return err == nil && bytes.Equal(cur, original)
}

// writeJournal saves every original and the manifest, durably, before the
// first replacement: a manifest on disk means replacements may have begun.
func writeJournal(root string, changes []Change, originals map[string][]byte) (*manifest, error) {
	dir := filepath.Join(root, journalName)
	if err := os.Mkdir(dir, 0o700); err != nil {
		return nil, err
	}
	m := &manifest{Version: 1, PID: os.Getpid(), Started: time.Now().UTC()}
	created := map[string]bool{}
	for i, c := range changes {
		e := journalEntry{Path: c.Rel, Mode: 0o644, NewSum: sum(c.New).String()}
		if old, ok := originals[c.Path]; ok {
			fi, err := os.Stat(c.Path)
			if err != nil {
				return nil, err
			}
			e.Existed, e.Mode, e.OldSum = true, fi.Mode().Perm(), sum(old).String()
			e.Original = strconv.Itoa(i) + ".orig"
			if err := writeSynced(filepath.Join(dir, e.Original), old, 0o600); err != nil {
				return nil, err
			}
		}
		for d := filepath.Dir(c.Path); d != root && !created[d]; d = filepath.Dir(d) {
			if _, err := os.Stat(d); err == nil {
				break
			}
			created[d] = true
			rel, _ := filepath.Rel(root, d)
			m.Dirs = append(m.Dirs, filepath.ToSlash(rel))
		}
		m.Files = append(m.Files, e)
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	tmp := filepath.Join(dir, manifestName+".tmp")
	if err := writeSynced(tmp, data, 0o600); err != nil {
		return nil, err
	}
	if err := os.Rename(tmp, filepath.Join(dir, manifestName)); err != nil {
		return nil, err
	}
	syncDir(dir)
	syncDir(root)
	return m, nil
}

// replaceFile atomically puts data at path with mode: a temporary file
// beside it, synced, renamed over it.
func replaceFile(path string, data []byte, mode fs.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := tempPath(path)
	if err := writeSynced(tmp, data, mode); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	syncDir(filepath.Dir(path))
	return nil
}

func tempPath(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+tempSuffix)
}

func writeSynced(path string, data []byte, mode fs.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	serr := f.Sync()
	cerr := f.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		return err
	}
	return os.Chmod(path, mode) // OpenFile's mode is masked by the umask
}

// syncDir makes renames in dir durable where the file system can; some
// cannot sync directories, and the renames happened all the same.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// rollback puts the first n journalled files back as they were, skipping
// files that already are, and removes the journal when all are. A file
// that has neither its original nor its new content was changed by someone
// else since: it is left alone and named, and the journal is kept.
func rollback(root string, m *manifest, n int) (problems []string) {
	dir := filepath.Join(root, journalName)
	for _, e := range m.Files[:n] {
		path := filepath.Join(root, filepath.FromSlash(e.Path))
		os.Remove(tempPath(path))
		cur, err := os.ReadFile(path)
		exists := err == nil
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			problems = append(problems, fmt.Sprintf("%s: %v", e.Path, relativeErr(err, root)))
			continue
		}
		curSum := sum(cur).String()
		switch {
		case e.Existed && exists && curSum == e.OldSum, !e.Existed && !exists:
			continue // as it was
		case exists && curSum == e.NewSum && !e.Existed:
			if err := os.Remove(path); err != nil {
				problems = append(problems, fmt.Sprintf("%s: %v (delete it)", e.Path, relativeErr(err, root)))
			}
			continue
		case exists && curSum == e.NewSum:
			orig, err := os.ReadFile(filepath.Join(dir, e.Original))
			if err == nil && sum(orig).String() != e.OldSum {
				err = errors.New("the journal's copy is damaged")
			}
			if err == nil {
				err = replaceFile(path, orig, e.Mode)
			}
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s: %v (its original is %s/%s)", e.Path, relativeErr(err, root), journalName, e.Original))
			}
			continue
		}
		if e.Existed {
			problems = append(problems, fmt.Sprintf("%s changed after the rewrite replaced it; left alone, its original is %s/%s", e.Path, journalName, e.Original))
		} else {
			problems = append(problems, fmt.Sprintf("%s changed after the rewrite created it; left alone (it did not exist before)", e.Path))
		}
	}
	dirs := slices.Clone(m.Dirs)
	slices.SortFunc(dirs, func(a, b string) int { return len(b) - len(a) }) // children first
	for _, d := range dirs {
		os.Remove(filepath.Join(root, filepath.FromSlash(d))) // only when empty
	}
	if len(problems) > 0 {
		return problems
	}
	if err := os.RemoveAll(dir); err != nil {
		return []string{fmt.Sprintf("every file is restored, but the journal could not be removed: %v (delete %s)", relativeErr(err, root), journalName)}
	}
	syncDir(root)
	return nil
}

// Recover restores the files an interrupted rewrite of the module holding
// dir had replaced, from the journal it left, and reports what it did.
// Without a journal it does nothing.
func Recover(dir string) (done []string, err error) {
	root, err := moduleRoot(dir)
	if err != nil {
		return nil, err
	}
	jdir := filepath.Join(root, journalName)
	if _, err := os.Lstat(jdir); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	unlock, note, err := acquireLock(root, "")
	if err != nil {
		return nil, err
	}
	defer unlock()
	if note != "" {
		done = append(done, note)
	}
	m, err := readManifest(jdir)
	if errors.Is(err, fs.ErrNotExist) {
		// Killed while writing the journal: nothing was replaced yet.
		if err := os.RemoveAll(jdir); err != nil {
			return done, err
		}
		return append(done, "removed an incomplete journal "+journalName+" (no file had been replaced)"), nil
	}
	if err != nil {
		return done, fmt.Errorf("%s/%s: %w; restore the files from %s by hand, then delete it", journalName, manifestName, err, journalName)
	}
	var restored []string
	for _, e := range m.Files {
		restored = append(restored, e.Path)
	}
	// A killed run may have replaced any of them.
	if problems := rollback(root, m, len(m.Files)); len(problems) > 0 {
		return done, fmt.Errorf("recovering the interrupted rewrite of pid %d: %s", m.PID, strings.Join(problems, "; "))
	}
	return append(done, fmt.Sprintf("restored the files an interrupted rewrite (pid %d, %s) was replacing: %s",
		m.PID, m.Started.Format(time.RFC3339), strings.Join(restored, ", "))), nil
}

// refuseInterrupted stops a run on a tree an interrupted rewrite left half
// written: its analysis would start from the wrong files.
func refuseInterrupted(root string) error {
	if _, err := os.Lstat(filepath.Join(root, journalName)); err == nil {
		return interruptedRunError(root)
	}
	return nil
}

func interruptedRunError(root string) error {
	files := ""
	if m, err := readManifest(filepath.Join(root, journalName)); err == nil {
		var names []string
		for _, e := range m.Files {
			names = append(names, e.Path)
		}
		files = " (" + strings.Join(names, ", ") + ")"
	}
	return fmt.Errorf("an earlier rewrite was interrupted while replacing files%s; its journal %s holds the originals: run `mpaudit rewrite --recover -C %s` to restore them (--write restores them and rewrites again)", files, journalName, root)
}

func readManifest(jdir string) (*manifest, error) {
	data, err := os.ReadFile(filepath.Join(jdir, manifestName))
	if err != nil {
		return nil, err
	}
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	if m.Version != 1 {
		return nil, fmt.Errorf("unknown journal version %d", m.Version)
	}
	return &m, nil
}

// acquireLock takes the module's rewrite lock. A lock whose holder is a
// process of this host that no longer runs is taken over, and the note
// says so; any other holder is an error that says who holds it.
func acquireLock(root, stageDir string) (unlock func(), note string, err error) {
	path := filepath.Join(root, lockName)
	host, _ := os.Hostname()
	me := lockInfo{PID: os.Getpid(), Host: host, Started: time.Now().UTC(), Stage: stageDir}
	data, _ := json.Marshal(me)
	for range 3 {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			_, werr := f.Write(data)
			if err := errors.Join(werr, f.Sync(), f.Close()); err != nil {
				os.Remove(path)
				return nil, "", fmt.Errorf("%s: %w", lockName, err)
			}
			return func() { os.Remove(path) }, note, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, "", fmt.Errorf("taking the lock %s: %w", lockName, relativeErr(err, root))
		}
		var holder lockInfo
		raw, rerr := os.ReadFile(path)
		if rerr == nil {
			rerr = json.Unmarshal(raw, &holder)
		}
		if rerr != nil || holder.PID <= 0 {
			return nil, "", fmt.Errorf("the lock %s exists but does not name its holder; if no mpaudit rewrite is running on this module, delete it", lockName)
		}
		if holder.Host != host || processAlive(holder.PID) {
			return nil, "", fmt.Errorf("another mpaudit rewrite (pid %d on %s, since %s) is writing this module; wait for it, or delete %s if it is not running",
				holder.PID, holder.Host, holder.Started.Format(time.RFC3339), lockName)
		}
		if top, ok := stageTop(holder.Stage); ok {
			os.RemoveAll(top)
		}
		note = fmt.Sprintf("took over the lock %s of mpaudit rewrite pid %d (started %s), which is no longer running", lockName, holder.PID, holder.Started.Format(time.RFC3339))
		if err := removeStaleLock(path, raw); err != nil {
			return nil, "", relativeErr(err, root)
		}
	}
	return nil, "", fmt.Errorf("could not take the lock %s: other rewrites keep taking it", lockName)
}

// removeStaleLock removes the lock file if it still holds stale. Two runs
// that found the same stale lock must not both remove it (the second would
// remove the lock the first just took), so the removal is exclusive and
// re-reads the lock.
func removeStaleLock(path string, stale []byte) error {
	guard := path + ".takeover"
	g, err := os.OpenFile(guard, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("another mpaudit rewrite is taking over the stale lock %s; run again, or delete %s if none is running", lockName, filepath.Base(guard))
	}
	if err != nil {
		return fmt.Errorf("taking over the stale lock %s: %w", lockName, err)
	}
	g.Close()
	defer os.Remove(guard)
	cur, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && !bytes.Equal(cur, stale)) {
		return nil // released or taken meanwhile: the next attempt sees which
	}
	if err != nil {
		return err
	}
	return os.Remove(path)
}

// stageTop is the staged copy made by newStage that holds dir (the copy
// of the module root lies below it when the provider's modules sit above
// the module).
func stageTop(dir string) (string, bool) {
	if dir == "" {
		return "", false
	}
	for d := filepath.Clean(dir); filepath.Dir(d) != d; d = filepath.Dir(d) {
		if isStageDir(d) {
			if p := filepath.Dir(d); isPrivateTemp(p) {
				return p, true // the run's private TMPDIR, the stage in it
			}
			return d, true
		}
	}
	return "", false
}

// isStageDir accepts only a staged copy made by newStage, so a damaged
// lock file cannot make mpaudit delete anything else.
func isStageDir(dir string) bool {
	parent := filepath.Dir(dir)
	return dir != "" && (slices.Contains(tempRoots(), parent) || isPrivateTemp(parent)) && strings.HasPrefix(filepath.Base(dir), "mpaudit-rewrite-")
}

// processAlive reports whether pid runs; it errs towards alive when it
// cannot tell (another user's process, platforms without signal 0).
func processAlive(pid int) bool {
	if pid == os.Getpid() {
		return true
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	return !errors.Is(p.Signal(syscall.Signal(0)), os.ErrProcessDone)
}

func moduleRoot(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	gm, ok := contract.FindGoMod(abs)
	if !ok {
		return "", fmt.Errorf("%s is not inside a Go module", abs)
	}
	return filepath.Dir(gm), nil
}

// relativeErr shortens the module root out of an error's paths.
func relativeErr(err error, root string) error {
	if err == nil || root == "" {
		return err
	}
	msg := strings.ReplaceAll(err.Error(), root+string(filepath.Separator), "")
	if msg == err.Error() {
		return err
	}
	return errors.New(msg)
}

// relative names the staged copy's files by their module-relative paths:
// the copy is gone when the message is read.
func (s *stage) relative(err error) error {
	if err == nil || errors.Is(err, ErrInterrupted) {
		return err
	}
	out := relativeErr(err, s.dir)
	if resolved, rerr := filepath.EvalSymlinks(s.dir); rerr == nil && resolved != s.dir {
		out = relativeErr(out, resolved)
	}
	return out
}
