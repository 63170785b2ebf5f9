// Pieces shared by /quick-start-guide and /help: the page frame with Back to Home, and the FAQ
// accordion (one answer open at a time, the open one closes on a second click).
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { PublicLayout } from '../../components/public-layout';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../components/ui/accordion';
import { buttonClass } from '../../components/ui/button';
import { useTitle } from '../../lib/use-title';
import type { FaqEntry } from './faq-data';

export function HelpShell({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  useTitle(title);
  return (
    <PublicLayout>
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
        <Link to="/" className={buttonClass('ghost', 'sm', '-ml-3')}>
          <ArrowLeft aria-hidden /> Back to Home
        </Link>
        <h1 className="mt-6 text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-3 max-w-2xl text-lg text-muted">{lead}</p>
        <div className="mt-10 space-y-12">{children}</div>
      </div>
    </PublicLayout>
  );
}

export function SectionHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-xl font-semibold tracking-tight text-zinc-900 sm:text-2xl dark:text-white">
      {children}
    </h2>
  );
}

export function Card({ className = '', children }: { className?: string; children: ReactNode }) {
  return <div className={`rounded-2xl border border-zinc-200 bg-white p-6 shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60 ${className}`}>{children}</div>;
}

export function FaqSection({ id, title, items }: { id: string; title: string; items: readonly FaqEntry[] }) {
  return (
    <section aria-labelledby={id}>
      <SectionHeading id={id}>{title}</SectionHeading>
      <Card className="mt-4 py-1 sm:py-2">
        <Accordion type="single" collapsible>
          {items.map((item, i) => (
            <AccordionItem key={item.question} value={`${id}-${i}`} className="last:border-b-0">
              <AccordionTrigger className="text-[15px]">{item.question}</AccordionTrigger>
              <AccordionContent className="leading-6">{item.answer}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </Card>
    </section>
  );
}
