// The analytics feature's public surface: the /analytics page and the tracking switches of the send panel.
export { AnalyticsPage } from './analytics-page';
export { TrackingSwitches } from './tracking-switches';
