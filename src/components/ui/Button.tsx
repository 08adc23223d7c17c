// React twin of Button.astro: same classes; renders <a> when href is given.
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, Ref } from 'react';
import { type ButtonStyle, buttonClasses, cx } from './classes.ts';

export type ButtonProps = ButtonStyle &
  (
    | ({ href: string; ref?: Ref<HTMLAnchorElement> } & AnchorHTMLAttributes<HTMLAnchorElement>)
    | ({ href?: undefined; ref?: Ref<HTMLButtonElement> } & ButtonHTMLAttributes<HTMLButtonElement>)
  );

export function Button({ variant, size, block, className, ...props }: ButtonProps) {
  const classes = cx(buttonClasses({ variant, size, block }), className);
  if (props.href !== undefined) {
    return <a {...(props as AnchorHTMLAttributes<HTMLAnchorElement>)} className={classes} />;
  }
  const { type = 'button', ...rest } = props as ButtonHTMLAttributes<HTMLButtonElement>;
  return <button type={type} {...rest} className={classes} />;
}
