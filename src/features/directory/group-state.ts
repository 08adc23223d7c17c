// A group page says what is true now, not what was true at its build (#45 item 4). The page is static
// HTML (or kept by the CDN for a day), and its link can die in between: on load, the page asks the API
// for the group's current state (GET /api/groups/{id}, 15 s in the browser's and CDN's cache) and
// - the last check answered dead: 'Entrar no Grupo' and 'Link verificado em …' give way to 'Este link
//   deixou de funcionar' and the way to similar groups (/entrar/{id} stops such a visitor too, without
//   JavaScript: nobody is sent to WhatsApp's invalid-invite page for a link known dead);
// - the group left the directory (404): the same, without the similar groups' link;
// - live: the badge shows the latest check's date; not live (never checked, inconclusive): no badge.
// Elements: [data-group-state=<id>] (the join area), [data-link-verified], a[data-join-id].
import { ApiError, api } from '#src/lib/api.ts';
import type { GroupJson } from '../groups/groups.server.ts';
import { linkVerifiedDate } from '../groups/link-badge.ts';
import { brokenLinkPath } from '../links/link-health.ts';

export const DEAD_LINK_TITLE = 'Este link deixou de funcionar';
export const DEAD_LINK_TEXT =
  'O convite deste grupo foi revogado no WhatsApp. Não enviamos você a um link quebrado: veja grupos parecidos.';
export const GONE_TEXT = 'Este grupo não está mais disponível no diretório.';

function notice(text: string, link?: { href: string; label: string }) {
  const box = document.createElement('div');
  box.setAttribute('role', 'status');
  box.dataset.linkState = link ? 'dead' : 'gone';
  box.className = 'rounded-card border border-amber-200 bg-amber-50 p-4 text-amber-900';
  const title = document.createElement('p');
  title.className = 'font-semibold';
  title.textContent = link ? DEAD_LINK_TITLE : GONE_TEXT;
  box.append(title);
  if (link) {
    const body = document.createElement('p');
    body.className = 'mt-1 text-sm';
    body.textContent = text;
    const a = document.createElement('a');
    a.href = link.href;
    a.className = 'mt-2 inline-flex min-h-11 items-center font-semibold text-amber-900 underline';
    a.textContent = link.label;
    box.append(body, a);
  }
  return box;
}

/** Replace the join (button and its hint) with the honest state. */
function stopJoining(area: HTMLElement, box: HTMLElement) {
  for (const el of area.querySelectorAll<HTMLElement>('a[data-join-id]')) el.remove();
  for (const el of document.querySelectorAll('[data-join-hint], [data-link-verified]')) el.remove();
  area.prepend(box);
}

function showVerified(group: Pick<GroupJson, 'linkStatus' | 'linkLiveAt'>) {
  const date = linkVerifiedDate(group);
  for (const line of document.querySelectorAll<HTMLElement>('[data-link-verified]')) {
    const time = line.querySelector('time');
    if (!date) line.remove();
    else if (time && group.linkLiveAt) {
      time.dateTime = group.linkLiveAt;
      time.textContent = date;
    }
  }
}

export async function showCurrentGroupState() {
  const area = document.querySelector<HTMLElement>('[data-group-state]');
  const id = area?.dataset.groupState;
  if (!area || !id) return;
  try {
    const group = await api<GroupJson>(`/api/groups/${encodeURIComponent(id)}`);
    if (group.linkStatus === 'dead')
      stopJoining(
        area,
        notice(DEAD_LINK_TEXT, {
          href: brokenLinkPath(group),
          label: `Ver grupos parecidos de ${group.category}`,
        }),
      );
    else showVerified(group);
  } catch (error) {
    // Offline or a server error: the page stays as built (/entrar/{id} still decides for itself).
    if (error instanceof ApiError && error.status === 404) stopJoining(area, notice(GONE_TEXT));
  }
}
