// What login-only islands share while the session is unknown (pages are static: it is known only after
// GET /api/user): where to come back after logging in, and the spinner shown meanwhile.

/** localStorage key (spec section 3) read by /auth after a successful login; the plans page sets it too. */
export const REDIRECT_AFTER_LOGIN_KEY = 'redirectAfterLogin';

/** A centred spinner with an accessible label. */
export function SessionSpinner({ label = 'Carregando…' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] items-center justify-center">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
