// React twin of Badge.astro.
import { Crown } from 'lucide-react';
import type { HTMLAttributes } from 'react';
import { type BadgeVariant, badgeClasses, cx, FEATURED_LABEL } from './classes.ts';

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant };

export function Badge({ variant = 'neutral', className, children, ...rest }: BadgeProps) {
  const featured = variant === 'featured';
  return (
    <span className={cx(badgeClasses(variant), className)} {...rest}>
      {featured && <Crown aria-hidden="true" />}
      {children ?? (featured ? FEATURED_LABEL : null)}
    </span>
  );
}
