// Category input rules and their pt-BR messages (spec section 5), shared by the admin form and the API.
import { z } from 'zod';
import { singleLineText } from '#src/lib/text.ts';

/**
 * Top-level paths taken by pages (src/pages), public files, functions and the platform: a category
 * at /<slug> would shadow them or be shadowed. categories.schema.test.ts fails when a new top-level
 * page or public file is missing here.
 */
export const RESERVED_SLUGS: readonly string[] = [
  // src/pages
  '404',
  'admin',
  'auth',
  'buscar',
  'categoria',
  'categorias',
  'denuncia-juridica',
  'enviar',
  'grupos',
  'index',
  'lembretes-cancelados',
  'link-quebrado',
  'manifest.webmanifest',
  'offline',
  'pagar-destaque',
  'painel',
  'planos-destaque',
  'privacidade',
  'robots.txt',
  'sob-demanda',
  'sitemap.xml',
  'sw.js',
  'tag',
  'termos',
  'transparencia',
  'como-ordenamos',
  // public/
  'exemplos',
  'favicon.svg',
  // functions, redirects, build output and the platform
  'api',
  'entrar',
  'grupo',
  'home',
  'uploads',
  'simulador-pagamento',
  'pagefind',
  '_astro',
  '.netlify',
];
/** Prefixes of generated paths (sitemap-<n>.xml) and of names with extensions (robots.txt → robots). */
const RESERVED_PREFIXES = ['sitemap'];

export function isReservedSlug(slug: string): boolean {
  const stems = RESERVED_SLUGS.map((name) => name.split('.')[0]);
  return (
    RESERVED_SLUGS.includes(slug) ||
    stems.includes(slug) ||
    RESERVED_PREFIXES.some((prefix) => slug.startsWith(prefix))
  );
}

export const RESERVED_SLUG_MESSAGE = 'Este slug é reservado para uma página do site; escolha outro';

export const CategorySlugSchema = z
  .string()
  .trim()
  .min(2, 'O slug deve ter pelo menos 2 caracteres')
  .max(100)
  .regex(/^[a-z0-9-]+$/, 'O slug deve conter apenas letras minúsculas, números e hífens')
  .refine((slug) => !isReservedSlug(slug), RESERVED_SLUG_MESSAGE);

export const CategoryFormSchema = z.object({
  name: singleLineText().trim().min(2, 'O nome deve ter pelo menos 2 caracteres').max(60),
  slug: CategorySlugSchema,
  icon: singleLineText().trim().min(2, 'O ícone deve ter pelo menos 2 caracteres').max(40),
  /** adult content (18+): age confirmation on its pages, its groups left out of default lists */
  adult: z.boolean({ error: 'Indique se a categoria é de conteúdo adulto' }).optional(),
});
export type CategoryForm = z.infer<typeof CategoryFormSchema>;

export const CATEGORY_NOT_FOUND = 'Categoria não encontrada';
export const CATEGORY_IN_USE =
  'Não é possível excluir uma categoria que possui grupos. Mova ou exclua os grupos dela antes de excluí-la.';
export const CATEGORY_DUPLICATE = 'Já existe uma categoria com este nome ou slug';
