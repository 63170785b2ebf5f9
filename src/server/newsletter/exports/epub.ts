// EPUB 3 export with jszip: 'mimetype' first and stored uncompressed, META-INF/container.xml, a package
// document, the XHTML content and a navigation document (plus toc.ncx for older readers).
import JSZip from 'jszip';
import type { ExportDoc } from './document';
import { escapeXml as x } from '../../xml';

/** Readable text as XHTML paragraphs (a text block, a sign-off), each line kept. */
function paragraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${p.split('\n').map(x).join('<br/>')}</p>`)
    .join('');
}

function contentXhtml(doc: ExportDoc): string {
  const blocks = (i: number) =>
    (doc.issue?.blocks ?? [])
      .filter((b) => b.afterIndex === i)
      .map((b) => `<div class="block">${paragraphs(b.text)}</div>`)
      .join('');
  const items = doc.articles.length
    ? (doc.issue?.intro ? `<p>${x(doc.issue.intro)}</p>\n` : '') +
      blocks(-1) +
      doc.articles
        .map(
          (a, i) =>
            `<section id="a${i + 1}"><h2>${a.url ? `<a href="${x(a.url)}">${x(a.title)}</a>` : x(a.title)}</h2><p>${x(a.summary)}</p><p class="meta">${x([a.source, a.date, a.readTime ? `${a.readTime} read` : ''].filter(Boolean).join(' · '))}</p></section>${blocks(i)}`,
        )
        .join('\n') +
      (doc.issue?.signOff ? `\n${paragraphs(doc.issue.signOff)}` : '')
    : doc.text
        .split(/\n{2,}/)
        .map((p) => `<p>${x(p)}</p>`)
        .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en" xml:lang="en">
<head><title>${x(doc.title)}</title><style>body{font-family:serif;line-height:1.5}.meta{color:#666;font-size:.85em}</style></head>
<body><h1>${x(doc.title)}</h1><p class="meta">${x(doc.date)}</p>
${items}
</body></html>`;
}

function navXhtml(doc: ExportDoc): string {
  const entries = doc.articles.length
    ? doc.articles.map((a, i) => `<li><a href="content.xhtml#a${i + 1}">${x(a.title)}</a></li>`).join('')
    : `<li><a href="content.xhtml">${x(doc.title)}</a></li>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en" xml:lang="en">
<head><title>Contents</title></head>
<body><nav epub:type="toc" id="toc"><h1>Contents</h1><ol>${entries}</ol></nav></body></html>`;
}

function packageOpf(doc: ExportDoc, id: string, modified: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="en">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="uid">urn:curated:newsletter:${id}</dc:identifier>
    <dc:title>${x(doc.title)}</dc:title>
    <dc:language>en</dc:language>
    <dc:creator>Curated</dc:creator>
    <dc:date>${doc.isoDate}</dc:date>
    <meta property="dcterms:modified">${modified}</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="content" href="content.xhtml" media-type="application/xhtml+xml"/>
    <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
  </manifest>
  <spine toc="ncx"><itemref idref="content"/></spine>
</package>`;
}

function tocNcx(doc: ExportDoc, id: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
  <head><meta name="dtb:uid" content="urn:curated:newsletter:${id}"/></head>
  <docTitle><text>${x(doc.title)}</text></docTitle>
  <navMap><navPoint id="p1" playOrder="1"><navLabel><text>${x(doc.title)}</text></navLabel><content src="content.xhtml"/></navPoint></navMap>
</ncx>`;
}

const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`;

export function toEpub(doc: ExportDoc, id: string, now: Date): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('mimetype', 'application/epub+zip', { compression: 'STORE' });
  zip.file('META-INF/container.xml', CONTAINER);
  zip.file('OEBPS/content.opf', packageOpf(doc, id, now.toISOString().replace(/\.\d{3}Z$/, 'Z')));
  zip.file('OEBPS/nav.xhtml', navXhtml(doc));
  zip.file('OEBPS/toc.ncx', tocNcx(doc, id));
  zip.file('OEBPS/content.xhtml', contentXhtml(doc));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', mimeType: 'application/epub+zip' });
}
