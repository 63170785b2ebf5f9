// The unsubscribe feature's public surface: the page behind each issue's unsubscribe link.
export { UnsubscribePage } from './unsubscribe-page';
