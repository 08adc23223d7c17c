// The header's account corner on every page, the static ones included (#45): 'Entrar' for visitors; the
// person's initial with 'Meu painel', 'Meus dados' and 'Sair' once logged in (the phone menu too).
//
// Every page's HTML stays the same for everyone, so the CDN keeps one copy: the session is read here, in
// the browser. The session cookie is HttpOnly (decision 0017) and no script may read it, so this asks
// GET /api/user, and only when the non-HttpOnly `logged_in=1` marker (set and cleared with the session)
// says someone may be logged in: a visitor, most page views, makes no request at all, and a forged
// marker only costs its owner a 401. No page carries anyone's name. Without JavaScript the header shows
// 'Entrar' (a link to /auth), which is also what a logged-in person without JavaScript needs.
import { endSession, loadSession, type SessionUser } from './session.store.ts';

/** `html[data-session]`: 'pending' while asking (the 'Entrar' link waits, unseen), then 'user'. */
type HeaderState = 'pending' | 'user';

/** The initial shown in the header: the first letter (or digit) of the name, else of the e-mail. */
export function initialOf(user: { name: string; email: string }): string {
  const source = user.name.trim() || user.email;
  return (source.match(/[\p{L}\p{N}]/u)?.[0] ?? '?').toLocaleUpperCase('pt-BR');
}

function setState(state: HeaderState | null) {
  if (state) document.documentElement.dataset.session = state;
  else delete document.documentElement.dataset.session;
}

/** The account's links, in both menus. */
export const ACCOUNT_LINKS = [
  { label: 'Meu painel', href: '/painel' },
  { label: 'Meus dados', href: '/painel#meus-dados' },
] as const;

const MENU_ITEM =
  'flex min-h-12 w-full cursor-pointer items-center gap-3 rounded-control px-3 text-left text-base font-medium text-neutral-800 hover:bg-neutral-100 pointer-fine:min-h-10 pointer-fine:text-[0.9375rem]';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The initial in a green circle (decorative: the menu's name says who it is). */
function avatar(user: SessionUser, className: string) {
  const badge = el(
    'span',
    `grid shrink-0 place-items-center rounded-full bg-brand-700 font-bold text-white ${className}`,
    initialOf(user),
  );
  badge.setAttribute('aria-hidden', 'true');
  return badge;
}

/** Name and e-mail, then 'Meu painel', 'Meus dados' and 'Sair' (built as DOM: the name is only text). */
function accountList(user: SessionUser, withAvatar: boolean) {
  const who = el('p', 'flex items-center gap-3 border-b border-neutral-100 px-3 pt-2 pb-2.5');
  const names = el('span', 'min-w-0');
  names.append(
    el('span', 'block truncate font-semibold text-neutral-900', user.name),
    el('span', 'block truncate text-sm text-neutral-600', user.email),
  );
  if (withAvatar) who.append(avatar(user, 'size-9'));
  who.append(names);
  const list = el('ul', 'pt-1');
  const logout = el('button', MENU_ITEM, 'Sair');
  logout.type = 'button';
  logout.dataset.logout = '';
  for (const link of ACCOUNT_LINKS) {
    const a = el('a', MENU_ITEM, link.label);
    a.href = link.href;
    list.append(el('li', ''));
    list.lastElementChild?.append(a);
  }
  list.append(el('li', ''));
  list.lastElementChild?.append(logout);
  const box = el('div', '');
  box.append(who, list);
  return box;
}

/** The desktop's menu: the initial (a <details> toggle, as the phone's menu) and the account list. */
function desktopMenu(user: SessionUser) {
  const menu = el('details', 'group/account relative');
  menu.dataset.headerMenu = '';
  menu.dataset.accountMenu = '';
  const summary = el(
    'summary',
    'flex min-h-11 cursor-pointer list-none items-center rounded-full p-1 hover:bg-neutral-100 group-open/account:bg-neutral-100 [&::-webkit-details-marker]:hidden',
  );
  summary.setAttribute('aria-label', `Minha conta: ${user.name}`);
  summary.append(avatar(user, 'size-9 text-base'));
  const panel = el(
    'div',
    'absolute top-full right-0 z-50 mt-1 w-64 rounded-card border border-neutral-200 bg-white p-1.5 shadow-overlay',
  );
  panel.append(accountList(user, false));
  menu.append(summary, panel);
  return menu;
}

function showUser(user: SessionUser) {
  document.querySelector('[data-account-desktop]')?.replaceChildren(desktopMenu(user));
  document.querySelector('[data-account-mobile]')?.replaceChildren(accountList(user, true));
  for (const badge of document.querySelectorAll<HTMLElement>('[data-session-initial]'))
    badge.textContent = initialOf(user);
  if (user.admin)
    for (const link of document.querySelectorAll<HTMLElement>('[data-admin-link]')) link.hidden = false;
  setState('user');
}

/** Pages a logged-out person cannot stay on: 'Sair' leads home from them. */
const PRIVATE_PAGES = /^\/(painel|admin|pagar-destaque)(\/|$)/;

async function logOut(button: HTMLButtonElement) {
  button.disabled = true;
  await endSession();
  if (PRIVATE_PAGES.test(location.pathname)) location.assign('/');
  else location.reload();
}

/** Header menus (<details data-header-menu>) work without this; with it, Esc and a tap outside close them. */
function closeMenusOnEscapeAndOutside() {
  const menus = () => [...document.querySelectorAll<HTMLDetailsElement>('details[data-header-menu][open]')];
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const menu of menus()) {
      menu.open = false;
      menu.querySelector('summary')?.focus();
    }
  });
  document.addEventListener('click', (event) => {
    for (const menu of menus()) if (!menu.contains(event.target as Node)) menu.open = false;
  });
}

export function installHeaderSession() {
  closeMenusOnEscapeAndOutside();
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('button[data-logout]');
    if (button) void logOut(button);
  });
  if (!document.cookie.split(/;\s*/).includes('logged_in=1')) return;
  setState('pending');
  void loadSession().then((state) => {
    if (state.status === 'authenticated') showUser(state.user);
    else setState(null);
  });
}
