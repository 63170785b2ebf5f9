// Team collaboration: REST paths under /api/team, thin adapters over team.* (same permissions, same messages).
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';
import { readJson, rest, withFields } from './adapter';

const body = async (c: Parameters<typeof readJson>[0]) => (await readJson(c)) ?? {};

export const teamRest = new Hono<AppEnv>()
  .get('/api/team', (c) => rest(c, (api) => api.team.overview()))
  .patch('/api/team', (c) => rest(c, async (api) => api.team.rename(await body(c))))
  .post('/api/team/invitations', (c) => rest(c, async (api) => api.team.invite(await body(c)), { status: 201 }))
  .post('/api/team/invitations/:id/resend', (c) => rest(c, (api) => api.team.resend({ id: c.req.param('id') })))
  .delete('/api/team/invitations/:id', (c) => rest(c, (api) => api.team.revoke({ id: c.req.param('id') })))
  .get('/api/team/join', (c) => rest(c, (api) => api.team.invitation({ token: c.req.query('token') ?? '' })))
  .post('/api/team/join', (c) => rest(c, async (api) => api.team.accept(await body(c))))
  .patch('/api/team/members/:userId', (c) => rest(c, async (api) => api.team.setRole(withFields(await readJson(c), { userId: c.req.param('userId') }))))
  .delete('/api/team/members/:userId', (c) => rest(c, (api) => api.team.remove({ userId: c.req.param('userId') })))
  .post('/api/team/leave', (c) => rest(c, async (api) => api.team.leave(await body(c))))
  .put('/api/team/publications/:id', (c) => rest(c, (api) => api.team.share({ publicationId: c.req.param('id') })))
  .delete('/api/team/publications/:id', (c) => rest(c, (api) => api.team.unshare({ publicationId: c.req.param('id') })));
