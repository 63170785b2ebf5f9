// The upgrade feature's public surface: the plan-upgrade dialog other pages open.
export { UpgradeDialog } from './upgrade-dialog';
