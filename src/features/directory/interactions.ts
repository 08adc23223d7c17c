// The only JavaScript a static group page needs before interaction: one delegated listener per kind of
// action, so static cards and island-rendered cards behave the same without hydrating React.
//   a[data-join-id]        'Entrar no Grupo': nothing to do here: /entrar/{id} counts the join itself
//                          (registering it here too would count it twice).
//   [data-share-copy]      copy the link, 3 s feedback, register a 'clipboard' share
//   [data-share-dialog]    'Compartilhar': loads and opens the 'Compartilhar Grupo' dialog on first press
//   [data-report-dialog]   'Denunciar': loads and opens the report dialog on first press
//   [data-share-native]    the device share sheet (shown only where navigator.share exists)
//   details[data-share-url] a card's share popover: on first open, filled from the page's one share menu
//   a[data-share-platform] register the share; the link itself opens the network
//   a[data-ad-id]          an advertisement's link: register the click; the link opens by itself
//   time[data-relative]    'há 3 dias' from the datetime (static HTML would go stale between builds)
//   [data-group-state]     a group page's join area: the link's current state (group-state.ts)
//   Escape                 closes an open card share popover
import { postBeacon } from '#src/lib/beacon.ts';
import { formatRelative } from '#src/lib/format.ts';
import { registerShare } from '../share/register-share.ts';
import {
  COPY_FEEDBACK_MS,
  SHARE_MENU_TEMPLATE_ID,
  type SharePlatform,
  shareTargets,
} from '../share/share.ts';
import { showCurrentGroupState } from './group-state.ts';

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

const absolute = (url: string) => new URL(url, location.origin).href;

/** Copy the page's share menu into a card's popover, with that group's links (once per card). */
function fillSharePopover(popover: HTMLDetailsElement) {
  const panel = popover.querySelector<HTMLElement>('[data-share-panel]');
  const template = document.getElementById(SHARE_MENU_TEMPLATE_ID);
  if (!panel || panel.dataset.filled !== undefined || !(template instanceof HTMLTemplateElement)) return;
  const { groupId = '', title = '', shareUrl = location.href } = popover.dataset;
  const url = absolute(shareUrl);
  const menu = template.content.cloneNode(true) as DocumentFragment;
  const hrefs = new Map(shareTargets(url, title).map((target) => [target.platform, target.href]));
  for (const link of menu.querySelectorAll<HTMLAnchorElement>('a[data-share-platform]')) {
    link.href = hrefs.get(link.dataset.sharePlatform as SharePlatform) ?? url;
  }
  for (const button of menu.querySelectorAll<HTMLElement>('[data-share-copy]'))
    button.dataset.shareCopy = url;
  for (const button of menu.querySelectorAll<HTMLElement>('[data-share-native]')) {
    button.dataset.shareNative = url;
    button.dataset.title = title;
  }
  for (const action of menu.querySelectorAll<HTMLElement>('a, button')) action.dataset.groupId = groupId;
  panel.replaceChildren(menu);
  panel.dataset.filled = '';
}

function onClick(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;

  // The click comes before the summary's default action, so the popover opens already filled.
  const shareSummary = target.closest('summary');
  if (
    shareSummary?.parentElement instanceof HTMLDetailsElement &&
    shareSummary.parentElement.dataset.shareUrl
  ) {
    fillSharePopover(shareSummary.parentElement);
    return;
  }

  if (target.closest('a[data-join-id]')) return;

  const adLink = target.closest<HTMLAnchorElement>('a[data-ad-id]');
  if (adLink?.dataset.adId) {
    postBeacon(`/api/advertisements/${encodeURIComponent(adLink.dataset.adId)}/click`);
    return;
  }

  const platformLink = target.closest<HTMLAnchorElement>('a[data-share-platform]');
  if (platformLink?.dataset.groupId) {
    registerShare(platformLink.dataset.groupId, platformLink.dataset.sharePlatform ?? '');
    platformLink.closest('details')?.removeAttribute('open');
    return;
  }

  const copyButton = target.closest<HTMLButtonElement>('button[data-share-copy]');
  if (copyButton) {
    const label = copyButton.querySelector<HTMLElement>('[data-label]');
    void copy(absolute(copyButton.dataset.shareCopy ?? location.href)).then((ok) => {
      if (!label) return;
      const before = label.dataset.label ?? label.textContent ?? '';
      label.textContent = ok ? 'Link copiado!' : 'Não foi possível copiar';
      window.setTimeout(() => {
        label.textContent = before;
      }, COPY_FEEDBACK_MS);
    });
    if (copyButton.dataset.groupId) registerShare(copyButton.dataset.groupId, 'clipboard');
    return;
  }

  const dialogButton = target.closest<HTMLButtonElement>('button[data-share-dialog]');
  if (dialogButton) {
    const { groupId = '', title = document.title, shareDialog } = dialogButton.dataset;
    void import('../share/mount-share-dialog.tsx').then(({ openShareDialog }) =>
      openShareDialog({ groupId, title, url: absolute(shareDialog ?? location.href) }, dialogButton),
    );
    return;
  }

  const reportButton = target.closest<HTMLButtonElement>('button[data-report-dialog]');
  if (reportButton) {
    const groupId = reportButton.dataset.reportDialog ?? '';
    void import('../reports/mount-report-dialog.tsx').then(({ openReportDialog }) =>
      openReportDialog(groupId, reportButton),
    );
    return;
  }

  const nativeButton = target.closest<HTMLButtonElement>('button[data-share-native]');
  if (nativeButton) {
    const url = absolute(nativeButton.dataset.shareNative ?? location.href);
    const title = nativeButton.dataset.title ?? document.title;
    if (navigator.share) {
      navigator
        .share({ title, url })
        .then(() => {
          if (nativeButton.dataset.groupId)
            registerShare(nativeButton.dataset.groupId, nativeButton.dataset.platform ?? 'native');
        })
        .catch(() => {});
    } else {
      window.alert('Utilize os botões de compartilhamento na seção abaixo');
    }
  }
}

/** Fill every time[data-relative] under root with the time since its datetime. */
export function renderRelativeTimes(root: ParentNode = document) {
  for (const time of root.querySelectorAll<HTMLTimeElement>('time[data-relative]')) {
    const text = formatRelative(time.dateTime);
    if (text) time.textContent = text;
  }
}

/** Escape closes an open card share popover and gives the focus back to its button. */
function onKeydown(event: KeyboardEvent) {
  if (event.key !== 'Escape') return;
  for (const popover of document.querySelectorAll<HTMLDetailsElement>('details[data-share-url][open]')) {
    popover.open = false;
    popover.querySelector('summary')?.focus();
  }
}

export function installInteractions() {
  const w = window as Window & { __groupInteractions?: boolean };
  if (w.__groupInteractions) return;
  w.__groupInteractions = true;
  if (typeof navigator.share === 'function') document.documentElement.dataset.nativeShare = '';
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKeydown);
  renderRelativeTimes();
  void showCurrentGroupState();
}
