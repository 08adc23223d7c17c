// Adult (18+) content: the age confirmation's texts and the visitor's remembered answer. Pure and
// client-safe: the static gate (AdultGate.astro), the 404 fallback and search share it.

/** localStorage key: '1' once the visitor confirmed being 18 or older (asked once per browser). */
export const ADULT_CONFIRMED_KEY = 'adultConfirmed';

export const ADULT_GATE_TITLE = 'Conteúdo adulto: confirme que você tem 18 anos ou mais';
export const ADULT_GATE_TEXT =
  'Esta página tem grupos de conteúdo adulto. Para ver o conteúdo e o link de convite, confirme a sua idade.';
export const ADULT_CONFIRM_LABEL = 'Tenho 18 anos ou mais';
export const ADULT_LEAVE_LABEL = 'Sair';
/** The search filter that opts in to adult groups. */
export const ADULT_FILTER_LABEL = 'Incluir conteúdo adulto (18+)';
/** What an empty search says when adult groups were left out. */
export const ADULT_FILTER_HINT = `Grupos de conteúdo adulto ficam fora da busca: marque "${ADULT_FILTER_LABEL}" nos filtros para incluí-los.`;

/** Whether this browser already confirmed the age (false when storage is unavailable). */
export function adultConfirmed(): boolean {
  try {
    return localStorage.getItem(ADULT_CONFIRMED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Remember the confirmation (kept only for this visit when storage is unavailable). */
export function confirmAdult(): void {
  try {
    localStorage.setItem(ADULT_CONFIRMED_KEY, '1');
  } catch {
    // private mode: the page still opens, the question comes back next time
  }
}

/**
 * The static gate's inline script, run right after the gate's markup (so a visitor who already
 * confirmed never sees the gate paint): it swaps the gate for the content kept in its <template>.
 * The same text on every page, so the CSP carries one hash for it (src/integrations/csp.ts).
 */
export const ADULT_GATE_SCRIPT = `(function () {
  var gate = document.currentScript.previousElementSibling;
  function reveal(focus) {
    var template = gate.querySelector('template[data-adult-content]');
    gate.replaceWith(document.importNode(template.content, true));
    if (focus) document.getElementById('conteudo').focus();
  }
  try {
    if (localStorage.getItem(${JSON.stringify(ADULT_CONFIRMED_KEY)}) === '1') return reveal(false);
  } catch (e) {}
  gate.querySelector('[data-adult-confirm]').addEventListener('click', function () {
    try {
      localStorage.setItem(${JSON.stringify(ADULT_CONFIRMED_KEY)}, '1');
    } catch (e) {}
    reveal(true);
  });
  gate.querySelector('[data-adult-confirm]').hidden = false;
})();`;
