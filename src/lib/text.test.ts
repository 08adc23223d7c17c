import { describe, expect, it } from 'vitest';
import { RegisterSchema } from '#src/features/auth/auth.schema.ts';
import { CategoryFormSchema } from '#src/features/categories/categories.schema.ts';
import { ReportSchema } from '#src/features/reports/reports.schema.ts';
import { SubmissionSchema } from '#src/features/submission/submission.schema.ts';
import { multiLine, singleLine, singleLineText } from './text.ts';

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
