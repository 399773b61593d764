package contract

import "testing"

// Every catalogued aspect belongs to exactly one topic, so each point shows
// up under one rule of its kind's contract page.
func TestEveryAspectHasOneTopic(t *testing.T) {
	count := map[Aspect]int{}
	for _, tp := range Topics {
		for _, a := range tp.Aspects {
			count[a]++
		}
	}
	for _, k := range Kinds {
		for _, p := range k.AllPoints() {
			if count[p.Aspect] != 1 {
				t.Errorf("%s %s %s: aspect %q is in %d topics, want 1", k.Name, p.Contract, p.Path, p.Aspect, count[p.Aspect])
			}
		}
	}
}
