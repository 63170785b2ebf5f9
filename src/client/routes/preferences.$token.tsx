import { createFileRoute } from '@tanstack/react-router';
import { PreferencesPage } from '../features/preferences';
import { pageErrorView } from '../components/error-views';

export const Route = createFileRoute('/preferences/$token')({
  errorComponent: pageErrorView('Preferences'),
  component: function Preferences() {
    const { token } = Route.useParams();
    return <PreferencesPage token={token} />;
  },
});
