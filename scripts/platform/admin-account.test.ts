import { describe, expect, it } from 'vitest';
import { LoginSchema } from '../../src/features/auth/auth.schema.ts';
import { adminFromEnv } from './admin-account.ts';

describe('the first local admin', () => {
  it('gets an e-mail the login form accepts, so the printed login works', () => {
    const { email } = adminFromEnv({});
    expect(LoginSchema.safeParse({ email, password: 'uma-senha-qualquer' }).success).toBe(true);
  });

  it('takes ADMIN_EMAIL when set', () => {
    expect(adminFromEnv({ ADMIN_EMAIL: 'dono@exemplo.com.br' }).email).toBe('dono@exemplo.com.br');
  });
});
