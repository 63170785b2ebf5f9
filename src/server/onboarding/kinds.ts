// The queue job kinds of the product's own mail (kept apart so enqueuers and handlers share them without a cycle).
export const ONBOARDING_JOB = 'onboarding-batch';
export const PRODUCT_NEWS_JOB = 'product-newsletter';
