// Process entry: an unsupported Node.js is refused with one sentence before any module that reads
// configuration, opens the database or writes a file is loaded; then main.ts starts the server.
import { unsupportedNode } from './runtime';

const refusal = unsupportedNode(process.versions.node);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
await import('./main');
