// The browser's side of following a group sent without an account: /enviar keeps the submission's
// token, the panel sends it once the person is logged in (follow.server.ts), then forgets it.
const FOLLOW_KEY = 'followSubmission';

export interface PendingFollow {
  id: string;
  token: string;
}

/** Keep the token of a group just sent without an account. */
export function rememberFollow(follow: PendingFollow): void {
  try {
    localStorage.setItem(FOLLOW_KEY, JSON.stringify(follow));
  } catch {
    // private mode: the group can still be claimed from the panel later
  }
}

/** The group waiting to be followed, if any. */
export function pendingFollow(): PendingFollow | null {
  try {
    const value = JSON.parse(localStorage.getItem(FOLLOW_KEY) ?? 'null') as Partial<PendingFollow> | null;
    return typeof value?.id === 'string' && typeof value.token === 'string'
      ? { id: value.id, token: value.token }
      : null;
  } catch {
    return null;
  }
}

export function forgetFollow(): void {
  try {
    localStorage.removeItem(FOLLOW_KEY);
  } catch {
    // nothing stored
  }
}
