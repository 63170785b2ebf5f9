export { OverviewPage } from './overview-page';
