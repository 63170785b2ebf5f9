// REST: /api/ai-magic/search-channels, /channel-articles, /multi-channel-articles (spec §7), thin
// adapters over the channels and articles procedures.
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';
import { readJson, rest } from './adapter';

export const aiMagicContentRest = new Hono<AppEnv>()
  .post('/ai-magic/search-channels', (c) => rest(c, async (api) => api.channels.search(await readJson(c))))
  .post('/ai-magic/channel-articles', (c) => rest(c, async (api) => api.articles.listForChannel(await readJson(c))))
  .post('/ai-magic/multi-channel-articles', (c) => rest(c, async (api) => api.articles.listForChannels(await readJson(c))));
