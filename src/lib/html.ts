// Escaping for HTML we write by hand (e-mails, small server pages). Safe for islands and scripts.

/** Text made safe for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
