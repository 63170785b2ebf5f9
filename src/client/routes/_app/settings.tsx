import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../features/settings/settings-page';
import { pageErrorView } from '../../components/error-views';

export const Route = createFileRoute('/_app/settings')({
  errorComponent: pageErrorView('Settings'),
  component: SettingsPage,
});
