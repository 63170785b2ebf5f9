// The integrations feature's public surface: the /integrations page.
export { IntegrationsPage } from './integrations-page';
