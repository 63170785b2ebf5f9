import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/legal/privacy-page';
import { pageErrorView } from '../components/error-views';

export const Route = createFileRoute('/privacy')({
  errorComponent: pageErrorView('Privacy Policy'),
  component: PrivacyPage,
});
