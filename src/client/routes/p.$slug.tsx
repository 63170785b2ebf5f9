import { createFileRoute } from '@tanstack/react-router';
import { SignupPage } from '../features/subscribers';
import { pageErrorView } from '../components/error-views';

export const Route = createFileRoute('/p/$slug')({
  errorComponent: pageErrorView('Publication Archive'),
  component: function PublicationSignup() {
    const { slug } = Route.useParams();
    return <SignupPage slug={slug} />;
  },
});
