// React twin of EmptyState.astro.
import type { LucideIcon } from 'lucide-react';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx, emptyState } from './classes.ts';

export interface EmptyStateProps {
  title: string;
  text?: ReactNode;
  icon?: LucideIcon;
  /** Heading level of the title (default 2). */
  level?: 2 | 3 | 4;
  /** A Button (or anything) shown under the text. */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({
  title,
  text,
  icon: Icon = Inbox,
  level = 2,
  action,
  className,
}: EmptyStateProps) {
  const Heading = `h${level}` as 'h2' | 'h3' | 'h4';
  return (
    <div className={cx(emptyState.root, className)}>
      <span className={emptyState.icon}>
        <Icon aria-hidden="true" />
      </span>
      <Heading className={emptyState.title}>{title}</Heading>
      {text && <p className={emptyState.text}>{text}</p>}
      {action && <div className={emptyState.action}>{action}</div>}
    </div>
  );
}
