// The plan in force for an account known only by its id lives in plans/account-plan.ts, below every
// feature that checks a plan; this module hands the same functions to the features that read them here.
export { capabilitiesOf, planOf, planSubjectColumns, planSubjectOf, whiteLabelOf, type PlanSubject } from '../plans/account-plan';
