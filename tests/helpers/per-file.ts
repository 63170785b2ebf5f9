// Vitest setup file of the server suites: runs before each test file, also when a worker's files share
// one module graph (isolate: false). After the file, every harness it opened is ended and its database
// closed, so the next file starts with no timers, listeners or connections of this one.
import { afterAll } from 'vitest';
import { closeTestDatabases } from './test-database';

afterAll(closeTestDatabases);
