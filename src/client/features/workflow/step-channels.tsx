// Step 3 'Select Content Channels' (spec §2, §4, §5): search, add by address, the user's own channels,
// and the selection capped by the plan's limit. Passing the limit shows the spec's toast and opens the
// upgrade dialog; the server enforces the same limit and a refusal undoes the pick.
import { useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../trpc';
import { toast } from '../../components/ui/toast-store';
import { MSG } from '../../../shared/messages';
import { channelLimitFor, effectivePlan } from '../../../shared/plans';
import type { Channel } from '../../../shared/schemas/content';
import type { UserDtoShape } from '../../../shared/schemas/user';
import { AddChannel, ChannelCard, ChannelSearch, SelectedChannels } from '../channels';
import type { Workflow } from './use-workflow';
import { StepNav } from './step-nav';
import { channelArticlesQuery } from './article-queries';

/** Spec §2: the page switcher is for admin, professional and enterprise. */
function canPage(user: UserDtoShape) {
  const plan = effectivePlan(user);
  return user.isAdmin || plan === 'professional' || plan === 'enterprise';
}

export function ChannelStep({ wf, user, onUpgrade }: { wf: Workflow; user: UserDtoShape; onUpgrade: () => void }) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const mine = trpc.channels.listMine.useQuery();
  const limit = channelLimitFor(user);
  const selected = wf.data.selectedChannels;
  const atLimit = selected.length >= limit;
  const isSelected = (c: Channel) => selected.some((s) => s.url === c.url);

  const limitReached = () => {
    toast({ title: MSG.channelLimitTitle, description: MSG.channelLimit(limit), variant: 'destructive' });
    onUpgrade();
  };

  const remove = (c: Channel) =>
    void wf.change((current) => ({
      selectedChannels: current.selectedChannels.filter((s) => s.url !== c.url),
      // Articles picked from a removed channel go with it.
      selectedArticles: current.selectedArticles.filter((a) => a.channelUrl !== c.url),
    }));

  const toggle = (c: Channel) => {
    const current = wf.current().data.selectedChannels;
    if (current.some((s) => s.url === c.url)) return remove(c);
    if (current.length >= limit) return limitReached();
    // Its articles are fetched once the server has accepted the pick.
    void wf.change({ selectedChannels: [...current, c] }).then((ok) => {
      if (ok) void queryClient.prefetchQuery(channelArticlesQuery(utils.client, c, null));
    });
  };

  const own = (mine.data ?? []).filter((c) => !isSelected(c));

  return (
    <div>
      <p className="mb-5 text-sm text-muted">Channels are the feeds your articles come from. Find them by topic, or add any site you trust.</p>
      <div className="grid grid-cols-1 gap-6">
        <div className="grid grid-cols-1 gap-4 @3xl:grid-cols-2">
          <SelectedChannels channels={selected} limit={limit} showAllowance={!user.isAdmin} onRemove={remove} />
          <AddChannel canAdd={!atLimit} onLimit={limitReached} onAdded={(c) => !wf.current().data.selectedChannels.some((s) => s.url === c.url) && toggle(c)} />
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <ChannelSearch
            initialTopic={wf.data.searchTopic}
            canPage={canPage(user)}
            isSelected={isSelected}
            atLimit={atLimit}
            onToggle={toggle}
            onSearched={(topic) => void wf.change({ searchTopic: topic, topic })}
          />
          {own.length > 0 && (
            <section aria-labelledby="my-channels-title">
              <h3 id="my-channels-title" className="mb-3 font-semibold text-zinc-900 dark:text-zinc-100">
                Your channels
              </h3>
              <ul className="grid grid-cols-1 gap-3 @xl:grid-cols-2 @4xl:grid-cols-3" aria-label="Your channels">
                {own.map((c) => (
                  <ChannelCard key={c.id} channel={c} selected={false} locked={atLimit} onToggle={() => toggle(c)} />
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
      <StepNav wf={wf} hint="Select at least one channel to continue." />
    </div>
  );
}
