// The token of an e-mailed link, read once from ?token= and then removed from the address bar (and
// from history), so it is not left in the URL, the history or a Referer after the page loads.

export function takeLinkToken(): string | null {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (token !== null) {
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  return token?.trim() || null;
}
