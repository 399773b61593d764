package rewrite

// fileChanges maps a canonical staged path to the reasons it changed.
type fileChanges map[string]map[string]bool

// changeSet is what one attempt of the rewrite changed in its staged copy:
// every file with the reasons, and for the files the analyzers' fixes
// changed, the units (types) those fixes belong to. The phases add to it
// (mark) and the verification reads it.
type changeSet struct {
	st    *stage
	files fileChanges
	// whole is the attempt's change set when this one holds what a later
	// phase changed (see phase): a mark here counts there too.
	whole *changeSet
	// units are the units whose fixes changed each file; names the
	// identifiers of the declarations each unit's fixes edit.
	units unitFiles
	names unitNames
	// err is the first change mpaudit must not make (a path that leads
	// out of the module).
	err error
}

func newChangeSet(st *stage) *changeSet {
	return &changeSet{st: st, files: fileChanges{}, units: unitFiles{}, names: newUnitNames()}
}

// phase is an empty change set for what one later phase changes, whose
// marks count in c too: the steps that follow from that phase alone
// (regenerating what its type changes imply) read only its files.
func (c *changeSet) phase() *changeSet {
	return &changeSet{st: c.st, files: fileChanges{}, whole: c}
}

// mark records that the staged file changed, and why.
func (c *changeSet) mark(staged, why string) {
	if c.whole != nil {
		c.whole.mark(staged, why)
	}
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
