import { createFileRoute } from '@tanstack/react-router';
import { EmailTestPage } from '../../features/email-management';
import { pageErrorView } from '../../components/error-views';

export const Route = createFileRoute('/_app/email-test')({
  errorComponent: pageErrorView('Email Test'),
  component: EmailTestPage,
});
