// Text into HTML we write as a string (e-mails, snippets people paste elsewhere). Pure: safe anywhere.

/** The text with every character that could open markup or end an attribute escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
