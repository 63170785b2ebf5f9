// The billing feature's public surface: the /billing page (a creator's own billing; staff also see every subscription).
export { BillingPage } from './billing-page';
