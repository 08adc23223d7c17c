// Best-effort POSTs from the browser (a share, an ad click): sent with keepalive so they survive the
// page being left, and never in the visitor's way.

/** POST JSON (or nothing) to one of our API paths, ignoring the answer and any failure. */
export function postBeacon(path: string, body?: unknown) {
  try {
    void fetch(path, {
      method: 'POST',
      keepalive: true,
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch(() => {});
  } catch {
    // registering is best effort: the visitor's action goes ahead regardless
  }
}
