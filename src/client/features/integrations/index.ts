// The integrations feature's public surface: the /integrations page, and the platform names and
// connection badge the dashboard and the staff pages show too.
export { IntegrationsPage } from './integrations-page';
export { ConnectionBadge } from './connection-badge';
export { isPlatform, PLATFORM_NAMES, type IntegrationPlatform } from './format';
