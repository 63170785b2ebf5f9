import { describe, expect, it } from 'vitest';
import { markdownToEmailHtml, markdownToSafeHtml, markdownToStyledEmailHtml, markdownToText } from '../../../src/server/markdown';

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

  it('puts a body\'s headings under the mail\'s one h1 without a gap, each keeping its look, and gives an image without words alt=""', () => {
    const levels = (md: string) => [...markdownToEmailHtml(md, 'https://app.example').matchAll(/<(h\d)>/g)].map((m) => m[1]);
    expect(levels("# What's on\n\n#### Saturday\n\n### Sunday")).toEqual(['h2', 'h3', 'h3']);
    expect(levels('### Only a small heading')).toEqual(['h2']);
    expect(levels('## A\n\n### B\n\n#### C')).toEqual(['h2', 'h3', 'h4']);
    const styled = markdownToStyledEmailHtml('## Events\n\n#### Saturday', 'https://app.example', {
      h2: { style: 'font-size:22px' },
      h4: { style: 'font-size:16px' },
    });
    expect(styled).toBe('<h2 style="font-size:22px">Events</h2>\n<h3 style="font-size:16px">Saturday</h3>\n');
    expect(markdownToEmailHtml('<img src="https://img.example/a.png"> and ![A map](https://img.example/b.png)', 'https://app.example')).toBe(
      '<p><img alt="" src="https://img.example/a.png" /> and <img alt="A map" src="https://img.example/b.png" /></p>\n',
    );
  });
});

describe('markdownToText', () => {
  it('gives readable text without markup', () => {
    expect(markdownToText('# Hi & welcome\n\nA <b>bold</b> move.\n\n<script>bad()</script>')).toBe('Hi & welcome\n\nA bold move.');
  });
});
