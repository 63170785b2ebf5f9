export { HelpCenterPage } from './help-center-page';
export { QuickStartPage } from './quick-start-page';
