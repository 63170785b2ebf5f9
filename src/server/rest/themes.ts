// REST: a saved theme's logo upload (POST /api/uploads/theme-logo, the image as the raw body or a
// multipart `file` field, over themes.uploadLogo). The body is read only for plans with saved themes.
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';
import { rest, uploadedBytes } from './adapter';
import { capabilitiesFor } from '../../shared/plans';

export const themesRest = new Hono<AppEnv>().post('/api/uploads/theme-logo', async (c) => {
  const user = c.get('user');
  const bytes = user && capabilitiesFor(user).customThemes ? await uploadedBytes(c.req) : new Uint8Array();
  return rest(c, (api) => api.themes.uploadLogo({ bytes }), { status: 201 });
});
