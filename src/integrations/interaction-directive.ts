// client:interaction: hydrate an island when the visitor first reaches for it (pointer, touch, focus or
// key inside it), so a page ships no framework JavaScript before someone interacts. Its server HTML must
// work on its own until then (links, GET forms, native scrolling).
//   { page: true }       any interaction on the page (the toast region, which only follows an action)
//   { params: ['a', …] } hydrate at once when the address carries one of these query parameters (a list
//                        whose page 2 is in the URL must show page 2 without waiting)
import type { ClientDirective } from 'astro';

export interface InteractionOptions {
  page?: boolean;
  params?: string[];
}

const EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

const interaction: ClientDirective = (load, options, el) => {
  const { page = false, params = [] } = (options.value ?? {}) as InteractionOptions;
  const hydrate = async () => {
    for (const type of EVENTS) target.removeEventListener(type, hydrate);
    await (await load())();
  };
  const target: EventTarget = page ? document : el;
  const query = new URLSearchParams(location.search);
  if (params.some((name) => query.has(name))) {
    void hydrate();
    return;
  }
  for (const type of EVENTS) target.addEventListener(type, hydrate, { passive: true });
};

export default interaction;
