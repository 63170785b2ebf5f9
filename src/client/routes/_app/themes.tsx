import { createFileRoute } from '@tanstack/react-router';
import { ThemesPage } from '../../features/themes/themes-page';
import { pageErrorView } from '../../components/error-views';
import { ensurePageData } from '../../lib/page-data';

// The creator's saved themes and the theme builder (plans with saved themes; others see the upgrade notice).
export const Route = createFileRoute('/_app/themes')({
  errorComponent: pageErrorView('Your themes'),
  loader: ({ context }) =>
    Promise.all([
      ensurePageData(context.queryClient, context.trpc.themes.mine.queryOptions(undefined)),
      ensurePageData(context.queryClient, context.trpc.themes.list.queryOptions(undefined)),
    ]),
  component: ThemesPage,
});
