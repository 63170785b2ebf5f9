import { createFileRoute } from '@tanstack/react-router';
import { EmailTestPage } from '../../features/email-management';

export const Route = createFileRoute('/_app/email-test')({
  component: EmailTestPage,
});
