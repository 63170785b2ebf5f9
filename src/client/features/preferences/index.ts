// The preference centre's public surface: the page behind each issue's "Manage preferences" link.
export { PreferencesPage } from './preferences-page';
export { TopicsPanel } from './topics-panel';
