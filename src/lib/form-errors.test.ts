import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from './form-errors.ts';

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
