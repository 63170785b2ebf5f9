// The email-management feature's public surface: Email Management (system or account) and the email test pages.
export { EmailManagementPage } from './email-management-page';
export { EmailTestPage } from './email-test-page';
export { DeliveryTestPage } from './delivery-test-page';
