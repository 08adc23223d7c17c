// Browser state the payment screens share (spec section 3, local storage): the plan chosen (a
// fallback on the payment screen), the group waiting for a login, and where to go after logging in.
import { persistentJSON } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { ApiError } from '#src/lib/api.ts';
import { PENDING_FEATURE_KEY } from '../auth/auth.client.ts';
import { REDIRECT_AFTER_LOGIN_KEY } from '../auth/RequireSession.tsx';

export interface SelectedPlan {
  name: string;
  days: number;
  /** centavos */
  price: number;
}

export const SELECTED_PLAN_KEY = 'selectedPlan';

export const $selectedPlan = persistentJSON<SelectedPlan | null>(SELECTED_PLAN_KEY, null);

/** Whether payments are off (shared by the plans and payment screens). */
export const $paymentsUnavailable = atom(false);

/** Remember the group and this URL, then go log in (spec: logged-out path of /planos-destaque). */
export function goLoginKeeping(groupId: string | null) {
  try {
    if (groupId) localStorage.setItem(PENDING_FEATURE_KEY, groupId);
    localStorage.setItem(REDIRECT_AFTER_LOGIN_KEY, location.pathname + location.search);
  } catch {
    // private mode: the user just picks the group again after logging in
  }
  location.assign('/auth');
}

/** Whether an API error says payments are off (its code, never its text). */
export function isPaymentsDisabled(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'PAYMENTS_DISABLED';
}
