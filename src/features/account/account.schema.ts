// 'Meus dados' inputs shared by the panel's dialogs and functions/user-account.ts.
import { z } from 'zod';
import { currentPassword } from '#src/features/auth/auth.schema.ts';

/** DELETE /api/user/account: the password, asked again. */
export const DeleteAccountSchema = z.object({ password: currentPassword });
