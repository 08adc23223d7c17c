// React twin of Card.astro.
import type { HTMLAttributes } from 'react';
import { type CardStyle, cardClasses, cx } from './classes.ts';

export type CardProps = CardStyle &
  HTMLAttributes<HTMLElement> & { as?: 'div' | 'article' | 'section' | 'li' | 'aside' };

export function Card({ as: Tag = 'div', padding, interactive, className, ...rest }: CardProps) {
  return <Tag className={cx(cardClasses({ padding, interactive }), className)} {...rest} />;
}
