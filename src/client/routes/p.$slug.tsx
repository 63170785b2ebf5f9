import { createFileRoute } from '@tanstack/react-router';
import { SignupPage } from '../features/subscribers';

export const Route = createFileRoute('/p/$slug')({
  component: function PublicationSignup() {
    const { slug } = Route.useParams();
    return <SignupPage slug={slug} />;
  },
});
