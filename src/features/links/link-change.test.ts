import { describe, expect, it } from 'vitest';
import { WHATSAPP_TITLE_MAX } from '../groups/groups.ts';
import { storedWhatsappTitle } from './link-change.ts';

describe("the group's name on WhatsApp, as stored (#45)", () => {
  it('stores one trimmed line of at most WHATSAPP_TITLE_MAX characters, nothing for a blank name', () => {
    expect(storedWhatsappTitle('  Bolão\nda   Firma \u202e ')).toBe('Bolão da Firma');
    expect(storedWhatsappTitle('x'.repeat(500))).toHaveLength(WHATSAPP_TITLE_MAX);
    expect(storedWhatsappTitle(undefined)).toBeNull();
    expect(storedWhatsappTitle(' \t ')).toBeNull();
  });
});
