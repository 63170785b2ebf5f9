// The upgrade feature's public surface: the plan-upgrade dialog other pages open, the /upgrade page, and
// the card of the plan in force that /billing shows too.
export { UpgradeDialog } from './upgrade-dialog';
export { UpgradePage, YourPlan } from './upgrade-page';
