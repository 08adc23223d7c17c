import { describe, expect, it } from 'vitest';
import { CLAIM_CODE_ALPHABET, claimSteps, makeClaimCode, nameShowsCode } from './claims.ts';

const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));

describe('makeClaimCode', () => {
  it('makes ZAP- and four letters of the unambiguous alphabet', () => {
    for (let i = 0; i < 200; i++)
      expect(makeClaimCode(random)).toMatch(new RegExp(`^ZAP-[${CLAIM_CODE_ALPHABET}]{4}$`));
  });

  it('leaves out the characters people confuse', () => {
    for (const c of '0O1IL5S2Z') expect(CLAIM_CODE_ALPHABET).not.toContain(c);
  });

  it('skips bytes past the last whole alphabet (no letter more likely than another)', () => {
    const limit = 256 - (256 % CLAIM_CODE_ALPHABET.length);
    let call = 0;
    const skewed = (n: number) => {
      call++;
      // The first draw is all out of range: a second draw decides.
      return new Uint8Array(n).fill(call === 1 ? limit : 0);
    };
    expect(makeClaimCode(skewed)).toBe(`ZAP-${CLAIM_CODE_ALPHABET[0]!.repeat(4)}`);
    expect(call).toBe(2);
  });
});

describe('nameShowsCode', () => {
  it('finds the code anywhere in the name, whatever the case, spaces and dashes', () => {
    expect(nameShowsCode('Corrida ZAP-7K3Q Sorocaba', 'ZAP-7K3Q')).toBe(true);
    expect(nameShowsCode('zap-7k3q corrida', 'ZAP-7K3Q')).toBe(true);
    expect(nameShowsCode('Corrida ZAP 7K3Q', 'ZAP-7K3Q')).toBe(true);
    expect(nameShowsCode('Corrida ZAP – 7K3Q 🏃', 'ZAP-7K3Q')).toBe(true);
    expect(nameShowsCode('ＺＡＰ－７Ｋ３Ｑ', 'ZAP-7K3Q')).toBe(true);
  });

  it('does not find another code or a part of it', () => {
    expect(nameShowsCode('Corrida de Rua', 'ZAP-7K3Q')).toBe(false);
    expect(nameShowsCode('Corrida ZAP-7K3', 'ZAP-7K3Q')).toBe(false);
    expect(nameShowsCode('Corrida ZAP-7K3R', 'ZAP-7K3Q')).toBe(false);
    expect(nameShowsCode('', 'ZAP-7K3Q')).toBe(false);
  });
});

describe('claimSteps', () => {
  it('says where the code goes and what to press', () => {
    const steps = claimSteps('ZAP-7K3Q').join(' ');
    expect(steps).toContain('ZAP-7K3Q');
    expect(steps).toContain("'Verificar'");
    expect(steps).toContain('30 minutos');
  });
});
