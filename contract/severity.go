package contract

import (
	"fmt"
	"strings"
)

// Severity orders findings. Off means the rule does not apply for the target.
type Severity int

const (
	Off Severity = iota
	Info
	Warning
	Error
)

var severityNames = map[Severity]string{Off: "off", Info: "info", Warning: "warning", Error: "error"}

func (s Severity) String() string {
	if n, ok := severityNames[s]; ok {
		return n
	}
	return fmt.Sprintf("severity(%d)", int(s))
}

// ParseSeverity accepts the names printed by String.
func ParseSeverity(s string) (Severity, error) {
	for sev, name := range severityNames {
		if strings.EqualFold(s, name) {
			return sev, nil
		}
	}
	return Off, fmt.Errorf("unknown severity %q (want info, warning or error)", s)
}

func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

func (s *Severity) UnmarshalText(b []byte) error {
	v, err := ParseSeverity(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}
