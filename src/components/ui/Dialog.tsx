// Accessible modal dialog, controlled by open/onOpenChange. Rendered in a portal on <body>; while open the
// rest of the page is inert except the toast region (a toast raised from a dialog, e.g. 'Link copiado!',
// must stay visible, clickable and announced). Focus moves inside on open, Tab and Shift+Tab cycle within,
// Esc and a click on the backdrop close it, and focus returns to what had it before.
import { X } from 'lucide-react';
import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
} from 'react';
import { createPortal } from 'react-dom';
import { cx, type DialogSize, dialog } from './classes.ts';
import { KEEP_INTERACTIVE_ATTRIBUTE } from './toast.store.ts';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Visible title; it also names the dialog (aria-labelledby). */
  title: ReactNode;
  /** Optional text under the title (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** Actions row at the bottom (buttons). */
  footer?: ReactNode;
  /** What receives focus on open; default the first focusable element, else the panel. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Accessible name of the × button. */
  closeLabel?: string;
  /** Width from 640 px: 'md' (32rem, the default), 'lg' (36rem, forms), 'xl' (48rem, two columns). */
  size?: DialogSize;
  /** Extra classes for the panel (not its width: two max-width classes compete, and the default won). */
  className?: string;
}

// Defined beside the toast store so that the Toaster, on every page with islands, does not load this
// component's chunk just for the name of the attribute.
export { KEEP_INTERACTIVE_ATTRIBUTE };

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

function focusables(container: HTMLElement | null): HTMLElement[] {
  if (!container) return [];
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.getClientRects().length > 0,
  );
}

/** Make every other child of <body> inert; returns the undo. */
function isolate(keep: HTMLElement): () => void {
  const changed: HTMLElement[] = [];
  for (const child of Array.from(document.body.children)) {
    if (!(child instanceof HTMLElement) || child === keep || child.inert) continue;
    if (
      child.hasAttribute(KEEP_INTERACTIVE_ATTRIBUTE) ||
      child.querySelector(`[${KEEP_INTERACTIVE_ATTRIBUTE}]`)
    ) {
      continue;
    }
    child.inert = true;
    changed.push(child);
  }
  return () => {
    for (const child of changed) child.inert = false;
  };
}

/** Tab and Shift+Tab go round the panel's focusable elements, never out of the dialog. */
function trapTab(event: KeyboardEvent<HTMLDivElement>, panel: HTMLDivElement | null) {
  if (event.key !== 'Tab') return;
  const items = focusables(panel);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    panel?.focus();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * While open: the rest of the page inert and unscrolled, focus inside (on `initialFocus` or the first
 * focusable element), Esc anywhere closes; on close, focus goes back where it was.
 */
function useModal(
  open: boolean,
  rootRef: RefObject<HTMLDivElement | null>,
  panelRef: RefObject<HTMLDivElement | null>,
  initialFocus: DialogProps['initialFocus'],
  onOpenChangeRef: RefObject<(open: boolean) => void>,
) {
  useEffect(() => {
    if (!open) return;
    const root = rootRef.current;
    const panel = panelRef.current;
    if (!root || !panel) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const restore = isolate(root);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    (initialFocus?.current ?? focusables(panel)[0] ?? panel).focus();
    // Esc anywhere (focus may sit in the toast region) closes the dialog.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        onOpenChangeRef.current(false);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      restore();
      if (previous?.isConnected) previous.focus();
    };
  }, [open, initialFocus, rootRef, panelRef, onOpenChangeRef]);
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  initialFocus,
  closeLabel = 'Fechar',
  size = 'md',
  className,
}: DialogProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const pressedBackdrop = useRef(false);
  const onOpenChangeRef = useRef(onOpenChange);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    onOpenChangeRef.current = onOpenChange;
  });

  useModal(open, rootRef, panelRef, initialFocus, onOpenChangeRef);

  if (!open || typeof document === 'undefined') return null;

  const close = () => onOpenChange(false);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => trapTab(event, panelRef.current);

  // Close on a click that both started and ended on the backdrop (not a text selection dragged out).
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pressedBackdrop.current = event.target === event.currentTarget;
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (pressedBackdrop.current && event.target === event.currentTarget) close();
    pressedBackdrop.current = false;
  };

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop click is a mouse shortcut; Esc and the × button are the accessible ways out.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Esc (handled on the document) is the keyboard equivalent.
    <div ref={rootRef} className={dialog.root} onPointerDown={onPointerDown} onClick={onClick}>
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cx(dialog.panel, dialog.sizes[size], className)}
        onKeyDown={onKeyDown}
      >
        <div className={dialog.header}>
          <h2 id={titleId} className={dialog.title}>
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className={dialog.description}>
              {description}
            </p>
          )}
        </div>
        {children}
        {footer && (
          <div className={dialog.footer} data-dialog-footer>
            {footer}
          </div>
        )}
        <button type="button" className={dialog.close} onClick={close} aria-label={closeLabel}>
          <X aria-hidden="true" />
        </button>
      </div>
    </div>,
    document.body,
  );
}
