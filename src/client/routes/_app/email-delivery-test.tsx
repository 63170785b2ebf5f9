import { createFileRoute } from '@tanstack/react-router';
import { DeliveryTestPage } from '../../features/email-management';
import { pageErrorView } from '../../components/error-views';

export const Route = createFileRoute('/_app/email-delivery-test')({
  errorComponent: pageErrorView('Email Delivery Test'),
  component: DeliveryTestPage,
});
