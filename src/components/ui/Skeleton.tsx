// React twin of Skeleton.astro.

import type { ReactNode } from 'react';
import { cx, skeletonClasses } from './classes.ts';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx(skeletonClasses, className)} />;
}

/** The placeholder of a part still loading: announced once as 'Carregando', its skeletons hidden. */
export function Loading({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={className} role="status" aria-busy="true" aria-label="Carregando">
      {children}
    </div>
  );
}
