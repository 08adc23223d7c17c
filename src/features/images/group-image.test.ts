import { describe, expect, it } from 'vitest';
import { groupThumbnail, thumbnailKey } from './group-image.ts';

describe('group pictures', () => {
  const id = '5a233a24-291f-42a1-bf0f-bfc7407c2f92';
  it('show the stored thumbnail of a submitted picture', () => {
    expect(thumbnailKey(`${id}.webp`)).toBe(`${id}-192.webp`);
    expect(groupThumbnail(`/api/images/${id}.webp`)).toBe(`/api/images/${id}-192.webp`);
  });
  it('use a picture from elsewhere (CSV import) as it is', () => {
    expect(groupThumbnail('https://exemplo.com.br/foto.jpg')).toBe('https://exemplo.com.br/foto.jpg');
    expect(groupThumbnail(`/api/images/${id}-192.webp`)).toBe(`/api/images/${id}-192.webp`);
  });
});
