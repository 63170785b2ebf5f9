// The AI Magic feature's public surface: the page that writes from a creator's articles with citations.
export { AiMagicPage } from './ai-magic-page';
