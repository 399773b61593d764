// Package progress shows what a long run is doing (loading packages,
// analysing, listing objects) on one line of a terminal, rewritten in
// place. Off a terminal it prints nothing, so logs and redirected output
// stay clean.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/term"

	"github.com/mpaudit/mpaudit/report"
)

// Line is a progress line. A nil *Line is valid and prints nothing, so
// options structs can leave it unset.
type Line struct {
	mu    sync.Mutex // audits of several clusters report concurrently
	w     io.Writer
	width int
	shown bool
}

// defaultWidth is used when the terminal does not say how wide it is.
const defaultWidth = 80

// ForTerminal returns a Line on w when w is a terminal, else nil.
func ForTerminal(w io.Writer) *Line {
	f, ok := w.(*os.File)
	if !ok || f == nil || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	width, _, err := term.GetSize(int(f.Fd()))
	if err != nil || width <= 0 {
		width = defaultWidth
	}
	return New(f, width)
}

// New returns a Line that writes to w, which must be a terminal of the
// given width (a message longer than a line would scroll instead of being
// rewritten).
func New(w io.Writer, width int) *Line {
	if width <= 1 {
		width = defaultWidth
	}
	return &Line{w: w, width: width}
}

// Step replaces the line with a message.
func (l *Line) Step(format string, args ...any) {
	if l == nil {
		return
	}
	msg := "mpaudit: " + report.Escape(fmt.Sprintf(format, args...))
	if utf8.RuneCountInString(msg) >= l.width {
		msg = string([]rune(msg)[:l.width-2]) + "…"
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	// \r goes back to the start of the line, ESC[K erases what is left of the previous message.
	fmt.Fprintf(l.w, "\r%s\x1b[K", msg)
	l.shown = true
}

// Done erases the line, before the report or an error is printed.
func (l *Line) Done() {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.shown {
		io.WriteString(l.w, "\r\x1b[K")
		l.shown = false
	}
}

// Counter reports "what: i/n" for a phase of n items; Add counts one
// done. It is safe for concurrent use and prints nothing on a nil Line.
type Counter struct {
	line *Line
	what string
	n    int
	mu   sync.Mutex
	done int
}

// Count starts a counter of n items.
func (l *Line) Count(what string, n int) *Counter {
	c := &Counter{line: l, what: what, n: n}
	l.Step("%s: 0/%d", what, n)
	return c
}

// Add counts one item done, naming it.
func (c *Counter) Add(item string) {
	if c == nil || c.line == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock() // held while printing, so counts never go backwards
	c.done++
	c.line.Step("%s: %d/%d %s", c.what, c.done, c.n, strings.TrimSpace(item))
}
