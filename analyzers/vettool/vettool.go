// Package vettool is the go vet (and go fix) tool protocol of mpaudit's
// analyzers, shared by the mpaudit command and by mpaudit-vet, which links
// nothing else.
//
// go vet starts the tool once per package it visits, dependencies and the
// standard library included, so the tool's start-up is paid hundreds of
// times per run; mpaudit-vet leaves out the packages only the other modes
// need (controller-runtime and client-go's scheme for live, the rewrite's
// generators), whose initialisation is most of mpaudit's start-up.
package vettool

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/analyzers/vetunit"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// Main runs the analyzers on the package go vet names in os.Args, and exits.
func Main() {
	s, err := Settings(os.Args[1:])
	if err != nil {
		fmt.Fprintf(os.Stderr, "mpaudit: %v\n", err)
		os.Exit(report.ExitError)
	}
	set, err := analyzers.New(s)
	if err != nil {
		fmt.Fprintf(os.Stderr, "mpaudit: %v\n", err)
		os.Exit(report.ExitError)
	}
	if last := os.Args[len(os.Args)-1]; strings.HasSuffix(last, ".cfg") {
		next, skipped, err := vetunit.Prepare(last)
		if err != nil {
			fmt.Fprintf(os.Stderr, "mpaudit: %v\n", err)
			os.Exit(report.ExitError)
		}
		if skipped {
			os.Exit(0)
		}
		os.Args[len(os.Args)-1] = next
	}
	registerFlags(flag.CommandLine)
	unitchecker.Main(set.Reporting...) // exits
}

// The vet tool's own flags. unitchecker parses the command line only
// inside Main, after the analyzers exist, so Settings reads these from
// the arguments first; registerFlags declares them to unitchecker too,
// so that go vet learns them (-flags) and passes them on.
const (
	flagCAPIVersion = "capi-version"
	flagFailOn      = "fail-on"
	flagFix         = "fix" // unitchecker's, set by go fix
)

// Settings builds the analyzer settings from go vet's arguments
// (-name=value or -name value, one or two dashes; other flags are
// unitchecker's). The module's .mpaudit.yaml applies, as go vet has no
// report to apply it to.
func Settings(args []string) (analyzers.Settings, error) {
	s := analyzers.Settings{ModuleConfig: true}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") {
			break // the *.cfg file(s)
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch name {
		case flagCAPIVersion, flagFailOn:
			if !hasValue {
				if i+1 >= len(args) {
					return s, fmt.Errorf("flag -%s needs a value", name)
				}
				i++
				value = args[i]
			}
			if err := setVetFlag(&s, name, value); err != nil {
				return s, err
			}
		case flagFix:
			on := true
			if hasValue {
				b, err := strconv.ParseBool(value)
				if err != nil {
					return s, fmt.Errorf("flag -fix: %w", err)
				}
				on = b
			}
			s.Fix = on
		}
	}
	return s, s.Validate()
}

func setVetFlag(s *analyzers.Settings, name, value string) error {
	switch name {
	case flagCAPIVersion:
		if _, err := contract.TargetForVersion(value, "flag"); err != nil {
			return fmt.Errorf("flag -%s: %w", name, err)
		}
		s.CAPIVersion = value
	case flagFailOn:
		sev, err := contract.ParseSeverity(value)
		if err != nil {
			return fmt.Errorf("flag -%s: %w", name, err)
		}
		s.ReportAt = sev
	}
	return nil
}

// registerFlags declares the tool's flags to unitchecker, which parses
// them again (the values were read by Settings) and lists them for go vet.
func registerFlags(fs *flag.FlagSet) {
	var ignored analyzers.Settings
	fs.Func(flagCAPIVersion, "Cluster API core version the provider targets (default: read from go.mod)", func(v string) error {
		return setVetFlag(&ignored, flagCAPIVersion, v)
	})
	fs.Func(flagFailOn, "lowest severity reported as a vet diagnostic: info, warning or error (default warning, or failOn of .mpaudit.yaml)", func(v string) error {
		return setVetFlag(&ignored, flagFailOn, v)
	})
}

// InvokedByGoVet recognises the unitchecker protocol: go vet asks for
// -V=full and -flags, then passes one *.cfg file per package.
func InvokedByGoVet(args []string) bool {
	if len(args) == 0 {
		return false
	}
	for _, a := range args {
		if a == "-V=full" || a == "-flags" {
			return true
		}
	}
	return strings.HasSuffix(args[len(args)-1], ".cfg")
}
