// Staff pages: system-level providers and every platform's connection counts (/admin/integrations),
// and one platform's detail (/admin/integrations/{platform}).
export { AdminIntegrationsPage } from './admin-integrations-page';
export { AdminPlatformPage } from './admin-platform-page';
