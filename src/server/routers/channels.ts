// channels.*: directory search and discovery (spec §7 search-channels) and the user's own channels.
import { z } from 'zod';
import { router, protectedProcedure, costly } from '../trpc/init';
import {
  addChannelInput,
  channelIdInput,
  channelSchema,
  discoverInput,
  discoverResult,
  importOpmlInput,
  importOpmlResult,
  opmlFile,
  searchChannelsInput,
  searchChannelsResult,
} from '../../shared/schemas/content';
import { successResult } from '../../shared/schemas/common';

// The content engine (HTTP client, parsers, encodings) loads on first use: it is not needed to start
// serving, and importing it eagerly costs a noticeable share of the 2 s start-up budget.
const engine = () => import('../feeds/channels');

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
    .input(channelIdInput)
    .output(successResult)
    .mutation(async ({ ctx, input }) => (await engine()).removeChannel(ctx, input)),
  importOpml: protectedProcedure
    .use(costly('feeds'))
    .input(importOpmlInput)
    .output(importOpmlResult)
    .mutation(async ({ ctx, input }) => (await engine()).importOpml(ctx, input)),
  exportOpml: protectedProcedure
    .input(z.void())
    .output(opmlFile)
    .query(async ({ ctx }) => (await engine()).exportOpml(ctx)),
});
