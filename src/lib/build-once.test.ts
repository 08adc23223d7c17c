import { afterEach, describe, expect, it, vi } from 'vitest';
import { onceForBuild } from './build-once.server.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('onceForBuild', () => {
  it('loads once per database and key, and again after a failure or five minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const db = {};
    let loads = 0;
    const load = async () => ++loads;
    expect(await onceForBuild(db, 'pages', load)).toBe(1);
    expect(await onceForBuild(db, 'pages', load)).toBe(1);
    expect(await onceForBuild(db, 'sitemap', load)).toBe(2);
    expect(await onceForBuild({}, 'pages', load)).toBe(3);

    const failing = onceForBuild(db, 'broken', () => Promise.reject(new Error('fora do ar')));
    await expect(failing).rejects.toThrow('fora do ar');
    expect(await onceForBuild(db, 'broken', load)).toBe(4);

    vi.setSystemTime(Date.now() + 5 * 60_000 + 1);
    expect(await onceForBuild(db, 'pages', load)).toBe(5);
  });
});
