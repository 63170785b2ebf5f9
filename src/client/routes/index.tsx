import { createFileRoute } from '@tanstack/react-router';
import { redirectIfSignedIn } from '../features/auth/session';
import { LandingPage } from '../features/landing/landing-page';
import { pageErrorView } from '../components/error-views';

export const Route = createFileRoute('/')({
  errorComponent: pageErrorView('Home'),
  beforeLoad: ({ context }) => redirectIfSignedIn(context.trpc),
  component: LandingPage,
});
