// The protection demo pages (the only pages with the anti-copy layer).
export { TwoFactorDemoPage } from './twofa-demo-page';
export { SecurityDemoPage } from './security-demo-page';
export { AntiScrapingPage } from './anti-scraping-page';
export { ProtectionStatusPage } from './protection-status-page';
