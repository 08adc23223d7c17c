// The site's identity, navigation and footer texts: one place to change them. Safe for islands (no IO).

/**
 * A build-time setting, read as `import.meta.env.NAME` (Vite replaces it); undefined when a function
 * bundle, which has no such object, imports this module. Never read the env object as a whole: Astro
 * then inlines every environment variable whose name appears in the module (COLOR, from
 * THEME_COLOR, which npm sets), and a build started another way would re-render every page.
 */
function buildSetting(read: () => string | undefined): string | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

export const SITE_NAME = 'Grupos de Zap';

/** Header tagline (spec section 1: it concerns shortening links for WhatsApp). */
export const SITE_TAGLINE = 'Links curtos para o seu WhatsApp';

export const SITE_DESCRIPTION =
  'Encontre e divulgue grupos de WhatsApp por categoria: educação, esportes, entretenimento, tecnologia, empregos e muito mais.';

/** Brand colour, also the PWA theme default (spec section 9). */
export const THEME_COLOR = '#25D366';

export const LOCALE = 'pt-BR';

/** The not-found page's heading (#45: never '404 Page Not Found'), and the local platform's fallback. */
export const NOT_FOUND_TITLE = 'Página não encontrada';
export const NOT_FOUND_TEXT =
  'Não encontramos esta página. O endereço pode estar incorreto ou o conteúdo pode ter sido removido.';
export { TIME_ZONE } from './time-zone.ts';

export interface NavItem {
  label: string;
  href: string;
  /** Shown only after the session says the visitor is an admin. */
  adminOnly?: boolean;
}

/** Main navigation, in the order of the mobile menu (spec: Início, Categorias, Buscar, Enviar Grupo, Admin). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Início', href: '/' },
  { label: 'Categorias', href: '/categorias' },
  { label: 'Buscar', href: '/buscar' },
  { label: 'Enviar Grupo', href: '/enviar' },
  { label: 'Admin', href: '/admin', adminOnly: true },
];

// --- Configuration: sibling sites of the provider and the company line. -------------------------
// Override at build time with PUBLIC_SIBLING_SITES_URL, PUBLIC_COMPANY_NAME, PUBLIC_COMPANY_CNPJ,
// PUBLIC_COMPANY_ADDRESS, PUBLIC_COMPANY_EMAIL, PUBLIC_DPO_NAME and PUBLIC_DPO_EMAIL.
// The defaults below are placeholders for local builds only: a deploy without the company settings
// fails (src/integrations/required-settings.ts).

/** Base address of the provider's sibling tools; each link is a path under it. */
export const SIBLING_SITES_URL = (
  buildSetting(() => import.meta.env.PUBLIC_SIBLING_SITES_URL) || 'https://ferramentas.gruposdezap.com.br'
).replace(/\/+$/, '');

export interface SiteLink {
  label: string;
  href: string;
}

/** The strip of sibling-site links shown in the header area and again in the footer. */
export const SIBLING_LINKS: readonly SiteLink[] = [
  { label: 'Encurtador de Link', href: `${SIBLING_SITES_URL}/encurtador` },
  { label: 'Link para WhatsApp', href: `${SIBLING_SITES_URL}/link` },
  { label: 'Canais', href: `${SIBLING_SITES_URL}/canais` },
  { label: 'Catálogo', href: `${SIBLING_SITES_URL}/catalogo` },
  { label: 'Frases de Status', href: `${SIBLING_SITES_URL}/frases-de-status` },
  { label: 'Link na Bio', href: `${SIBLING_SITES_URL}/bio` },
];

export const COMPANY = {
  /** Razão social (the example only in local builds). */
  legalName: buildSetting(() => import.meta.env.PUBLIC_COMPANY_NAME) || 'Razão Social Exemplo Ltda.',
  /** CNPJ (the example only in local builds). */
  cnpj: buildSetting(() => import.meta.env.PUBLIC_COMPANY_CNPJ) || '00.000.000/0001-00',
  /** Physical address (Decreto 7.962/2013, art. 2º II). */
  address:
    buildSetting(() => import.meta.env.PUBLIC_COMPANY_ADDRESS) ||
    'Rua Exemplo, 100, sala 1, Centro, São Paulo - SP, 01000-000',
  /** Contact e-mail for customers (questions, withdrawal, complaints). */
  email: buildSetting(() => import.meta.env.PUBLIC_COMPANY_EMAIL) || 'contato@exemplo.com.br',
  /** The 'Encarregado' (data protection officer, LGPD art. 41): name and e-mail. */
  dpoName: buildSetting(() => import.meta.env.PUBLIC_DPO_NAME) || 'Nome do Encarregado Exemplo',
  dpoEmail: buildSetting(() => import.meta.env.PUBLIC_DPO_EMAIL) || 'privacidade@exemplo.com.br',
} as const;

/** The footer's legal links (the legal notices page belongs to the legal-notices feature). */
export const LEGAL_LINKS: readonly SiteLink[] = [
  { label: 'Privacidade', href: '/privacidade' },
  { label: 'Termos de Uso', href: '/termos' },
  { label: 'Transparência', href: '/transparencia' },
  { label: 'Denúncia jurídica', href: '/denuncia-juridica' },
];

/** Footer non-affiliation disclaimer (spec section 1). */
export const DISCLAIMER = `O ${SITE_NAME} é um diretório independente e não tem vínculo com o WhatsApp nem com a Meta Platforms, Inc. WhatsApp é uma marca registrada da WhatsApp LLC. Os grupos são enviados por usuários e revisados antes de aparecer no site.`;
