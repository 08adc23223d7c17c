import { describe, expect, it } from 'vitest';
import { wantedFromPath } from './fallback.ts';

describe('wantedFromPath', () => {
  it('reads /grupo/{id} and /{category}/{title} as groups', () => {
    expect(wantedFromPath('/grupo/24671c76-cfbe-4391-a074-8cb5cbcae039')).toEqual({
      kind: 'group',
      api: '/api/groups/24671c76-cfbe-4391-a074-8cb5cbcae039',
    });
    expect(wantedFromPath('/games/pokemon-go-brasil/')).toEqual({
      kind: 'group',
      api: '/api/groups/slug/games/pokemon-go-brasil',
    });
  });

  it('reads /categoria/{slug} as a category', () => {
    expect(wantedFromPath('/categoria/culinaria')).toEqual({ kind: 'category', slug: 'culinaria' });
  });

  it('leaves every other path to the plain 404', () => {
    for (const path of ['/', '/qualquer', '/a/b/c', '/api/x', '/admin/nada', '/x/<script>', '/x/a%2Fb'])
      expect(wantedFromPath(path), path).toEqual({ kind: 'none' });
  });
});
