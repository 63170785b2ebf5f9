// Whether the server sent this document as a white-label reader's page (its shell carries
// `data-white-label`): then even a page whose link no longer reads shows no product frame or name.
export const servedWhiteLabel = () => typeof document !== 'undefined' && document.documentElement.hasAttribute('data-white-label');
