// The upgrade feature's public surface: the plan-upgrade dialog other pages open, and the /upgrade page.
export { UpgradeDialog } from './upgrade-dialog';
export { UpgradePage } from './upgrade-page';
