// REST: /api/demo/submit, /api/demo/events and /api/honeypot (spec §7), over the demo.* procedures.
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';
import { readJson, rest } from './adapter';

export const demoRest = new Hono<AppEnv>()
  .post('/demo/submit', (c) => rest(c, async (api) => api.demo.submit(await readJson(c)), { headers: { 'Cache-Control': 'no-store' } }))
  .get('/demo/events', (c) => rest(c, (api) => api.demo.events({ limit: c.req.query('limit') ?? 10 }), { headers: { 'Cache-Control': 'no-store' } }))
  .post('/demo/events', (c) => rest(c, async (api) => api.demo.recordEvent(await readJson(c)), { status: 201 }))
  .get('/honeypot', (c) => rest(c, (api) => api.demo.honeypot(), { headers: { 'Cache-Control': 'no-store' } }));
