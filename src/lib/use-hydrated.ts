// Whether an island is live. A form whose submit only works in JavaScript keeps its button disabled
// until then: a tap before hydration would otherwise submit the plain HTML form, as a GET to the page
// itself, putting what was typed (a password included) in the address and losing the form.
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
