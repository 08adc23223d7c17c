// An advertisement in an island's list: the same card the static lists get (ad-card.ts), mounted as DOM.
import { useLayoutEffect, useRef } from 'react';
import { adCardElement } from './ad-card.ts';
import type { AdvertisementJson } from './ads.schema.ts';

export default function AdSlot({ ad }: { ad: AdvertisementJson }) {
  const slot = useRef<HTMLLIElement>(null);
  useLayoutEffect(() => {
    slot.current?.replaceChildren(adCardElement(ad));
  }, [ad]);
  return <li ref={slot} className="grid" />;
}
