package report

import (
	"path"
	"slices"
	"strings"

	"github.com/mpaudit/mpaudit/contract"
)

// packageLeft is what is left in one package of the provider's code on
// Cluster API's v1beta1 Go API: the findings of those rules in it.
type packageLeft struct {
	Dir         string
	Uses, Files int
}

// goAPILeft counts the Go API rules' findings per package directory,
// most first; none when there are none.
func goAPILeft(fs []Finding) []packageLeft {
	uses := map[string]int{}
	files := map[string]map[string]bool{}
	for _, f := range fs {
		if !contract.IsGoAPIRule(f.Rule) || f.Position == nil || f.Position.File == "" {
			continue
		}
		file := strings.ReplaceAll(f.Position.File, `\`, "/")
		dir := path.Dir(file)
		uses[dir]++
		if files[dir] == nil {
			files[dir] = map[string]bool{}
		}
		files[dir][file] = true
	}
	var out []packageLeft
	for dir, n := range uses {
		out = append(out, packageLeft{Dir: dir, Uses: n, Files: len(files[dir])})
	}
	slices.SortFunc(out, func(a, b packageLeft) int {
		if a.Uses != b.Uses {
			return b.Uses - a.Uses
		}
		return strings.Compare(a.Dir, b.Dir)
	})
	return out
}
