// channels.*: directory search and discovery (spec §7 search-channels) and the user's own channels.
import { z } from 'zod';
import { router, protectedProcedure, costly } from '../trpc/init';
import { channelSchema, searchChannelsInput, searchChannelsResult } from '../../shared/schemas/content';

// The content engine (HTTP client, parsers, encodings) loads on first use: it is not needed to start
// serving, and importing it eagerly costs a noticeable share of the 2 s start-up budget.
const engine = () => import('../feeds/channels');

const address = z.string().trim().min(1, 'Please enter a site or feed address').max(2048);

export const discoverInput = z.object({ url: address, niche: z.string().trim().max(100).optional() });
export const discoverResult = z.object({ success: z.boolean(), data: z.array(channelSchema), message: z.string() });
export const addChannelInput = z.object({ url: address, name: z.string().trim().max(300).optional(), niche: z.string().trim().max(100).optional() });
export const importOpmlInput = z.object({
  opml: z
    .string()
    .min(1, 'The OPML file is empty')
    .max(512 * 1024),
});
export const importOpmlResult = z.object({
  imported: z.number().int(),
  channels: z.array(channelSchema),
  failed: z.array(z.object({ url: z.string(), message: z.string() })),
});

export const channelsRouter = router({
  search: protectedProcedure
    .use(costly('feeds'))
    .input(searchChannelsInput)
    .output(searchChannelsResult)
    .query(async ({ ctx, input }) => (await engine()).searchChannels(ctx, input)),
  discover: protectedProcedure
    .use(costly('feeds'))
    .input(discoverInput)
    .output(discoverResult)
    .query(async ({ ctx, input }) => (await engine()).discoverChannels(ctx, input)),
  listMine: protectedProcedure
    .input(z.void())
    .output(z.array(channelSchema))
    .query(async ({ ctx }) => (await engine()).listMyChannels(ctx)),
  add: protectedProcedure
    .use(costly('feeds'))
    .input(addChannelInput)
    .output(channelSchema)
    .mutation(async ({ ctx, input }) => (await engine()).addChannel(ctx, input)),
  remove: protectedProcedure
    .input(z.object({ id: z.string().min(1).max(100) }))
    .output(z.object({ success: z.boolean() }))
    .mutation(async ({ ctx, input }) => (await engine()).removeChannel(ctx, input)),
  importOpml: protectedProcedure
    .use(costly('feeds'))
    .input(importOpmlInput)
    .output(importOpmlResult)
    .mutation(async ({ ctx, input }) => (await engine()).importOpml(ctx, input)),
  exportOpml: protectedProcedure
    .input(z.void())
    .output(z.object({ opml: z.string() }))
    .query(async ({ ctx }) => (await engine()).exportOpml(ctx)),
});
