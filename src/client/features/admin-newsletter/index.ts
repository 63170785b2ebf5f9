// The staff product newsletter (/admin/newsletters/new) and the user's product-news switch (/settings).
export { NewsletterComposePage } from './newsletter-compose-page';
export { ProductNewsSwitch } from './product-news-switch';
