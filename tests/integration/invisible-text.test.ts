// Migration 0027 takes the invisible and direction-changing characters out of text stored before
// src/lib/text.ts removed them at input (#46); an emoji's joiner and selectors stay.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/client.ts';
import { categories, groups, users } from '../../db/schema.ts';
import { setupTestDb } from '../support/db.ts';

const { db } = await setupTestDb();

describe('migration 0027 (strip-invisible-text)', () => {
  it('cleans titles, descriptions and names stored with bidi controls and zero-widths, and keeps emoji', async () => {
    const [category] = await db
      .insert(categories)
      .values({ name: 'Invisíveis', slug: 'invisiveis' })
      .returning();
    const id = randomUUID();
    await db.insert(groups).values({
      id,
      title: 'Grupo \u202Etxt.exe\u200B',
      description: 'Família 👨‍👩‍👧 ❤️\u2066 e mais\uFEFF',
      link: `https://chat.whatsapp.com/${id.slice(0, 20)}`,
      inviteCode: id.slice(0, 20),
      categoryId: category!.id,
      titleSlug: `grupo-${id.slice(0, 8)}`,
    });
    const [user] = await db
      .insert(users)
      .values({ email: 'maria.invisivel@teste.local', password: 'x', name: 'Maria \u202Efdp.exe' })
      .returning();
    const file = (await readFile(path.join(MIGRATIONS_FOLDER, '0027_strip-invisible-text.sql'), 'utf8'))
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter(Boolean);
    for (const statement of file) await db.execute(sql.raw(statement));
    const [group] = await db.select().from(groups).where(eq(groups.id, id));
    expect(group).toMatchObject({ title: 'Grupo txt.exe', description: 'Família 👨‍👩‍👧 ❤️ e mais' });
    const [person] = await db.select().from(users).where(eq(users.id, user!.id));
    expect(person!.name).toBe('Maria fdp.exe');
  });
});
