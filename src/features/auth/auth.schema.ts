// Register and login inputs, shared by the /auth forms and functions/auth.ts. Messages are the spec's.
import { z } from 'zod';
import { singleLineText, visibleText } from '#src/lib/text.ts';

const email = z
  .string({ error: 'E-mail inválido' })
  .trim()
  .max(254, 'E-mail inválido')
  .pipe(z.email('E-mail inválido'));

/** The rule for a new password: registration and password reset. */
export const newPassword = z
  .string({ error: 'A senha deve ter pelo menos 6 caracteres' })
  .min(6, 'A senha deve ter pelo menos 6 caracteres')
  .max(200, 'A senha deve ter no máximo 200 caracteres');

/** A person's name: registration and the panel's 'Meus dados'. */
const personName = visibleText(3, 'O nome deve ter pelo menos 3 caracteres', {
  error: 'O nome deve ter pelo menos 3 caracteres',
}).max(100, 'O nome deve ter no máximo 100 caracteres');

/** The current password, asked again before a sensitive change (e-mail, account deletion). */
export const currentPassword = z
  .string({ error: 'Digite sua senha' })
  .min(1, 'Digite sua senha')
  .max(200, 'Senha incorreta.');

const PHONE_LONG = 'Telefone deve ter no máximo 30 caracteres';
const PHONE_SHORT = 'Telefone deve ter pelo menos 10 dígitos';

/** The phone in 'Meus dados': at least 10 characters, or empty to remove it (null). */
const phoneChange = singleLineText()
  .trim()
  .max(30, PHONE_LONG)
  .transform((v) => v || null)
  .pipe(z.string().min(10, PHONE_SHORT).nullable());

/**
 * The youngest a person may be to have an account or buy anything (LGPD art. 14; a purchase also needs
 * civil capacity, Código Civil art. 5º): each one declares it at sign-up, and an account made before the
 * rule declares it at its first checkout. /privacidade states it from here.
 */
export const MINIMUM_AGE = 18;
export const ADULT_SIGNUP_MESSAGE = `Para criar uma conta você precisa ter ${MINIMUM_AGE} anos ou mais. Marque a declaração para continuar.`;
export const ADULT_CHECKOUT_MESSAGE = `Para comprar um destaque você precisa ter ${MINIMUM_AGE} anos ou mais. Confirme a declaração de idade para continuar.`;

/** The age declaration as a form (checkbox 'on') or the API (true) sends it. */
export const adultDeclaration = (message: string) => z.literal([true, 'on', 'true'], { error: message });

/** Registration; unknown keys such as `admin` or `role` are dropped, never stored. */
export const RegisterSchema = z
  .object({
    name: personName,
    email,
    phone: singleLineText()
      .trim()
      .max(30, PHONE_LONG)
      .optional()
      .nullable()
      .transform((v) => (v ? v : undefined))
      .pipe(z.string().min(10, PHONE_SHORT).optional()),
    password: newPassword,
    confirmPassword: z.string({ error: 'As senhas não coincidem' }),
    adult: adultDeclaration(ADULT_SIGNUP_MESSAGE),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'As senhas não coincidem',
    path: ['confirmPassword'],
  });
export type RegisterInput = z.input<typeof RegisterSchema>;

export const LoginSchema = z.object({
  email,
  password: z
    .string({ error: 'Senha é obrigatória' })
    .min(1, 'Senha é obrigatória')
    .max(200, 'Senha é obrigatória'),
});
export type LoginInput = z.input<typeof LoginSchema>;

const linkToken = z
  .string({ error: 'Link inválido. Abra o link do e-mail de novo.' })
  .trim()
  .min(1, 'Link inválido. Abra o link do e-mail de novo.')
  .max(200, 'Link inválido. Abra o link do e-mail de novo.');

/** POST /api/password-reset: 'Esqueci minha senha'. */
export const PasswordResetRequestSchema = z.object({ email });

/** POST /api/password-reset/confirm: the link's token and the new password. */
export const PasswordResetConfirmSchema = z.object({ token: linkToken, password: newPassword });

/** The /auth/nova-senha form (the API takes only the password; both fields must match here). */
export const NewPasswordFormSchema = z
  .object({ password: newPassword, confirmPassword: z.string({ error: 'As senhas não coincidem' }) })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'As senhas não coincidem',
    path: ['confirmPassword'],
  });

/** POST /api/email-confirmation: the confirmation link's token. */
export const EmailConfirmSchema = z.object({ token: linkToken });

/** PATCH /api/user/profile: 'Meus dados' corrects the name at once. */
export const ProfileNameSchema = z.object({ name: personName });

/** 'Meus dados' changes the phone given at sign-up (empty removes it). */
export const ProfilePhoneSchema = z.object({ phone: phoneChange });

/** PATCH /api/user/profile: the name, the phone, or both (a key left out is left as it is). */
export const ProfileUpdateSchema = z.object({ name: personName.optional(), phone: phoneChange.optional() });

/** POST /api/user/password: 'Alterar senha' while logged in (the current one, then the new one twice). */
export const PasswordChangeSchema = z
  .object({
    password: currentPassword,
    newPassword,
    confirmPassword: z.string({ error: 'As senhas não coincidem' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'As senhas não coincidem',
    path: ['confirmPassword'],
  });

/** POST /api/user/email: a new address, applied once the link sent to it is opened. */
export const EmailChangeSchema = z.object({ email, password: currentPassword });
