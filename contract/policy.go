package contract

import "slices"

// Consequence is why a finding has its severity. It is the one severity
// policy, the same for every kind: a rule's severity in a context is the
// severity of the consequence of what it found there, and each rule
// declares (Reasons) which consequence each severity it reports stands
// for. TestSeverityPolicy checks every rule's severity function against
// its declaration.
type Consequence int

const (
	// CoreMisreadsAtTarget: Cluster API at the target (core, clusterctl, or
	// the Go API the provider builds against), with the CRD's labels as they
	// are, will not see or handle the object right.
	CoreMisreadsAtTarget Consequence = iota + 1
	// AuditIncomplete: the audit could not read what it judges, or a
	// suppression is malformed, so the result cannot be trusted.
	AuditIncomplete
	// StopsAtReleaseOrFlip: it works on the target core today, but stops at
	// a later core release or at the flip of the CRD's contract label, which
	// the finding names.
	StopsAtReleaseOrFlip
	// Inconsistent: core reads the object, but fields that should agree do
	// not (the object's two readiness fields, a core object and the object
	// it references, one API version under two contract labels): cores or
	// clients reading different fields reach different conclusions.
	Inconsistent
	// OutsideCore: core at the target reads the object right, but something
	// else the contract serves does not work: kubectl scale and the
	// HorizontalPodAutoscaler, status writes, clusterctl, the provider's own
	// patch helper.
	OutsideCore
	// StaleSuppression: a suppression matches no finding and would hide a
	// later regression.
	StaleSuppression
	// StyleOrSpoke: the Go style of the contract's snippets (a pointer
	// struct, bool for *bool, a missing omitzero or marker, *string for
	// string) that core decodes all the same, or an older API version of the
	// provider (a conversion spoke).
	StyleOrSpoke
	// Advisory: nothing the target core reads is wrong: an inventory of use
	// sites, the transition shape, a v1beta2 change a target before v1.11
	// does not see yet, a field core reads something else in place of, what
	// the audit could not check.
	Advisory
)

// policy is the severity of each consequence, with its wording for docs.
var policy = []struct {
	c    Consequence
	sev  Severity
	name string
	text string
}{
	{CoreMisreadsAtTarget, Error, "core misreads at the target", "Cluster API at the target core (core, clusterctl, or the Go API the provider builds against), with the CRD's contract labels as they are, will not see or handle the object right."},
	{AuditIncomplete, Error, "audit incomplete", "the audit could not read what it judges, or a suppression is malformed."},
	{StopsAtReleaseOrFlip, Warning, "stops at a release or label flip", "it works on the target core today but stops at a later core release or at the flip of the CRD's contract label; the message names which."},
	{Inconsistent, Warning, "inconsistent", "core reads the object, but fields that should agree do not: cores or clients reading different fields reach different conclusions."},
	{OutsideCore, Warning, "outside core", "core reads the object right, but something else the contract serves does not work (kubectl scale, status writes, clusterctl, the patch helper)."},
	{StaleSuppression, Warning, "stale suppression", "a suppression matches no finding and would hide a later regression."},
	{StyleOrSpoke, Info, "style or spoke", "the Go style of the contract's snippets, which core decodes all the same, or an older API version of the provider (a conversion spoke)."},
	{Advisory, Info, "advisory", "nothing the target core reads is wrong: an inventory of use sites, the transition shape, a change a target before v1.11 does not see yet, what the audit could not check."},
}

// Severity is the severity the policy gives c.
func (c Consequence) Severity() Severity {
	for _, p := range policy {
		if p.c == c {
			return p.sev
		}
	}
	return Off
}

func (c Consequence) String() string {
	for _, p := range policy {
		if p.c == c {
			return p.name
		}
	}
	return "unknown consequence"
}

// Text says what c means, for docs.
func (c Consequence) Text() string {
	for _, p := range policy {
		if p.c == c {
			return p.text
		}
	}
	return ""
}

// Consequences lists the policy, errors first.
func Consequences() []Consequence {
	out := make([]Consequence, len(policy))
	for i, p := range policy {
		out[i] = p.c
	}
	return out
}

// reasons are the consequences each rule's severities stand for, in
// contexts that are not conversion spokes (type findings there are at most
// info: StyleOrSpoke). A rule that reports a severity not listed here, or
// lists a consequence of another severity, fails TestSeverityPolicy.
var reasons = map[string]map[Severity][]Consequence{
	RuleConformNotProvisioned: {Error: {CoreMisreadsAtTarget}},
	RuleConformEarly:          {Error: {CoreMisreadsAtTarget}},
	RuleConformFailureUnseen:  {Warning: {Inconsistent}},
	RuleConformNotPlaced:      {Error: {CoreMisreadsAtTarget}},
	RuleConformObjectInvalid:  {Error: {CoreMisreadsAtTarget}},
	RuleConformNoObject:       {Info: {Advisory}},
	RuleReadyOnly:             {Error: {CoreMisreadsAtTarget}, Warning: {StopsAtReleaseOrFlip}},
	RuleProvisionedOnly:       {Error: {CoreMisreadsAtTarget}},
	RuleDualReadiness:         {Info: {Advisory}},
	RuleInitializationShape:   {Warning: {StopsAtReleaseOrFlip}, Info: {StyleOrSpoke}},
	RuleFailureReason:         {Error: {CoreMisreadsAtTarget}, Warning: {StopsAtReleaseOrFlip}, Info: {Advisory}},
	RuleFailureMessage:        {Error: {CoreMisreadsAtTarget}, Warning: {StopsAtReleaseOrFlip}, Info: {Advisory}},
	RuleProviderIDPointer:     {Info: {StyleOrSpoke}},
	RuleProviderIDList:        {Error: {CoreMisreadsAtTarget}},
	RuleReplicas:              {Error: {CoreMisreadsAtTarget}},
	RuleConditionsV1Beta1:     {Warning: {StopsAtReleaseOrFlip}, Info: {Advisory}},
	RuleNoReadiness:           {Error: {CoreMisreadsAtTarget}},
	RuleDeprecatedFieldUse:    {Info: {Advisory}},
	RuleContractFieldUse:      {Info: {Advisory}},
	RuleReadyWriteAlone:       {Error: {CoreMisreadsAtTarget}, Warning: {StopsAtReleaseOrFlip}},
	RuleProvisionedWriteAlone: {Error: {CoreMisreadsAtTarget}},
	RuleLabelMissing:          {Error: {CoreMisreadsAtTarget}},
	RuleLabelV1Beta1Only:      {Error: {CoreMisreadsAtTarget}, Warning: {StopsAtReleaseOrFlip}},
	RuleLabelVersion:          {Error: {CoreMisreadsAtTarget}, Info: {Advisory}},
	RuleCRDName:               {Error: {CoreMisreadsAtTarget}},
	RuleCRDScope:              {Error: {CoreMisreadsAtTarget}},
	RuleCRDNotFound:           {Info: {Advisory}},
	RuleSchemaProvisioned:     {Error: {CoreMisreadsAtTarget}, Warning: {StopsAtReleaseOrFlip}},
	RuleSchemaReady:           {Error: {CoreMisreadsAtTarget}},
	RuleStatusSubresource:     {Warning: {OutsideCore}},
	RuleObjectProvisionedOnly: {Error: {CoreMisreadsAtTarget}},
	RuleObjectDisagree:        {Warning: {Inconsistent}},
	RuleObjectReadyOnly:       {Error: {CoreMisreadsAtTarget}},
	RuleObjectFailure:         {Error: {CoreMisreadsAtTarget}, Warning: {StopsAtReleaseOrFlip}, Info: {Advisory}},
	RuleObjectReplicas:        {Warning: {Inconsistent}},
	RuleObjectMachineKind:     {Error: {CoreMisreadsAtTarget}},
	RuleMachinePoolRef:        {Error: {CoreMisreadsAtTarget}},
	RuleMachinePoolDisagree:   {Warning: {Inconsistent}},
	RuleAccessDenied:          {Error: {AuditIncomplete}},
	RuleReadFailed:            {Error: {CoreMisreadsAtTarget}},
	RuleSuppressionNoReason:   {Error: {AuditIncomplete}},
	RuleUnusedSuppression:     {Warning: {StaleSuppression}},

	RuleKindReadyOnly:          {Error: {CoreMisreadsAtTarget}, Warning: {StopsAtReleaseOrFlip}, Info: {Advisory}},
	RuleKindInitializationOnly: {Error: {CoreMisreadsAtTarget}},
	RuleKindDualReadiness:      {Info: {Advisory}},
	RuleKindNoReadiness:        {Error: {CoreMisreadsAtTarget}},
	RuleKindInitializationForm: {Error: {CoreMisreadsAtTarget}, Warning: {StopsAtReleaseOrFlip}, Info: {StyleOrSpoke, Advisory}},
	RuleKindFailureFields:      {Warning: {StopsAtReleaseOrFlip}, Info: {Advisory}},
	RuleKindV1Beta1Shape:       {Info: {StyleOrSpoke}},
	RuleKindConditionsV1Beta1:  {Warning: {StopsAtReleaseOrFlip}, Info: {Advisory}},
	RuleKindShapeForLabel:      {Error: {CoreMisreadsAtTarget}, Warning: {StopsAtReleaseOrFlip}},
	RuleKindRenamedField:       {Error: {CoreMisreadsAtTarget}, Warning: {StopsAtReleaseOrFlip}},
	RuleKindReadInPlace:        {Error: {CoreMisreadsAtTarget}, Warning: {StopsAtReleaseOrFlip}},
	RuleControlPlaneReplicas:   {Error: {CoreMisreadsAtTarget}, Warning: {OutsideCore}},
	RuleControlPlaneVersion:    {Error: {CoreMisreadsAtTarget}},
	RuleKindObjectMeta:         {Error: {CoreMisreadsAtTarget}},
	RuleKindListType:           {Warning: {OutsideCore}},
	RuleKindTemplateName:       {Error: {CoreMisreadsAtTarget}},
	RuleKindTemplateMissing:    {Error: {CoreMisreadsAtTarget}},
	RuleKindV1Beta1WriteAlone:  {Error: {CoreMisreadsAtTarget}, Warning: {StopsAtReleaseOrFlip}, Info: {Advisory}},
	RuleKindV1Beta2WriteAlone:  {Error: {CoreMisreadsAtTarget}, Info: {Advisory}},
	RuleKindRemovedFieldRead:   {Info: {Advisory}},

	RuleKindCRDName:                {Error: {CoreMisreadsAtTarget}},
	RuleKindCRDScope:               {Error: {CoreMisreadsAtTarget}},
	RuleKindLabelMissing:           {Error: {CoreMisreadsAtTarget}},
	RuleKindLabelV1Beta1Only:       {Error: {CoreMisreadsAtTarget}, Warning: {StopsAtReleaseOrFlip}},
	RuleKindLabelVersion:           {Error: {CoreMisreadsAtTarget}},
	RuleLabelVersionConflict:       {Warning: {Inconsistent}, Info: {Advisory}},
	RuleKindSchemaReadiness:        {Error: {CoreMisreadsAtTarget}},
	RuleKindSchemaField:            {Error: {CoreMisreadsAtTarget}},
	RuleKindSchemaDomains:          {Error: {CoreMisreadsAtTarget}},
	RuleKindStatusSubresource:      {Warning: {OutsideCore}},
	RuleMetadataV1Beta2Unlabelled:  {Error: {CoreMisreadsAtTarget}, Warning: {StopsAtReleaseOrFlip}},
	RuleMetadataV1Beta1Labelled:    {Warning: {OutsideCore}, Info: {Advisory}},
	RuleControlPlaneScale:          {Warning: {OutsideCore}},
	RuleComponentsNamespaces:       {Error: {CoreMisreadsAtTarget}},
	RuleComponentsForeignNamespace: {Warning: {OutsideCore}},
	RuleComponentsManager:          {Warning: {OutsideCore}},
	RuleKindObjectUnread:           {Error: {CoreMisreadsAtTarget}},
	RuleKindObjectDisagree:         {Warning: {Inconsistent}},
	RuleKindObjectFailure:          {Warning: {StopsAtReleaseOrFlip}, Info: {Advisory}},
	RuleKindObjectFieldMissing:     {Error: {CoreMisreadsAtTarget}},
	RuleKindObjectDomains:          {Error: {CoreMisreadsAtTarget}},
	RuleCoreObjectDisagree:         {Warning: {Inconsistent}},
	RuleCoreObjectRef:              {Error: {CoreMisreadsAtTarget}},
	RuleCoreObjectDomains:          {Warning: {Inconsistent}},
	RuleKindObjectRenamed:          {Error: {CoreMisreadsAtTarget}},
	RuleKindObjectOneName:          {Info: {Advisory}},
	RuleKindObjectCounters:         {Warning: {Inconsistent}},
	RuleKindObjectVersions:         {Warning: {Inconsistent}},

	RuleGoAPIField:         {Error: {CoreMisreadsAtTarget}, Warning: {StopsAtReleaseOrFlip}, Info: {Advisory}},
	RuleGoAPIImport:        {Error: {CoreMisreadsAtTarget}, Warning: {StopsAtReleaseOrFlip}, Info: {Advisory}},
	RuleGoAPISymbol:        {Error: {CoreMisreadsAtTarget}, Warning: {StopsAtReleaseOrFlip}, Info: {Advisory}},
	RuleConditionsStage:    {Error: {CoreMisreadsAtTarget}, Warning: {StopsAtReleaseOrFlip}, Info: {Advisory}},
	RuleConditionsNotOwned: {Warning: {OutsideCore}},
}

// Reasons are the consequences the rule's severity sev stands for, outside
// conversion spokes.
func (r *Rule) Reasons(sev Severity) []Consequence { return slices.Clone(reasons[r.ID][sev]) }
