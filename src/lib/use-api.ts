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
