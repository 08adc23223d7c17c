// Toasts shared by every island: one at a time (a new one replaces the current), closed after 5 s by the
// Toaster (the timer pauses while the toast is hovered or focused). Spec section 9.
import { atom } from 'nanostores';
import type { ToastVariant } from './classes.ts';

export type { ToastVariant };

/** Auto-close delay (spec: 5000 ms). */
export const TOAST_DURATION = 5000;
/** Swipe distance to the right that dismisses a toast (spec: 50 px). */
export const TOAST_SWIPE_THRESHOLD = 50;
/** Key that moves focus to the notifications region (spec: F8). */
export const TOAST_HOTKEY = 'F8';
/**
 * Elements marked with this attribute stay interactive while a dialog is open (the toast region).
 * Dialog.tsx exports it too.
 */
export const KEEP_INTERACTIVE_ATTRIBUTE = 'data-keep-interactive';

/** A button on the toast ('Desfazer'): runs once, then the toast closes. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; Infinity keeps it until dismissed. */
  duration?: number;
  action?: ToastAction;
}

export interface Toast {
  id: number;
  title?: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  action?: ToastAction;
}

/** The toast on screen, or null. */
export const $toast = atom<Toast | null>(null);

let counter = 0;

/** Show a toast (replacing any other); returns its id and a function that dismisses it. */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  counter += 1;
  const id = counter;
  $toast.set({
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DURATION,
    action: input.action,
  });
  return { id, dismiss: () => dismissToast(id) };
}

/** Close the toast with this id, or whatever toast is showing when no id is given. */
export function dismissToast(id?: number): void {
  const current = $toast.get();
  if (current && (id === undefined || current.id === id)) $toast.set(null);
}
