// The notifications region: shows the toast from toast.store.ts, with its action button ('Desfazer') when
// it has one. Closes after its duration (paused while hovered, focused or while the window is in the
// background), on the × button, on Esc, or when swiped right more than 50 px. F8 moves focus to the
// region (spec section 9).
import { useStore } from '@nanostores/react';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { cx, toast as styles } from './classes.ts';
import {
  $toast,
  dismissToast,
  KEEP_INTERACTIVE_ATTRIBUTE,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD,
  type Toast,
  type ToastAction,
} from './toast.store.ts';

export function Toaster() {
  const current = useStore($toast);
  const viewportRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) {
        event.preventDefault();
        viewportRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section aria-label={`Notificações (${TOAST_HOTKEY})`} {...{ [KEEP_INTERACTIVE_ATTRIBUTE]: '' }}>
      <div ref={viewportRef} tabIndex={-1} aria-live="polite" className={styles.viewport}>
        {current && <ToastItem key={current.id} item={current} />}
      </div>
    </section>
  );
}

function usePausableTimer(item: Toast, paused: boolean) {
  const remaining = useRef(item.duration);
  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismissToast(item.id), Math.max(0, remaining.current));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, item.id]);
}

/** Swiping a toast right by more than TOAST_SWIPE_THRESHOLD dismisses it; vertical moves scroll. */
function useSwipeToDismiss(id: number) {
  const [offset, setOffset] = useState(0);
  const swipe = useRef<{ x: number; y: number; id: number; active: boolean } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as Element).closest('button')) return;
    swipe.current = { x: event.clientX, y: event.clientY, id: event.pointerId, active: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipe.current;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    if (!start.active) {
      // Start swiping only on a mostly horizontal move to the right; vertical moves scroll the page.
      if (Math.abs(event.clientY - start.y) > Math.abs(dx)) {
        swipe.current = null;
        return;
      }
      if (dx < 6) return;
      start.active = true;
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    setOffset(Math.max(0, dx));
  };
  const endSwipe = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start?.active) return;
    if (event.clientX - start.x > TOAST_SWIPE_THRESHOLD) dismissToast(id);
    else setOffset(0);
  };

  const handlers = {
    onPointerDown,
    onPointerMove,
    onPointerUp: endSwipe,
    onPointerCancel: () => {
      swipe.current = null;
      setOffset(0);
    },
  };
  return { offset, handlers };
}

/** The toast's action ('Desfazer'): closes the toast, then runs. */
function ToastActionButton({ id, action }: { id: number; action: ToastAction }) {
  return (
    <button
      type="button"
      className="mt-2 min-h-9 cursor-pointer rounded-control border border-current px-3 text-sm font-semibold"
      onClick={() => {
        dismissToast(id);
        action.onClick();
      }}
    >
      {action.label}
    </button>
  );
}

function ToastItem({ item }: { item: Toast }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [windowBlurred, setWindowBlurred] = useState(false);
  const { offset, handlers } = useSwipeToDismiss(item.id);

  useEffect(() => {
    const onBlur = () => setWindowBlurred(true);
    const onFocus = () => setWindowBlurred(false);
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
    };
  }, []);

  usePausableTimer(item, hovered || focused || windowBlurred || offset > 0);

  const Icon = item.variant === 'success' ? CircleCheck : item.variant === 'destructive' ? CircleAlert : null;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: role is status or alert; the handlers pause, swipe and Esc-dismiss.
    <div
      role={item.variant === 'destructive' ? 'alert' : 'status'}
      aria-atomic="true"
      className={cx(styles.item, styles.variants[item.variant])}
      style={
        offset > 0
          ? {
              transform: `translateX(${offset}px)`,
              opacity: Math.max(0.2, 1 - offset / 200),
              transition: 'none',
            }
          : undefined
      }
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Handled here: an open dialog must not close too.
        event.preventDefault();
        dismissToast(item.id);
      }}
      {...handlers}
    >
      {Icon && (
        <Icon aria-hidden="true" className={cx('mt-0.5 size-5 shrink-0', styles.icon[item.variant])} />
      )}
      <div className="min-w-0 flex-1">
        {item.title && <p className={styles.title}>{item.title}</p>}
        {item.description && <p className={styles.description[item.variant]}>{item.description}</p>}
        {item.action && <ToastActionButton id={item.id} action={item.action} />}
      </div>
      <button
        type="button"
        className={styles.close[item.variant]}
        onClick={() => dismissToast(item.id)}
        aria-label="Fechar notificação"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

export default Toaster;
