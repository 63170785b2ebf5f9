// A page that belongs to one publication, opened without one: its heading, and the way to the
// publications list.
import { Link } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import { PageHeader } from './page-header';
import { buttonClass } from './ui/button';
import { EmptyState } from './ui/list-states';

export function ChoosePublication({ title, icon, body }: { title: string; icon: LucideIcon; body: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState icon={icon} title="Choose a publication" body={body}>
        <Link to="/publications" className={buttonClass('primary')}>
          Go to publications
        </Link>
      </EmptyState>
    </>
  );
}
