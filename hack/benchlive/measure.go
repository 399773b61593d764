package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// timing is one measured process: wall seconds (%e) and max RSS (%M, KiB).
type timing struct {
	wall float64
	rss  int64
}

// timed runs argv under /usr/bin/time -f '%e %M', stdout to stdoutPath
// (/dev/null when empty), and returns the measurement and exit code; an
// exit code above maxOK is an error.
func timed(dir, stdoutPath string, maxOK int, argv ...string) (timing, int, error) {
	timeFile := filepath.Join(dir, "time.out")
	args := append([]string{"-f", "%e %M", "-o", timeFile, "--"}, argv...)
	cmd := exec.Command("/usr/bin/time", args...)
	if stdoutPath == "" {
		stdoutPath = os.DevNull
	}
	out, err := os.Create(stdoutPath)
	if err != nil {
		return timing{}, 0, err
	}
	defer out.Close()
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = out, &stderr
	code := 0
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			return timing{}, 0, fmt.Errorf("%s: %w", argv[0], err)
		}
		code = exit.ExitCode()
	}
	raw, err := os.ReadFile(timeFile)
	if err != nil {
		return timing{}, code, fmt.Errorf("%s: reading /usr/bin/time output: %w (stderr: %s)", argv[0], err, tail(stderr.String()))
	}
	// With a non-zero exit GNU time first writes "Command exited with
	// non-zero status N"; the format line is the last one.
	lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
	fields := strings.Fields(lines[len(lines)-1])
	if len(fields) != 2 {
		return timing{}, code, fmt.Errorf("%s: unexpected /usr/bin/time output %q (stderr: %s)", argv[0], raw, tail(stderr.String()))
	}
	var t timing
	if t.wall, err = strconv.ParseFloat(fields[0], 64); err != nil {
		return timing{}, code, err
	}
	if t.rss, err = strconv.ParseInt(fields[1], 10, 64); err != nil {
		return timing{}, code, err
	}
	if code > maxOK {
		return t, code, fmt.Errorf("%s exited %d: %s", strings.Join(argv, " "), code, tail(stderr.String()))
	}
	return t, code, nil
}

func tail(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 2000 {
		s = "..." + s[len(s)-2000:]
	}
	return s
}

// bench is what is measured at one size.
type bench struct {
	dir        string
	kubectl    string
	mpaudit    string
	kubeconfig string
	cacheDir   string
}

func (b *bench) kubectlArgs(resources string) []string {
	return []string{b.kubectl, "--kubeconfig", b.kubeconfig, "--cache-dir", b.cacheDir, "get", resources, "-A", "-o", "json"}
}

func (b *bench) allResources() string {
	var rs []string
	for _, k := range benchKinds {
		rs = append(rs, k.resourceName())
	}
	return strings.Join(rs, ",")
}

func (b *bench) mpauditArgs() []string {
	return []string{b.mpaudit, "live", "--kubeconfig", b.kubeconfig, "-o", "json", "--no-progress"}
}

// fetchOne is the baseline: one kubectl listing all the kinds.
func (b *bench) fetchOne(stdout string) (timing, error) {
	t, _, err := timed(b.dir, stdout, 0, b.kubectlArgs(b.allResources())...)
	return t, err
}

// fetchEach is one kubectl process per kind: summed wall, max RSS.
func (b *bench) fetchEach() (timing, error) {
	var sum timing
	for _, k := range benchKinds {
		t, _, err := timed(b.dir, "", 0, b.kubectlArgs(k.resourceName())...)
		if err != nil {
			return sum, err
		}
		sum.wall += t.wall
		sum.rss = max(sum.rss, t.rss)
	}
	return sum, nil
}

func (b *bench) audit(stdout string) (timing, error) {
	// Exit 1 means findings (there are some by design); 2 is a failure.
	t, _, err := timed(b.dir, stdout, 1, b.mpauditArgs()...)
	return t, err
}

// check does one untimed run of the single kubectl and of mpaudit into
// files (warming the discovery cache and the page cache too) and verifies
// both saw n objects, and mpaudit the expected findings.
func (b *bench) check(n int) error {
	path := filepath.Join(b.dir, "fetch.json")
	if _, err := b.fetchOne(path); err != nil {
		return err
	}
	var list struct {
		Items []json.RawMessage `json:"items"`
	}
	if err := readJSON(path, &list); err != nil {
		return fmt.Errorf("kubectl output: %w", err)
	}
	if len(list.Items) != n {
		return fmt.Errorf("kubectl listed %d objects, want %d", len(list.Items), n)
	}
	path = filepath.Join(b.dir, "mpaudit.json")
	if _, err := b.audit(path); err != nil {
		return err
	}
	var rep report.Report
	if err := readJSON(path, &rep); err != nil {
		return fmt.Errorf("mpaudit output: %w", err)
	}
	objects, kinds := 0, 0
	for _, r := range rep.Summary.Resources {
		if (r.Group == infraGroup || r.Group == controlPlaneGroup) && strings.HasPrefix(r.Kind, "Bench") {
			objects += r.Objects
			kinds++
		}
	}
	if kinds != len(benchKinds) || objects != n {
		return fmt.Errorf("mpaudit audited %d objects in %d Bench kinds, want %d in %d (problems: %v)", objects, kinds, n, len(benchKinds), rep.Problems)
	}
	// One finding per one-field object: its rule depends on the kind.
	want := map[string]int{contract.RuleObjectProvisionedOnly: 0, contract.RuleKindObjectUnread: 0}
	for i := range n {
		if !oneField(i) {
			continue
		}
		if kindOf(i).pool {
			want[contract.RuleObjectProvisionedOnly]++
		} else {
			want[contract.RuleKindObjectUnread]++
		}
	}
	got := map[string]int{}
	for _, f := range rep.Findings {
		if _, counted := want[f.Rule]; counted {
			got[f.Rule]++
		}
	}
	for rule, w := range want {
		if got[rule] != w {
			fmt.Fprintf(os.Stderr, "benchlive: warning: mpaudit reported %d %s findings, expected %d\n", got[rule], rule, w)
		}
	}
	fmt.Fprintf(os.Stderr, "benchlive: checked at %d: kubectl listed %d objects; mpaudit audited %d objects in %d kinds, %d findings (%d %s, %d %s), %d problems\n",
		n, len(list.Items), objects, kinds, len(rep.Findings), got[contract.RuleObjectProvisionedOnly], contract.RuleObjectProvisionedOnly,
		got[contract.RuleKindObjectUnread], contract.RuleKindObjectUnread, len(rep.Problems))
	_ = os.Remove(filepath.Join(b.dir, "fetch.json"))
	_ = os.Remove(filepath.Join(b.dir, "mpaudit.json"))
	return nil
}

func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, v)
}

// series collects one command's runs at one size.
type series struct {
	name  string
	runs  []timing
	label string
}

func (s *series) median() float64 {
	w := make([]float64, len(s.runs))
	for i, r := range s.runs {
		w[i] = r.wall
	}
	sort.Float64s(w)
	if len(w) == 0 {
		return 0
	}
	if len(w)%2 == 1 {
		return w[len(w)/2]
	}
	return (w[len(w)/2-1] + w[len(w)/2]) / 2
}

func (s *series) maxRSS() int64 {
	var m int64
	for _, r := range s.runs {
		m = max(m, r.rss)
	}
	return m
}

func (s *series) walls() string {
	var parts []string
	for _, r := range s.runs {
		parts = append(parts, strconv.FormatFloat(r.wall, 'f', 2, 64))
	}
	return strings.Join(parts, " ")
}

// sizeResult is the three series at one size.
type sizeResult struct {
	n                            int
	fetchOne, fetchEach, mpaudit series
}

// measure runs the three commands `runs` times, interleaved so drift
// affects them alike.
func (b *bench) measure(n, runs int) (*sizeResult, error) {
	res := &sizeResult{n: n,
		fetchOne:  series{name: fmt.Sprintf("kubectl get <%d kinds> -A -o json (1 process)", len(benchKinds))},
		fetchEach: series{name: fmt.Sprintf("kubectl get <kind> -A -o json (%d processes, sum)", len(benchKinds))},
		mpaudit:   series{name: "mpaudit live -o json"},
	}
	for r := range runs {
		t, err := b.fetchOne("")
		if err != nil {
			return nil, err
		}
		res.fetchOne.runs = append(res.fetchOne.runs, t)
		if t, err = b.fetchEach(); err != nil {
			return nil, err
		}
		res.fetchEach.runs = append(res.fetchEach.runs, t)
		if t, err = b.audit(""); err != nil {
			return nil, err
		}
		res.mpaudit.runs = append(res.mpaudit.runs, t)
		fmt.Fprintf(os.Stderr, "benchlive: size %d run %d/%d: kubectl %.2f s, %dx kubectl %.2f s, mpaudit %.2f s\n",
			n, r+1, runs, res.fetchOne.runs[r].wall, len(benchKinds), res.fetchEach.runs[r].wall, res.mpaudit.runs[r].wall)
	}
	return res, nil
}

func mib(kib int64) float64 { return float64(kib) / 1024 }

func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

// printTable prints the results and the target lines; it reports whether
// every target passed.
func printTable(results []*sizeResult, wallTarget, rssTarget float64) bool {
	fmt.Printf("%-7s %-52s %9s %12s %14s  %s\n", "size", "command", "median s", "max RSS MiB", "ratio/fetch", "runs (s)")
	for _, r := range results {
		base := r.fetchOne.median()
		for _, s := range []*series{&r.fetchOne, &r.fetchEach, &r.mpaudit} {
			fmt.Printf("%-7d %-52s %9.2f %12.1f %13.2fx  %s\n", r.n, s.name, s.median(), mib(s.maxRSS()), ratio(s.median(), base), s.walls())
		}
	}
	pass := true
	for _, r := range results {
		x := ratio(r.mpaudit.median(), r.fetchOne.median())
		ok := x <= wallTarget
		pass = pass && ok
		fmt.Printf("target wall ≤ %.1f× fetch at %d: %s (%.2f×)\n", wallTarget, r.n, passFail(ok), x)
	}
	if len(results) >= 2 {
		first, last := results[0], results[len(results)-1]
		x := ratio(float64(last.mpaudit.maxRSS()), float64(first.mpaudit.maxRSS()))
		ok := x <= rssTarget
		pass = pass && ok
		fmt.Printf("target RSS flat: mpaudit RSS at %d / at %d = %.2f (PASS if ≤ %.2f): %s\n", last.n, first.n, x, rssTarget, passFail(ok))
	}
	return pass
}

func passFail(ok bool) string {
	if ok {
		return "PASS"
	}
	return "FAIL"
}
