package main

import (
	"fmt"
	"slices"
	"strings"
)

// helper is a template for ordinary code: a declaration and a statement that
// calls it from Exercise (which has input []string, b strings.Builder and
// total int in scope). $I is a per-package index; $A, $B are small numbers
// and $W a word.
type helper struct {
	imports []string
	decl    string
	call    string
}

var helpers = []helper{
	{[]string{"strings"}, `
// countWords$I counts the words of lines that are at least $A bytes long.
func countWords$I(lines []string) map[string]int {
	counts := make(map[string]int, len(lines))
	for _, line := range lines {
		for _, w := range strings.Fields(line) {
			w = strings.ToLower(strings.Trim(w, ".,;:!?"))
			if len(w) < $A {
				continue
			}
			counts[w]++
		}
	}
	return counts
}
`, `total += len(countWords$I(input))`},

	{[]string{"sort"}, `
// topKeys$I returns the n keys with the largest counts, ties by name.
func topKeys$I(m map[string]int, n int) []string {
	keys := make([]string, 0, len(m))
	for key := range m {
		keys = append(keys, key)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	if len(keys) > n {
		keys = keys[:n]
	}
	return keys
}
`, `for _, key := range topKeys$I(Tally(input), $A) {
	b.WriteString(key)
}`},

	{[]string{"fmt", "strings"}, `
// renderTable$I aligns rows into columns.
func renderTable$I(rows [][]string) string {
	var widths []int
	for _, row := range rows {
		for i, cell := range row {
			for len(widths) <= i {
				widths = append(widths, 0)
			}
			if len(cell) > widths[i] {
				widths[i] = len(cell)
			}
		}
	}
	var b strings.Builder
	for _, row := range rows {
		for i, cell := range row {
			fmt.Fprintf(&b, "%-*s ", widths[i], cell)
		}
		b.WriteString("\n")
	}
	return b.String()
}
`, `b.WriteString(renderTable$I([][]string{input, {"$W", "replicas", "ready"}}))`},

	{[]string{"fmt"}, `
// phase$I is the lifecycle phase of a $W.
type phase$I int

const (
	phase$IPending phase$I = iota
	phase$IProvisioning
	phase$IRunning
	phase$IDeleting
	phase$IFailed
)

func (p phase$I) String() string {
	switch p {
	case phase$IPending:
		return "Pending"
	case phase$IProvisioning:
		return "Provisioning"
	case phase$IRunning:
		return "Running"
	case phase$IDeleting:
		return "Deleting"
	case phase$IFailed:
		return "Failed"
	}
	return fmt.Sprintf("phase$I(%d)", int(p))
}

// next$I moves p along the lifecycle.
func next$I(p phase$I, ok, deleting bool) phase$I {
	switch {
	case deleting:
		return phase$IDeleting
	case !ok && p == phase$IProvisioning:
		return phase$IFailed
	case p == phase$IPending:
		return phase$IProvisioning
	case p == phase$IProvisioning:
		return phase$IRunning
	}
	return p
}
`, `p := phase$IPending
for i := range input {
	p = next$I(p, i%$A != 0, false)
}
b.WriteString(p.String())`},

	{nil, `
// filter$I keeps the elements for which keep is true.
func filter$I[T any](in []T, keep func(T) bool) []T {
	var out []T
	for _, v := range in {
		if keep(v) {
			out = append(out, v)
		}
	}
	return out
}

// mapSlice$I applies fn to every element.
func mapSlice$I[T, U any](in []T, fn func(T) U) []U {
	out := make([]U, 0, len(in))
	for _, v := range in {
		out = append(out, fn(v))
	}
	return out
}
`, `lengths := mapSlice$I(filter$I(input, func(s string) bool { return len(s) > $A }), func(s string) int { return len(s) })
for _, l := range lengths {
	total += l
}`},

	{[]string{"time"}, `
// backoff$I is the wait before retry attempt n.
func backoff$I(attempt int) time.Duration {
	d := $B * time.Millisecond
	for i := 0; i < attempt && d < $A*time.Second; i++ {
		d *= 2
	}
	if d > $A*time.Second {
		d = $A * time.Second
	}
	return d
}
`, `total += int(backoff$I(len(input)) / time.Millisecond)`},

	{[]string{"errors", "fmt", "strings"}, `
// parseProviderID$I splits scheme://.../id.
func parseProviderID$I(id string) (scheme, instance string, err error) {
	scheme, rest, ok := strings.Cut(id, "://")
	if !ok || scheme == "" {
		return "", "", fmt.Errorf("provider ID %q has no scheme", id)
	}
	parts := strings.Split(strings.Trim(rest, "/"), "/")
	if len(parts) == 0 || parts[len(parts)-1] == "" {
		return "", "", errors.New("provider ID has no instance")
	}
	return scheme, parts[len(parts)-1], nil
}
`, `for _, in := range input {
	if scheme, id, err := parseProviderID$I(in); err == nil {
		b.WriteString(scheme + ":" + id)
	} else {
		total++
	}
}`},

	{nil, `
// cache$I is a small insertion-ordered cache.
type cache$I struct {
	order []string
	items map[string]int
	limit int
}

func newCache$I(limit int) *cache$I {
	return &cache$I{items: make(map[string]int, limit), limit: limit}
}

func (c *cache$I) put(key string, v int) {
	if _, ok := c.items[key]; !ok {
		c.order = append(c.order, key)
	}
	c.items[key] = v
	for len(c.order) > c.limit {
		delete(c.items, c.order[0])
		c.order = c.order[1:]
	}
}

func (c *cache$I) get(key string) (int, bool) {
	v, ok := c.items[key]
	return v, ok
}
`, `c := newCache$I($A)
for i, in := range input {
	c.put(in, i)
}
for _, in := range input {
	if v, ok := c.get(in); ok {
		total += v
	}
}`},

	{nil, `
// matches$I reports whether labels satisfy every selector pair.
func matches$I(labels, selector map[string]string) bool {
	for k, v := range selector {
		if got, ok := labels[k]; !ok || got != v {
			return false
		}
	}
	return true
}

// mergeLabels$I returns a copy of a overlaid with b.
func mergeLabels$I(a, b map[string]string) map[string]string {
	out := make(map[string]string, len(a)+len(b))
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}
`, `labels := mergeLabels$I(map[string]string{"app": "$W"}, map[string]string{"tier": "pool"})
for _, in := range input {
	if matches$I(labels, map[string]string{"app": in}) {
		total++
	}
}`},

	{[]string{"math", "sort"}, `
// summarize$I returns the mean, median and 90th percentile of values.
func summarize$I(values []float64) (mean, median, p90 float64) {
	if len(values) == 0 {
		return 0, 0, 0
	}
	sorted := append([]float64(nil), values...)
	sort.Float64s(sorted)
	sum := 0.0
	for _, v := range sorted {
		sum += v
	}
	mean = sum / float64(len(sorted))
	median = sorted[len(sorted)/2]
	idx := int(math.Ceil(0.9*float64(len(sorted)))) - 1
	if idx < 0 {
		idx = 0
	}
	return mean, median, sorted[idx]
}
`, `vals := make([]float64, 0, len(input))
for _, in := range input {
	vals = append(vals, float64(len(in)))
}
mean, median, p90 := summarize$I(vals)
fmt.Fprintf(&b, "%.2f/%.2f/%.2f", mean, median, p90)`},

	{[]string{"errors", "fmt"}, `
type validationError$I struct {
	field  string
	reason string
}

func (e *validationError$I) Error() string { return e.field + ": " + e.reason }

// validate$I checks names for empty and duplicate entries.
func validate$I(names []string) error {
	seen := make(map[string]bool, len(names))
	var errs []error
	for i, n := range names {
		switch {
		case n == "":
			errs = append(errs, &validationError$I{field: fmt.Sprintf("names[%d]", i), reason: "empty"})
		case seen[n]:
			errs = append(errs, &validationError$I{field: fmt.Sprintf("names[%d]", i), reason: "duplicate " + n})
		}
		seen[n] = true
	}
	return errors.Join(errs...)
}
`, `if err := validate$I(input); err != nil {
	var ve *validationError$I
	if errors.As(err, &ve) {
		b.WriteString(ve.field)
	}
}`},

	{[]string{"fmt", "strings"}, `
// resourceName$I builds a DNS-1123 name for the n-th $W.
func resourceName$I(prefix, kind string, n int) string {
	name := fmt.Sprintf("%s-%s-%05d", prefix, strings.ToLower(kind), n)
	if len(name) > 63 {
		name = name[:63]
	}
	return strings.TrimRight(name, "-")
}
`, `for i, in := range input {
	b.WriteString(resourceName$I(in, "$W", i*$A))
}`},

	{[]string{"sync"}, `
// parallelLen$I sums the lengths of items with a few workers.
func parallelLen$I(items []string, workers int) int {
	if workers < 1 {
		workers = 1
	}
	var (
		mu    sync.Mutex
		wg    sync.WaitGroup
		total int
	)
	ch := make(chan string)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range ch {
				mu.Lock()
				total += len(it)
				mu.Unlock()
			}
		}()
	}
	for _, it := range items {
		ch <- it
	}
	close(ch)
	wg.Wait()
	return total
}
`, `total += parallelLen$I(input, $A)`},

	{[]string{"sort"}, `
// diff$I returns the elements only in a and only in b, sorted.
func diff$I(a, b []string) (onlyA, onlyB []string) {
	inA := make(map[string]bool, len(a))
	for _, s := range a {
		inA[s] = true
	}
	inB := make(map[string]bool, len(b))
	for _, s := range b {
		inB[s] = true
		if !inA[s] {
			onlyB = append(onlyB, s)
		}
	}
	for _, s := range a {
		if !inB[s] {
			onlyA = append(onlyA, s)
		}
	}
	sort.Strings(onlyA)
	sort.Strings(onlyB)
	return onlyA, onlyB
}
`, `onlyA, onlyB := diff$I(input, []string{"$W", "pool"})
total += len(onlyA) - len(onlyB)`},

	{[]string{"sort", "strconv", "strings"}, `
// encode$I renders m as k=v pairs in key order.
func encode$I(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(strconv.Itoa(m[k]))
	}
	return b.String()
}

// decode$I parses encode$I's output.
func decode$I(s string) (map[string]int, error) {
	out := map[string]int{}
	if s == "" {
		return out, nil
	}
	for _, pair := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(pair, "=")
		if !ok {
			return nil, strconv.ErrSyntax
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, err
		}
		out[k] = n
	}
	return out, nil
}
`, `if m, err := decode$I(encode$I(Tally(input))); err == nil {
	total += len(m)
}`},

	{nil, `
// stack$I is a LIFO of $W entries.
type stack$I[T any] struct {
	items []T
}

func (s *stack$I[T]) push(v T) { s.items = append(s.items, v) }

func (s *stack$I[T]) pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

func (s *stack$I[T]) len() int { return len(s.items) }
`, `var s stack$I[string]
for _, in := range input {
	s.push(in)
}
for s.len() > $A {
	if v, ok := s.pop(); ok {
		b.WriteString(v)
	}
}`},

	{[]string{"strings", "unicode"}, `
// camel$I turns a-b_c into ABC-style CamelCase.
func camel$I(s string) string {
	var b strings.Builder
	up := true
	for _, r := range s {
		switch {
		case r == '-' || r == '_' || r == '.':
			up = true
		case up:
			b.WriteRune(unicode.ToUpper(r))
			up = false
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
`, `for _, in := range input {
	b.WriteString(camel$I(in))
}`},
}

var words = []string{"pool", "instance", "node", "subnet", "image", "volume", "zone", "group", "template", "machine"}

func genCode(w *writer, m *model) {
	for _, p := range m.pkgs {
		genPkg(w, p)
	}
}

func genPkg(w *writer, p *pkg) {
	r := newRNG(uint64(p.idx)*0x100000001b3 + 7)

	// pools.go: readiness use sites.
	pf := newFile(p.name, "")
	fields := map[apiRef]string{}
	for _, a := range p.apis {
		fields[a] = poolCode(pf, p, a, r)
		pf.p("\n")
	}
	if p.convert != nil {
		conversionCode(pf, *p.convert)
	}
	for _, d := range p.deps {
		if slices.ContainsFunc(p.apis, d.has) {
			pf.use(d.path(), "")
		}
	}
	syncPools(pf, p, fields)
	w.goFile(p.dir+"/pools.go", pf)

	// logic.go: ordinary code.
	lf := newFile(p.name, "")
	var calls []string
	for i := 0; i < p.helpers; i++ {
		h := helpers[r.intn(len(helpers))]
		vars := map[string]string{
			"I": fmt.Sprint(i),
			"A": fmt.Sprint(r.between(2, 9)),
			"B": fmt.Sprint(r.between(10, 500)),
			"W": pick(r, words),
		}
		for _, imp := range h.imports {
			lf.use(imp, "")
		}
		lf.p(expand(h.decl, vars))
		calls = append(calls, expand(h.call, vars))
	}
	w.goFile(p.dir+"/logic.go", lf)

	// exports.go: the surface other packages use.
	ef := newFile(p.name, fmt.Sprintf("// Package %s is layer %d (%s) of the benchmark provider.\n", p.name, p.layer, layerDirs[p.layer]))
	ef.use("fmt", "")
	ef.use("strings", "")
	ef.p(expand(`// Record is a unit of work handled by $P.
type Record struct {
	Name     string
	Replicas int32
	Labels   map[string]string
	Ready    bool
	Notes    []string
}

// NewRecord returns a Record for name.
func NewRecord(name string, replicas int32) *Record {
	return &Record{
		Name:     Normalize(name),
		Replicas: replicas,
		Labels:   map[string]string{"layer": "$L", "package": "$P"},
	}
}

// Key identifies r.
func (r *Record) Key() string {
	return fmt.Sprintf("$P/%s#%d", r.Name, r.Replicas)
}

// Normalize lower-cases s and turns separators into dashes.
func Normalize(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '_', '.', '/':
			return '-'
		}
		return r
	}, s)
}

// Tally counts the normalized items.
func Tally(items []string) map[string]int {
	out := make(map[string]int, len(items))
	for _, it := range items {
		out[Normalize(it)]++
	}
	return out
}

// Exercise runs the package's logic over input and returns a digest.
func Exercise(input []string) string {
	var b strings.Builder
	total := 0
	for key, n := range Tally(input) {
		total += n + len(key)
	}
`, map[string]string{"P": p.name, "L": fmt.Sprint(p.layer)}))
	for _, c := range calls {
		for _, std := range []string{"errors", "time"} {
			if strings.Contains(c, std+".") {
				ef.use(std, "")
			}
		}
		ef.p("\t{\n", indent(c), "\t}\n")
	}
	for j, d := range p.deps {
		ef.use(d.path(), "")
		switch j % 4 {
		case 0:
			ef.p("\tfor _, in := range input {\n\t\tb.WriteString(", d.name, ".Normalize(in))\n\t}\n")
		case 1:
			ef.p("\ttotal += len(", d.name, ".Tally(input))\n")
		case 2:
			ef.p("\tif rec := ", d.name, ".NewRecord(\"", p.name, "\", int32(len(input))); rec != nil {\n\t\tb.WriteString(rec.Key())\n\t}\n")
		case 3:
			ef.p("\ttotal += ", d.name, ".SyncPools(input)\n")
		}
	}
	ef.p("\ttotal += SyncPools(input)\n\tfmt.Fprintf(&b, \"|%d\", total)\n\treturn b.String()\n}\n")
	w.goFile(p.dir+"/exports.go", ef)
	w.nonce(p.dir, p.name)
}

func indent(s string) string {
	var b strings.Builder
	for line := range strings.SplitSeq(s, "\n") {
		b.WriteString("\t\t" + line + "\n")
	}
	return b.String()
}

// genMain writes cmd/manager, which registers every API version and runs
// every controller package.
func genMain(w *writer, m *model) {
	f := newFile("main", "// Command manager is the benchmark provider's entry point.\n")
	f.use("fmt", "")
	f.use("os", "")
	f.use("strings", "")
	f.use(runtimePath, "")
	f.p("func main() {\n\tscheme := runtime.NewScheme()\n")
	for _, g := range m.groups {
		for _, v := range []string{"v1beta1", "v1beta2"} {
			a := apiRef{g, v}
			f.use(a.path(), a.alias())
			f.p("\tif err := ", a.alias(), ".AddToScheme(scheme); err != nil {\n\t\tfmt.Fprintln(os.Stderr, err)\n\t\tos.Exit(1)\n\t}\n")
		}
	}
	f.use(cpPath, cpAlias)
	f.p("\tif err := ", cpAlias, ".AddToScheme(scheme); err != nil {\n\t\tfmt.Fprintln(os.Stderr, err)\n\t\tos.Exit(1)\n\t}\n")
	f.p("\tvar b strings.Builder\n")
	for _, p := range m.top {
		f.use(p.path(), "")
		f.p("\tb.WriteString(", p.name, ".Exercise(os.Args[1:]))\n")
	}
	f.p("\tfmt.Println(len(scheme.AllKnownTypes()), b.Len())\n}\n")
	w.goFile("cmd/manager/main.go", f)
	w.nonce("cmd/manager", "main")
}
