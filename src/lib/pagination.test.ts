import { describe, expect, it } from 'vitest';
import { ADMIN_WINDOW, GAP, PUBLIC_WINDOW, pageWindow } from './pagination.ts';

describe('pageWindow, public lists (first, last, two either side)', () => {
  it('shows nothing for zero or one page', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 1)).toEqual([]);
  });
  it('shows every page when they all fit', () => {
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('puts gaps on both sides in the middle of a long list', () => {
    expect(pageWindow(10, 20, PUBLIC_WINDOW)).toEqual([1, GAP, 8, 9, 10, 11, 12, GAP, 20]);
  });
  it('has only a trailing gap near the start and a leading gap near the end', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, GAP, 20]);
    expect(pageWindow(20, 20)).toEqual([1, GAP, 18, 19, 20]);
  });
  it('never hides a single page behind a gap', () => {
    expect(pageWindow(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, GAP, 20]);
  });
  it('clamps a current page outside the range', () => {
    expect(pageWindow(99, 10)).toEqual([1, GAP, 8, 9, 10]);
    expect(pageWindow(-3, 10)).toEqual([1, 2, 3, GAP, 10]);
  });
});

describe('pageWindow, admin payments (first two, last two, one either side)', () => {
  it('keeps two pages at each end and one around the current', () => {
    expect(pageWindow(10, 20, ADMIN_WINDOW)).toEqual([1, 2, GAP, 9, 10, 11, GAP, 19, 20]);
  });
  it('merges the ends with the window near the edges', () => {
    expect(pageWindow(1, 20, ADMIN_WINDOW)).toEqual([1, 2, GAP, 19, 20]);
    expect(pageWindow(3, 20, ADMIN_WINDOW)).toEqual([1, 2, 3, 4, GAP, 19, 20]);
    expect(pageWindow(4, 6, ADMIN_WINDOW)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
