// The islands' one fetch layer: GET a path through api() with loading and error state, aborted when
// the path changes or the island goes away. Mutations call api() directly, then `reload`.
import { useCallback, useEffect, useState } from 'react';
import { api } from './api.ts';

/** GET a path with loading/error state; `reload` refetches; `intervalMs` refetches on a timer. */
export function useApi<T>(path: string | null, intervalMs?: number) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<Error | undefined>(undefined);
  const [loading, setLoading] = useState(Boolean(path));
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick is the reload trigger.
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    setLoading(true);
    api<T>(path, { signal: controller.signal })
      .then((value) => {
        setData(value);
        setError(undefined);
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(e instanceof Error ? e : new Error(String(e)));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [path, tick]);
  useEffect(() => {
    if (!intervalMs) return;
    const timer = setInterval(reload, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, reload]);
  return { data, error, loading, reload, setData };
}

export type Load<T> = { state: 'loading' } | { state: 'error' } | { state: 'ok'; data: T };

/**
 * useApi as one of three states for screens that show a skeleton, an error with a retry, or the data
 * (data already loaded stays shown while it reloads). A null path waits (loading).
 */
export function useLoad<T>(path: string | null): [Load<T>, () => void] {
  const { data, error, loading, reload } = useApi<T>(path);
  if (data !== undefined && !error) return [{ state: 'ok', data }, reload];
  if (error && !loading) return [{ state: 'error' }, reload];
  return [{ state: 'loading' }, reload];
}
