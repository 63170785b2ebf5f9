// Step 5's pointer from a pre-send finding to its element in the preview: a link by its address, an
// image by its source (an uploaded image's address is absolute in the e-mail, relative on the web), a
// run of text by its words; nothing when this rendering does not carry it.
import { describe, expect, it } from 'vitest';
import { findInDocument } from '../../src/client/features/workflow/preview-highlight';

const doc = new DOMParser().parseFromString(
  `<body>
    <p>Tickets at <a href=" https://example.com/tickets ">paypal.com</a> and <a href="https://example.com/other">there</a>.</p>
    <img src="https://app.example/media/m1" alt=""><img src="https://example.com/dawn.png">
    <h2>  Harbour   reopens </h2><p>Harbour reopens after the storm</p>
  </body>`,
  'text/html',
);

describe('findInDocument', () => {
  it('finds a link by its address', () => {
    expect(findInDocument(doc, { kind: 'link', value: 'https://example.com/tickets' })?.textContent).toBe('paypal.com');
    expect(findInDocument(doc, { kind: 'link', value: 'https://example.com/nowhere' })).toBeNull();
  });

  it('finds an image by its source, absolute or relative', () => {
    expect(findInDocument(doc, { kind: 'image', value: 'https://example.com/dawn.png' })?.getAttribute('src')).toBe('https://example.com/dawn.png');
    expect(findInDocument(doc, { kind: 'image', value: '/media/m1' })?.getAttribute('src')).toBe('https://app.example/media/m1');
    expect(findInDocument(doc, { kind: 'image', value: 'https://example.com/gone.png' })).toBeNull();
  });

  it('finds a run of text by its whole words, not a part of a longer one', () => {
    expect(findInDocument(doc, { kind: 'text', value: 'Harbour reopens' })?.tagName).toBe('H2');
    expect(findInDocument(doc, { kind: 'text', value: 'after the storm' })).toBeNull();
  });
});
