// The takedown list in Netlify Blobs (decision 0015), read by the edge and by functions with strong
// consistency (a default read may be up to 60 s old) and kept in memory for TAKEDOWN_LIST_TTL_MS.
// Web APIs and @netlify/blobs only: Netlify's edge runtime imports this file too.
import { getStore } from '@netlify/blobs';
import {
  EMPTY_TAKEDOWN_LIST,
  type HeldSets,
  heldSets,
  TAKEDOWN_LIST_KEY,
  TAKEDOWN_LIST_TTL_MS,
  TAKEDOWN_STORE,
  type TakedownList,
} from './takedowns.ts';

export function takedownStore() {
  return getStore({ name: TAKEDOWN_STORE, consistency: 'strong' });
}

let cached: { at: number; list: Promise<{ list: TakedownList; sets: HeldSets }> } | undefined;

/** The list, read at most every TAKEDOWN_LIST_TTL_MS; a failed read is not kept (the next one retries). */
export function currentTakedowns(now = Date.now()): Promise<{ list: TakedownList; sets: HeldSets }> {
  if (cached && now - cached.at < TAKEDOWN_LIST_TTL_MS) return cached.list;
  const list = takedownStore()
    .get(TAKEDOWN_LIST_KEY, { type: 'json' })
    .then((stored: TakedownList | null) => {
      const value = { ...EMPTY_TAKEDOWN_LIST, ...stored };
      return { list: value, sets: heldSets(value) };
    });
  cached = { at: now, list };
  list.catch(() => {
    if (cached?.list === list) cached = undefined;
  });
  return list;
}

/** Forget the list held in memory (the writer, after it wrote, and tests). */
export function forgetTakedowns(): void {
  cached = undefined;
}
