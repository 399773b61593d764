package controllers

import "example.com/suppressed/apis/v1beta2"

// readyAbove: a directive on its own line covers the next line.
func readyAbove(p *v1beta2.GadgetMachinePool) {
	//mpaudit:ignore MPA203 provisioned is set by the pool's webhook
	p.Status.Ready = true
}

// readyTrailing: a directive trailing code covers its line.
func readyTrailing(p *v1beta2.GadgetMachinePool) {
	p.Status.Ready = true //mpaudit:ignore ready-write-without-provisioned set by the webhook too
}

// readyReported is not suppressed.
func readyReported(p *v1beta2.GadgetMachinePool) {
	p.Status.Ready = true
}

// readyBlankLine: a blank line separates the directive from the code.
func readyBlankLine(p *v1beta2.GadgetMachinePool) {
	// want +1 "MPA902 warning"
	//mpaudit:ignore MPA203 too far away

	p.Status.Ready = true
}

// both sets both fields, so nothing is reported for MPA203.
func both(p *v1beta2.GadgetMachinePool) {
	// want +1 "MPA902 warning"
	//mpaudit:ignore MPA203 nothing to suppress here
	p.Status.Ready = true
	v := true
	p.Status.Initialization.Provisioned = &v
}

// noRule names no rule.
func noRule() {
	// want +1 "MPA901 error: //mpaudit:ignore: names no rule"
	//mpaudit:ignore
}
