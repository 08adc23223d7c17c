import { describe, expect, it } from 'vitest';
import { AdFormSchema } from '#src/features/ads/ads.schema.ts';
import { RegisterSchema } from '#src/features/auth/auth.schema.ts';
import { CategoryFormSchema } from '#src/features/categories/categories.schema.ts';
import {
  LegalNoticeDecisionSchema,
  LegalNoticeSchema,
} from '#src/features/legal-notices/legal-notices.schema.ts';
import { GroupEditSchema } from '#src/features/moderation/moderation.schema.ts';
import { ReportSchema } from '#src/features/reports/reports.schema.ts';
import { SubmissionSchema } from '#src/features/submission/submission.schema.ts';
import { multiLine, singleLine, singleLineText, visibleLength, withoutInvisible } from './text.ts';

describe('control characters in what a person sends', () => {
  it('one-line text: every line break and tab becomes a space, other controls are removed', () => {
    expect(singleLine('Grupo\r\nBcc: todos@x.com')).toBe('Grupo Bcc: todos@x.com');
    expect(singleLine('a\rb\nc\u2028d\u2029e\u0085f\tg')).toBe('a b c d e f g');
    expect(singleLine('n\u0000u\u0007l\u001Bl\u007F\u009B')).toBe('null');
    expect(singleLine('Futebol ⚽ São Paulo')).toBe('Futebol ⚽ São Paulo');
  });

  it('multi-line text keeps its lines (CRLF and CR written as LF) and loses the other controls', () => {
    expect(multiLine('linha 1\r\nlinha 2\rlinha 3\nfim')).toBe('linha 1\nlinha 2\nlinha 3\nfim');
    expect(multiLine('a\u0000b\u0008c\td\u001Be\u007Ff\u2028g')).toBe('abc def\ng');
  });

  it('the zod helper cleans before the length rules and the trim see the text', () => {
    const schema = singleLineText().trim().min(2).max(5);
    expect(schema.parse('\r\n ab \u0000\n')).toBe('ab');
    expect(schema.safeParse('\u0000\u0001a\u0002').success).toBe(false);
  });

  it('the shared schemas strip them on the server: titles, names, categories and descriptions', () => {
    const submission = SubmissionSchema.parse({
      title: 'Grupo\r\nX-Injected: 1',
      description: 'Primeira linha\r\nSegunda\u0000 linha',
      link: 'https://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv',
      category: 'futebol\n',
    });
    expect(submission).toMatchObject({
      title: 'Grupo X-Injected: 1',
      description: 'Primeira linha\nSegunda linha',
      category: 'futebol',
    });
    const person = RegisterSchema.parse({
      name: 'Ana\r\nSilva',
      email: 'ana@example.com',
      password: 'segredo1',
      confirmPassword: 'segredo1',
      adult: true,
    });
    expect(person.name).toBe('Ana Silva');
    expect(
      CategoryFormSchema.parse({ name: 'Esportes\u0007', slug: 'esportes', icon: 'ball\t' }),
    ).toMatchObject({
      name: 'Esportes',
      icon: 'ball',
    });
    expect(ReportSchema.parse({ reason: 'spam', description: 'Spam\r\ndemais\u001B' }).description).toBe(
      'Spam\ndemais',
    );
  });
});

describe('invisible and direction-changing characters in what a person sends', () => {
  it('bidi overrides, embeddings, isolates and marks are removed, so nothing shows reversed', () => {
    expect(singleLine('Grupo \u202Etxt.exe')).toBe('Grupo txt.exe');
    expect(singleLine('Maria \u202Efdp.exe')).toBe('Maria fdp.exe');
    expect(singleLine('a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i\u200Ej\u200Fk\u061Cl')).toBe(
      'abcdefghijkl',
    );
    expect(multiLine('linha\u202E 1\nlinha 2\u2067')).toBe('linha 1\nlinha 2');
  });

  it('zero-widths and other invisibles are removed', () => {
    expect(singleLine('\u200B\u200B\u200B')).toBe('');
    expect(singleLine('Gr\u200Bu\u200Cp\u200Do\u2060 \uFEFFZap\u00AD\u3164\u034F')).toBe('Grupo Zap');
  });

  it('an emoji keeps its joiners, variation selectors and flag tags', () => {
    for (const emoji of ['👨‍👩‍👧', '❤️', '🏳️‍🌈', '👍🏽', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '⚽ Futebol'])
      expect(withoutInvisible(emoji), emoji).toBe(emoji);
    // A joiner between letters is no emoji's.
    expect(withoutInvisible('a\u200Db')).toBe('ab');
  });

  it('counts the characters a reader sees', () => {
    expect(visibleLength('Zap')).toBe(3);
    expect(visibleLength('👨‍👩‍👧')).toBe(1);
    expect(visibleLength('\u2800\u2800 \u0301\uFE0F')).toBe(0);
    expect(visibleLength('São')).toBe(3);
  });

  it('every text input cleans them on the server; a title or name must show enough characters', () => {
    const link = 'https://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv';
    const submission = { description: 'Um grupo de teste.', link, category: 'futebol' };
    expect(SubmissionSchema.parse({ ...submission, title: 'Grupo \u202Etxt.exe' }).title).toBe(
      'Grupo txt.exe',
    );
    for (const blank of ['\u200B\u200B\u200B', '\u2800\u2800\u2800', ' \u3164 ', '\u202E\u202D'])
      expect(
        SubmissionSchema.safeParse({ ...submission, title: blank }).error?.issues[0]?.message,
        blank,
      ).toBe('O título é obrigatório');
    expect(
      GroupEditSchema.safeParse({
        title: '\u2800',
        description: 'x',
        link,
        category: 'futebol',
        approved: true,
      }).success,
    ).toBe(false);
    expect(AdFormSchema.safeParse({ title: '\u200B', description: 'x' }).success).toBe(false);
    const person = {
      email: 'ana@example.com',
      password: 'segredo1',
      confirmPassword: 'segredo1',
      adult: true,
    };
    expect(RegisterSchema.parse({ ...person, name: 'Maria \u202Efdp.exe' }).name).toBe('Maria fdp.exe');
    expect(RegisterSchema.safeParse({ ...person, name: 'A\u2800\u2800' }).success).toBe(false);
    const notice = LegalNoticeSchema.parse({
      kind: 'other',
      groupUrl: 'https://exemplo.com/g\u200B',
      name: 'Maria \u202Efdp.exe',
      email: 'maria@example.com',
      description: 'Descrição \u202Ecom texto invertido\u2069 e mais texto.',
      declaration: true,
    });
    expect(notice).toMatchObject({
      groupUrl: 'https://exemplo.com/g',
      name: 'Maria fdp.exe',
      description: 'Descrição com texto invertido e mais texto.',
    });
    expect(
      LegalNoticeDecisionSchema.parse({ decision: 'keep', reason: 'Motivo \u202Einvertido' }).reason,
    ).toBe('Motivo invertido');
    expect(ReportSchema.parse({ reason: 'spam', description: 'Spam\u200B\u202E demais' }).description).toBe(
      'Spam demais',
    );
  });
});
