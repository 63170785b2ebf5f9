// The admin onboarding feature: /admin/onboarding-emails, the product-mail preview shared with the
// staff newsletter, and the public page behind the unsubscribe links of the product's own mail.
export { OnboardingEmailsPage } from './onboarding-emails-page';
export { EmailPreview } from './email-preview';
export { ProductUnsubscribePage } from './product-unsubscribe-page';
