import { createFileRoute } from '@tanstack/react-router';
import { DeliveryTestPage } from '../../features/email-management';

export const Route = createFileRoute('/_app/email-delivery-test')({
  component: DeliveryTestPage,
});
