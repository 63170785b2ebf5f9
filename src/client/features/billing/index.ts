// The billing feature's public surface: the staff billing page.
export { BillingPage } from './billing-page';
