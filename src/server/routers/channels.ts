// channels.*: directory search and discovery (spec §7 search-channels) and the user's own channels.
import { router, costly } from '../trpc/init';
import { implement } from '../trpc/implement';
import { channelsContract } from '../../shared/schemas/channels';

// The content engine (HTTP client, parsers, encodings) loads on first use: it is not needed to start
// serving, and importing it eagerly costs a noticeable share of the 2 s start-up budget.
const engine = () => import('../feeds/channels');

export const channelsRouter = router(
  implement(channelsContract, {
    search: { use: [costly('feeds')], run: async (ctx, input) => (await engine()).searchChannels(ctx, input) },
    discover: { use: [costly('feeds')], run: async (ctx, input) => (await engine()).discoverChannels(ctx, input) },
    listMine: async (ctx) => (await engine()).listMyChannels(ctx),
    add: { use: [costly('feeds')], run: async (ctx, input) => (await engine()).addChannel(ctx, input) },
    remove: async (ctx, input) => (await engine()).removeChannel(ctx, input),
    importOpml: { use: [costly('feeds')], run: async (ctx, input) => (await engine()).importOpml(ctx, input) },
    exportOpml: async (ctx) => (await engine()).exportOpml(ctx),
  }),
);
