import { describe, expect, it } from 'vitest';
import { markdownToEmailHtml, markdownToSafeHtml, markdownToText } from '../../../src/server/markdown';

const HOSTILE = [
  '<script>alert(1)</script>',
  '',
  '<img src=x onerror=alert(1)>',
  '',
  '[click](javascript:alert(1)) [data](data:text/html,hi) [vb](vbscript:x)',
  '',
  '<iframe src="https://evil.example"></iframe><style>body{display:none}</style><form action="https://evil.example"><input name="p"></form>',
  '',
  '<a href="https://ok.example" onclick="steal()" style="color:red" target="_top">ok</a>',
  '',
  '![own](/api/auth/logout) ![proto](//evil.example/x.png)',
  '',
  '<svg onload=alert(1)><circle/></svg> <math><mi xlink:href="javascript:alert(1)">x</mi></math>',
].join('\n');

describe('markdownToSafeHtml', () => {
  it('renders ordinary Markdown', () => {
    const html = markdownToSafeHtml('# Big\n\nSome **bold** and a [link](https://example.com/a?b=1).\n\n- one\n- two');
    expect(html).toContain('<h2>Big</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="https://example.com/a?b=1" rel="noopener noreferrer nofollow">link</a>');
    expect(html).toContain('<li>one</li>');
  });

  it('leaves nothing executable in hostile Markdown', () => {
    const html = markdownToSafeHtml(HOSTILE);
    for (const bad of [
      '<script',
      'onerror',
      'onclick',
      'onload',
      'javascript:',
      'data:',
      'vbscript:',
      '<iframe',
      '<style',
      '<form',
      '<input',
      '<svg',
      'style=',
      'target=',
      '//evil',
    ]) {
      expect(html.toLowerCase()).not.toContain(bad);
    }
    expect(html).not.toContain('alert(1)</script>');
    expect(html).toContain('<a href="https://ok.example" rel="noopener noreferrer nofollow">ok</a>');
  });

  it('keeps uploaded images relative and refuses other relative addresses', () => {
    expect(markdownToSafeHtml('![cover](/media/abc_123)')).toContain('<img alt="cover" src="/media/abc_123" loading="lazy" />');
    expect(markdownToSafeHtml('![x](/api/auth/logout)')).not.toContain('<img');
  });
});

describe('markdownToEmailHtml', () => {
  it('makes uploaded images absolute and applies the same rules', () => {
    const html = markdownToEmailHtml('![c](/media/abc)\n\n<script>x()</script>\n\n[a](javascript:x)', 'https://app.example');
    expect(html).toContain('src="https://app.example/media/abc"');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
  });
});

describe('markdownToText', () => {
  it('gives readable text without markup', () => {
    expect(markdownToText('# Hi & welcome\n\nA <b>bold</b> move.\n\n<script>bad()</script>')).toBe('Hi & welcome\n\nA bold move.');
  });
});
