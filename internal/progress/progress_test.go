package progress

import (
	"bytes"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
)

func TestNilLineIsSilent(t *testing.T) {
	var l *Line
	l.Step("loading %d", 3)
	c := l.Count("analysing", 2)
	c.Add("a")
	l.Done()
}

// Off a terminal (a file, a pipe, a buffer) there is no progress at all.
func TestNotATerminal(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for _, out := range []io.Writer{f, w, &bytes.Buffer{}} {
		if l := ForTerminal(out); l != nil {
			t.Errorf("%T: got a progress line off a terminal", out)
		}
	}
}

func TestLineRewritesInPlace(t *testing.T) {
	var buf bytes.Buffer
	l := New(&buf, 30)
	l.Step("loading %s", "./...")
	l.Step("analysing a very long package path that does not fit\x1b[31m")
	l.Done()
	l.Done()
	out := buf.String()
	want := "\rmpaudit: loading ./...\x1b[K\rmpaudit: analysing a very lo…\x1b[K\r\x1b[K"
	if out != want {
		t.Errorf("got %q\nwant %q", out, want)
	}
	if strings.Contains(out, "\n") {
		t.Errorf("a progress line must never end a line: %q", out)
	}
	buf.Reset()
	l.Step("cluster \x1b]0;title\a\nname")
	if got := buf.String(); got != "\rmpaudit: cluster \\x1b]0;titl…\x1b[K" {
		t.Errorf("control characters not escaped: %q", got)
	}
}

func TestCounterIsMonotonic(t *testing.T) {
	var buf bytes.Buffer
	l := New(&buf, 200)
	c := l.Count("analysing", 50)
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() { c.Add("pkg") })
	}
	wg.Wait()
	steps := strings.Split(buf.String(), "\r")
	last := steps[len(steps)-1]
	if !strings.Contains(last, "analysing: 50/50 pkg") {
		t.Errorf("last step %q, want 50/50", last)
	}
}
