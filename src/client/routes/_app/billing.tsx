import { createFileRoute } from '@tanstack/react-router';
import { BillingPage } from '../../features/billing';

// Staff only in the UI (others see the forbidden view); the server refuses billing data to others on its own.
export const Route = createFileRoute('/_app/billing')({
  component: BillingPage,
});
