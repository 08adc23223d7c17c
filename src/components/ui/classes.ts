// Class strings of the UI kit, written once and shared by the .astro components and their .tsx twins.
// Keep every class literal whole: Tailwind finds classes by scanning source text.
import { clsx } from 'clsx';

export type ClassValue = string | false | null | undefined;

/** Join class names, skipping empty values. */
export function cx(...values: ClassValue[]): string {
  return clsx(values);
}

// --- Button -----------------------------------------------------------------------------------

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const BUTTON_BASE =
  'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-control font-semibold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:size-5 [&_svg]:shrink-0';

const BUTTON_VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-card hover:bg-brand-800 active:bg-brand-900',
  secondary:
    'border border-neutral-300 bg-white text-neutral-900 shadow-card hover:border-neutral-400 hover:bg-neutral-50 active:bg-neutral-100',
  ghost: 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 active:bg-neutral-200',
  danger: 'bg-red-700 text-white shadow-card hover:bg-red-800 active:bg-red-900',
};

// Every size keeps a 44 px minimum touch target.
const BUTTON_SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-11 px-3 text-sm',
  md: 'min-h-11 px-4 text-[0.9375rem]',
  lg: 'min-h-12 px-6 text-base',
  icon: 'size-11',
};

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width. */
  block?: boolean;
}

/** Classes of a button or a link styled as one. */
export function buttonClasses({ variant = 'primary', size = 'md', block = false }: ButtonStyle = {}): string {
  return cx(BUTTON_BASE, BUTTON_VARIANTS[variant], BUTTON_SIZES[size], block && 'w-full');
}

// --- Form fields ------------------------------------------------------------------------------

/** Text inputs, text areas and selects. 16 px text: iOS Safari zooms into a field with smaller text. */
export const inputClasses =
  'block w-full min-h-11 rounded-control border border-neutral-300 bg-white px-3 py-2 text-base text-neutral-900 shadow-xs placeholder:text-neutral-500 focus:border-brand-700 focus:outline-2 focus:outline-offset-0 focus:outline-brand-700 disabled:bg-neutral-100 aria-invalid:border-red-600';

export const field = {
  root: 'flex flex-col gap-1.5',
  label: 'text-sm font-medium text-neutral-800',
  required: 'text-red-700',
  hint: 'text-xs text-neutral-600',
  error: 'text-sm font-medium text-red-700',
} as const;

// --- Card -------------------------------------------------------------------------------------

export type CardPadding = 'none' | 'sm' | 'md' | 'lg';

const CARD_PADDING: Record<CardPadding, string> = {
  none: '',
  sm: 'p-3',
  md: 'p-4 sm:p-5',
  lg: 'p-5 sm:p-8',
};

export interface CardStyle {
  padding?: CardPadding;
  /** Hover and focus-within lift, for cards that are (or contain) one big link. */
  interactive?: boolean;
}

/** Classes of a card surface. */
export function cardClasses({ padding = 'md', interactive = false }: CardStyle = {}): string {
  return cx(
    'rounded-card border border-neutral-200 bg-white shadow-card',
    CARD_PADDING[padding],
    interactive && 'transition hover:border-neutral-300 hover:shadow-raised focus-within:shadow-raised',
  );
}

// --- Badge ------------------------------------------------------------------------------------

/** green/blue/yellow/red/grey are the order-status colours; featured is 'Grupo Destaque'. */
export type BadgeVariant =
  | 'neutral'
  | 'brand'
  | 'featured'
  | 'green'
  | 'blue'
  | 'yellow'
  | 'red'
  | 'grey'
  | 'outline';

const BADGE_VARIANTS: Record<BadgeVariant, string> = {
  neutral: 'border-neutral-200 bg-neutral-100 text-neutral-800',
  brand: 'border-brand-200 bg-brand-50 text-brand-800',
  featured: 'border-gold-200 bg-gold-50 text-gold-800 [&_svg]:fill-gold-500 [&_svg]:text-gold-500',
  green: 'border-green-200 bg-green-50 text-green-800',
  blue: 'border-blue-200 bg-blue-50 text-blue-800',
  yellow: 'border-amber-200 bg-amber-50 text-amber-800',
  red: 'border-red-200 bg-red-50 text-red-800',
  grey: 'border-neutral-200 bg-neutral-100 text-neutral-700',
  outline: 'border-neutral-300 bg-white text-neutral-700',
};

/** Classes of a badge (pill label). */
export function badgeClasses(variant: BadgeVariant = 'neutral'): string {
  return cx(
    'inline-flex max-w-full items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs leading-5 font-semibold whitespace-nowrap [&_svg]:size-3.5 [&_svg]:shrink-0',
    BADGE_VARIANTS[variant],
  );
}

/** Text of the featured badge (spec: 'Grupo Destaque'): a featuring an admin chose. */
export const FEATURED_LABEL = 'Grupo Destaque';
/** A featuring someone paid for is advertising and says so on the card (CDC art. 36, #41 item 3). */
export const PAID_FEATURED_LABEL = 'Destaque pago';

// --- Skeleton, empty state, dialog, toast -----------------------------------------------------

export const skeletonClasses = 'animate-pulse rounded-lg bg-neutral-200/80';

export const emptyState = {
  root: 'flex flex-col items-center rounded-card border border-dashed border-neutral-300 bg-white px-6 py-10 text-center sm:py-14',
  icon: 'mb-4 grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700 [&_svg]:size-7',
  title: 'text-lg font-semibold text-neutral-900',
  text: 'mt-1 max-w-md text-neutral-600',
  action: 'mt-6',
} as const;

export type DialogSize = 'md' | 'lg' | 'xl';

export const dialog = {
  sizes: { md: 'sm:max-w-lg', lg: 'sm:max-w-xl', xl: 'sm:max-w-3xl' } satisfies Record<DialogSize, string>,
  root: 'fixed inset-0 z-50 flex items-end justify-center bg-neutral-950/50 sm:items-center sm:p-4',
  panel:
    'relative max-h-[90dvh] w-full overflow-y-auto rounded-t-card bg-white p-5 text-neutral-900 shadow-overlay sm:rounded-card sm:p-6',
  header: 'mb-4 pr-10',
  title: 'text-lg font-semibold text-neutral-900',
  description: 'mt-1 text-sm text-neutral-600',
  close:
    'absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-full text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 [&_svg]:size-5',
  // Sticky: in a dialog taller than the window the actions stay in view while the body scrolls. Chromium
  // sticks it inside the panel's padding, so bottom-0 left a strip of scrolled form showing under it.
  footer:
    'sticky -bottom-5 -mx-5 -mb-5 mt-6 flex flex-col-reverse gap-2 border-t border-neutral-100 bg-white px-5 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:flex-row sm:justify-end sm:px-6',
} as const;

export type ToastVariant = 'default' | 'destructive' | 'success';

export const toast = {
  viewport:
    'pointer-events-none fixed inset-x-0 bottom-0 z-60 flex flex-col items-center gap-2 p-3 outline-none sm:inset-x-auto sm:right-0 sm:items-end sm:p-6',
  item: 'pointer-events-auto relative flex w-full max-w-md touch-pan-y items-start gap-3 rounded-card border p-4 pr-12 shadow-overlay animate-toast-in',
  variants: {
    default: 'border-neutral-200 bg-white text-neutral-900',
    destructive: 'border-red-800 bg-red-700 text-white',
    success: 'border-brand-200 bg-white text-neutral-900',
  } satisfies Record<ToastVariant, string>,
  icon: {
    default: 'text-neutral-500',
    destructive: 'text-white',
    success: 'text-brand-700',
  } satisfies Record<ToastVariant, string>,
  title: 'text-sm font-semibold',
  description: {
    default: 'mt-0.5 text-sm text-neutral-600',
    destructive: 'mt-0.5 text-sm text-red-50',
    success: 'mt-0.5 text-sm text-neutral-600',
  } satisfies Record<ToastVariant, string>,
  close: {
    default:
      'absolute top-1.5 right-1.5 inline-flex size-11 items-center justify-center rounded-full text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900',
    destructive:
      'absolute top-1.5 right-1.5 inline-flex size-11 items-center justify-center rounded-full text-red-50 hover:bg-red-800 hover:text-white focus-visible:outline-white',
    success:
      'absolute top-1.5 right-1.5 inline-flex size-11 items-center justify-center rounded-full text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900',
  } satisfies Record<ToastVariant, string>,
} as const;
