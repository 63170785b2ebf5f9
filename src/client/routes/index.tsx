import { createFileRoute } from '@tanstack/react-router';
import { redirectIfSignedIn } from '../features/auth/session';
import { LandingPage } from '../features/landing/landing-page';

export const Route = createFileRoute('/')({
  beforeLoad: ({ context }) => redirectIfSignedIn(context.trpc),
  component: LandingPage,
});
