import { Hash, Tag } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { iconSvg } from './static-react.ts';

describe('iconSvg', () => {
  it('is decorative unless labelled, and a label makes it an image with that name', () => {
    expect(iconSvg(Hash, { className: 'size-4' })).toMatch(
      /^<svg [^>]*class="lucide lucide-hash size-4"[^>]*aria-hidden="true"/,
    );
    const labelled = iconSvg(Hash, { className: 'size-4', label: 'Código' });
    expect(labelled).toContain('role="img"');
    expect(labelled).toContain('aria-label="Código"');
    expect(labelled).toContain('aria-hidden="false"');
  });

  it('keeps one rendering per icon and attributes, never mixing them up', () => {
    const first = iconSvg(Tag, { className: 'a' });
    expect(first).toContain('class="lucide lucide-tag a"');
    expect(iconSvg(Tag, { className: 'b' })).toContain('lucide-tag b"');
    expect(iconSvg(Hash, { className: 'a' })).toContain('lucide-hash a"');
    expect(iconSvg(Tag)).not.toContain('class="lucide lucide-tag a"');
    // Asked again after the others, the same icon and attributes give the first rendering back.
    const again = iconSvg(Tag, { className: 'a' });
    expect(again).toBe(first);
    expect(again).not.toContain('lucide-hash');
  });
});
