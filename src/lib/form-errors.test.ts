import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkForm, fieldErrors } from './form-errors.ts';

describe('fieldErrors', () => {
  it('keeps the first message of each field, nested fields by their path, form-wide ones as _', () => {
    const schema = z
      .object({
        name: z.string().min(3, 'curto').max(4, 'longo').regex(/^a/, 'começa com a'),
        address: z.object({ city: z.string({ error: 'cidade' }) }),
        password: z.string(),
        confirm: z.string(),
      })
      .refine((v) => v.password === v.confirm, 'as senhas não conferem');
    const parsed = schema.safeParse({ name: 'x', address: {}, password: 'a', confirm: 'a' });
    expect(parsed.success).toBe(false);
    expect(fieldErrors(parsed.error!)).toEqual({ name: 'curto', 'address.city': 'cidade' });
    const mismatch = schema.safeParse({ name: 'abc', address: { city: 'Rio' }, password: 'a', confirm: 'b' });
    expect(fieldErrors(mismatch.error!)).toEqual({ _: 'as senhas não conferem' });
  });
});

describe('checkForm', () => {
  it('gives the parsed data and clears the errors, or null and shows them', () => {
    const schema = z.object({ days: z.coerce.number().int().min(1, 'mínimo 1') });
    const shown: Record<string, string>[] = [];
    expect(checkForm(schema, { days: '7' }, (e) => shown.push(e))).toEqual({ days: 7 });
    expect(checkForm(schema, { days: '0' }, (e) => shown.push(e))).toBeNull();
    expect(shown).toEqual([{}, { days: 'mínimo 1' }]);
  });
});
