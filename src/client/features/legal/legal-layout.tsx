import type { ReactNode } from 'react';
import { PublicPage } from '../../components/public-layout';
import { useTitle } from '../../lib/use-title';

export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  useTitle(title);
  return (
    <PublicPage title={title} lead={`Last updated ${updated}`}>
      <div className="space-y-8 text-[15px] leading-7 text-zinc-700 dark:text-zinc-300 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-zinc-900 dark:[&_h2]:text-white [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5">
        {children}
      </div>
    </PublicPage>
  );
}
