// Recurring issues: a publication's schedule and history, and the mailed approval link's page.
export { RecurringPage } from './recurring-page';
export { ApprovePage } from './approve-page';
