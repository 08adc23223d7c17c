// Category input rules and their pt-BR messages (spec section 5), shared by the admin form and the API.
import { z } from 'zod';

export const CategorySlugSchema = z
  .string()
  .trim()
  .min(2, 'O slug deve ter pelo menos 2 caracteres')
  .max(100)
  .regex(/^[a-z0-9-]+$/, 'O slug deve conter apenas letras minúsculas, números e hífens');

export const CategoryFormSchema = z.object({
  name: z.string().trim().min(2, 'O nome deve ter pelo menos 2 caracteres').max(60),
  slug: CategorySlugSchema,
  icon: z.string().trim().min(2, 'O ícone deve ter pelo menos 2 caracteres').max(40),
});
export type CategoryForm = z.infer<typeof CategoryFormSchema>;

export const CATEGORY_NOT_FOUND = 'Categoria não encontrada';
