// /integrations: connect e-mail platforms by API key, publish saved newsletters to them, copy for
// Substack, and the campaigns published so far with their figures.
import { PageHeader } from '../../components/page-header';
import { ListError } from '../../components/ui/list-states';
import { PageSpinner } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { MSG } from '../../../shared/messages';
import { trpc } from '../../trpc';
import { LOADED } from '../../lib/page-data';
import { PlatformCard } from './platform-card';
import { PublishPanel } from './publish-panel';
import { SubstackCard } from './substack-card';
import { PublicationsTable } from './publications-table';

export function IntegrationsPage() {
  const q = trpc.integrations.overview.useQuery(undefined, LOADED);
  return (
    <>
      <PageHeader title="Integrations" description="Connect your e-mail platforms with an API key and publish your saved newsletters to them as campaigns." />
      {q.isError ? (
        <ListError message={errorMessage(q.error, MSG.pageErrorBody)} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <PageSpinner />
      ) : (
        <div className="space-y-8">
          <section aria-label="Email platforms" className="grid gap-5 md:grid-cols-2">
            {q.data.platforms.map((p) => (
              <PlatformCard key={p.id} platform={p} />
            ))}
            <SubstackCard />
          </section>
          <PublishPanel platforms={q.data.platforms} />
          <PublicationsTable publications={q.data.publications} />
        </div>
      )}
    </>
  );
}
