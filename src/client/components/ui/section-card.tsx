// A titled card: a heading, an optional line under it, an optional icon before the title and something at the
// title's right (a badge, a count, a button), then its content. Given a titleId it is a region named by its title,
// so that screen-reader users can jump between the cards of a page.
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

interface SectionCardProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title: ReactNode;
  /** The heading's id; the card becomes a region labelled by it. */
  titleId?: string;
  description?: ReactNode;
  /** Shown before the title (an icon or its tile). */
  icon?: ReactNode;
  /** Shown at the title's right. */
  action?: ReactNode;
  headerClassName?: string;
  titleClassName?: string;
  /** Classes of the content box; `bare` puts the children straight into the card (a table, a list with its own padding). */
  contentClassName?: string;
  bare?: boolean;
  footer?: ReactNode;
  footerClassName?: string;
}

export function SectionCard({
  title,
  titleId,
  description,
  icon,
  action,
  headerClassName,
  titleClassName,
  contentClassName,
  bare = false,
  footer,
  footerClassName,
  children,
  ...props
}: SectionCardProps) {
  const heading = (
    <CardTitle id={titleId} className={cn(icon !== undefined && 'flex-1', titleClassName)}>
      {title}
    </CardTitle>
  );
  const row = icon !== undefined || action !== undefined;
  return (
    <Card role={titleId ? 'region' : undefined} aria-labelledby={titleId} {...props}>
      <CardHeader className={headerClassName}>
        {row ? (
          <div className={cn('flex gap-3', action !== undefined ? 'items-start justify-between' : 'items-center')}>
            {icon}
            {heading}
            {action}
          </div>
        ) : (
          heading
        )}
        {description !== undefined && <CardDescription className={row ? 'mt-1' : undefined}>{description}</CardDescription>}
      </CardHeader>
      {bare ? children : children !== undefined && <CardContent className={contentClassName}>{children}</CardContent>}
      {footer !== undefined && <CardFooter className={footerClassName}>{footer}</CardFooter>}
    </Card>
  );
}
