// React twin of Skeleton.astro.
import { cx, skeletonClasses } from './classes.ts';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx(skeletonClasses, className)} />;
}
