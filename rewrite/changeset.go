package rewrite

// changeSet is what one attempt of the rewrite changed in its staged copy:
// every file with the reasons, and for the files the analyzers' fixes
// changed, the units (types) those fixes belong to. The phases add to it
// (mark) and the verification reads it.
type changeSet struct {
	st *stage
	// files maps a canonical staged path to the reasons it changed.
	files map[string]map[string]bool
	// units are the units whose fixes changed each file; names the
	// identifiers of the declarations each unit's fixes edit.
	units unitFiles
	names unitNames
	// err is the first change mpaudit must not make (a path that leads
	// out of the module).
	err error
}

func newChangeSet(st *stage) *changeSet {
	return &changeSet{st: st, files: map[string]map[string]bool{}, units: unitFiles{}, names: newUnitNames()}
}

// mark records that the staged file changed, and why.
func (c *changeSet) mark(staged, why string) {
	staged, err := c.st.canonical(staged)
	if err != nil {
		if c.err == nil {
			c.err = err
		}
		return
	}
	if c.files[staged] == nil {
		c.files[staged] = map[string]bool{}
	}
	c.files[staged][why] = true
}

// unmark takes back a reason; a file left with none is no change.
func (c *changeSet) unmark(staged, why string) {
	if r := c.files[staged]; r != nil {
		delete(r, why)
		if len(r) == 0 {
			delete(c.files, staged)
		}
	}
}

// applied records the fixes applied to the staged file path.
func (c *changeSet) applied(path string, a *applied) {
	for rule := range a.rules {
		c.mark(path, rule)
	}
	c.units.add(path, a.units)
}

// empty reports whether nothing changed.
func (c *changeSet) empty() bool { return len(c.files) == 0 }
