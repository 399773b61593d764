package oracle

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/go-logr/logr"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	ctrllog "sigs.k8s.io/controller-runtime/pkg/log"

	"github.com/mpaudit/mpaudit/contract"
)

// skipEnv is set when the envtest binaries are missing (locally only).
var skipEnv string

func TestMain(m *testing.M) {
	ctrllog.SetLogger(logr.Discard()) // envtest's CRD installer logs through it
	if envtestAssets() == "" {
		msg := "envtest binaries not found: run `make envtest-assets` (or set KUBEBUILDER_ASSETS)"
		if os.Getenv("CI") == "true" {
			fmt.Fprintln(os.Stderr, "FAIL:", msg)
			os.Exit(1)
		}
		skipEnv = msg
	}
	os.Exit(m.Run())
}

func envtestAssets() string {
	if d := os.Getenv("KUBEBUILDER_ASSETS"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	matches, _ := filepath.Glob(filepath.Join(home, ".local/share/kubebuilder-envtest/k8s/*-linux-amd64"))
	sort.Strings(matches)
	for _, d := range slices.Backward(matches) {
		if _, err := os.Stat(filepath.Join(d, "kube-apiserver")); err == nil {
			os.Setenv("KUBEBUILDER_ASSETS", d)
			return d
		}
	}
	return ""
}

// releasesUnderTest: the pinned release, or every release the oracle
// knows under MPAUDIT_ORACLE_RELEASES=all (make oracle), or a comma list.
func releasesUnderTest(t *testing.T) []contract.Release {
	switch v := os.Getenv("MPAUDIT_ORACLE_RELEASES"); v {
	case "":
		return []contract.Release{PinnedRelease}
	case "all":
		return Releases
	default:
		var out []contract.Release
		for s := range strings.SplitSeq(v, ",") {
			r, err := contract.ParseRelease(s)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, r)
		}
		return out
	}
}

// update rewrites the record and the docs table from what was measured.
var update = os.Getenv("MPAUDIT_ORACLE_UPDATE") == "1"

// TestOracle runs core's reconcilers against every probe's cases under
// every label set and fails where core concludes
// other than the catalog predicts, or other than the record says (what
// changed); MPAUDIT_ORACLE_UPDATE=1 records the new outcomes instead.
func TestOracle(t *testing.T) {
	if skipEnv != "" {
		t.Skip(skipEnv)
	}
	cache, err := CacheDir()
	if err != nil {
		t.Fatal(err)
	}
	record, err := ReadRecord(RecordFile)
	if err != nil {
		t.Fatal(err)
	}
	var measured []Outcome
	for _, r := range releasesUnderTest(t) {
		t.Run(string(r), func(t *testing.T) {
			res := measure(t, r, cache)
			got := res.run.Outcomes
			want := map[string]Outcome{}
			for _, p := range Probes {
				for _, ls := range p.LabelSets() {
					for _, c := range p.Cases() {
						o := Predict(p, r, ls, c)
						want[o.Key()] = o
					}
				}
			}
			if len(got) != len(want) {
				t.Errorf("measured %d outcomes, predicted %d", len(got), len(want))
			}
			for _, g := range got {
				if d := Diff(want[g.Key()], g); len(d) > 0 {
					t.Errorf("catalog disagrees with core: %s: %s", g.Key(), strings.Join(d, "; "))
				}
			}
			checkLive(t, r, res)
			if ch := Changes(record, got); len(ch) > 0 && !update {
				t.Errorf("core's outcomes changed since %s was recorded (MPAUDIT_ORACLE_UPDATE=1 records them):\n  %s", RecordFile, strings.Join(ch, "\n  "))
			}
			measured = append(measured, got...)
		})
	}
	if update && !t.Failed() {
		writeRecord(t, Merge(record, measured))
	}
}

// measurement is a release's run and the apiserver its objects are in (alive
// until the test ends).
type measurement struct {
	run *Run
	env *Env
}

// measure builds (or reuses) the release's runner and runs it in a fresh envtest.
func measure(t *testing.T, r contract.Release, cache string) measurement {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	start := time.Now()
	var buildLog strings.Builder
	run, err := Build(ctx, r, cache, &buildLog)
	if err != nil {
		t.Fatalf("%v\n%s", err, buildLog.String())
	}
	t.Logf("runner of %s ready in %s", r, time.Since(start).Round(time.Millisecond))

	start = time.Now()
	env := &envtest.Environment{}
	cfg, err := env.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = env.Stop() })
	oenv, err := NewEnv(cfg, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	logPath := filepath.Join(t.TempDir(), "runner.log")
	if p := os.Getenv("MPAUDIT_ORACLE_LOG"); p != "" { // keep the runner's whole log
		logPath = p
	}
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer logFile.Close()
	got, err := RunProbes(ctx, oenv, run, Probes, Options{Log: logFile})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d outcomes of %s measured in %s (envtest start included)", len(got.Outcomes), r, time.Since(start).Round(time.Millisecond))
	t.Cleanup(func() {
		if t.Failed() {
			tail, _ := os.ReadFile(logPath)
			if len(tail) > 6000 {
				tail = tail[len(tail)-6000:]
			}
			t.Logf("runner log (tail):\n%s", tail)
		}
	})
	return measurement{run: got, env: oenv}
}

func writeRecord(t *testing.T, outcomes []Outcome) {
	data, err := EncodeRecord(outcomes)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(RecordFile), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(RecordFile, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(DocFile), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(DocFile, []byte(Table(outcomes)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestOracleDocUpToDate: the docs table is the record's.
func TestOracleDocUpToDate(t *testing.T) {
	record, err := ReadRecord(RecordFile)
	if err != nil {
		t.Fatal(err)
	}
	if len(record) == 0 {
		t.Fatalf("%s holds no outcomes", RecordFile)
	}
	if update {
		if err := os.WriteFile(DocFile, []byte(Table(record)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	doc, err := os.ReadFile(DocFile)
	if err != nil {
		t.Fatal(err)
	}
	if string(doc) != Table(record) {
		t.Errorf("%s is not the table of %s: MPAUDIT_ORACLE_UPDATE=1 go test ./internal/oracle", DocFile, RecordFile)
	}
}

// TestRecordMatchesCatalog checks the recorded outcomes of every release
// against the catalog without running core: a catalog edit that
// contradicts what core was measured to do fails here, in seconds.
func TestRecordMatchesCatalog(t *testing.T) {
	record, err := ReadRecord(RecordFile)
	if err != nil {
		t.Fatal(err)
	}
	type key struct{ kind, label, name string }
	objs := map[key]struct {
		p  *Probe
		ls LabelSet
		c  Case
	}{}
	for _, p := range Probes {
		for _, ls := range p.LabelSets() {
			for _, c := range p.Cases() {
				objs[key{p.Kind.Name, ls.Name, c.Name}] = struct {
					p  *Probe
					ls LabelSet
					c  Case
				}{p, ls, c}
			}
		}
	}
	for _, o := range record {
		x, ok := objs[key{o.Kind, o.Label, o.Case}]
		if !ok {
			t.Errorf("%s: no such kind, case or label set", o.Key())
			continue
		}
		if d := Diff(Predict(x.p, o.Release, x.ls, x.c), o); len(d) > 0 {
			t.Errorf("catalog disagrees with recorded core: %s: %s", o.Key(), strings.Join(d, "; "))
		}
	}
}
