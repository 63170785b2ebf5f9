// The worker thread that writes the binary exports (PDF, Word, EPUB). Large documents take CPU for
// hundreds of milliseconds; here that time never stalls the event loop that serves requests.
import Piscina from 'piscina';
import type { ExportDoc } from './document';
import { toPdf } from './pdf';
import { toDocx } from './docx';
import { toEpub } from './epub';

export interface ExportTask {
  format: 'pdf' | 'docx' | 'epub';
  doc: ExportDoc;
  id: string;
  /** ISO time of the request (EPUB's modified date). */
  now: string;
}

export default async function run(task: ExportTask) {
  const buf =
    task.format === 'pdf' ? await toPdf(task.doc) : task.format === 'docx' ? await toDocx(task.doc) : await toEpub(task.doc, task.id, new Date(task.now));
  // Transferred, not copied, back to the main thread.
  const bytes = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  return Piscina.move(bytes.byteOffset === 0 && bytes.byteLength === buf.buffer.byteLength ? bytes : bytes.slice());
}
