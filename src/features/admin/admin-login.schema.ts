// Admin login input (spec section 5: both fields required, 'Por favor, preencha todos os campos').
import { z } from 'zod';

export const ADMIN_LOGIN_REQUIRED = 'Por favor, preencha todos os campos';
export const ADMIN_LOGIN_INVALID = 'Erro de autenticação - Credenciais inválidas';

export const AdminLoginSchema = z.object({
  email: z.string({ message: ADMIN_LOGIN_REQUIRED }).trim().min(1, ADMIN_LOGIN_REQUIRED).max(254),
  password: z.string({ message: ADMIN_LOGIN_REQUIRED }).min(1, ADMIN_LOGIN_REQUIRED).max(200),
});
