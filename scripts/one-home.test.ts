// Rules that had a second home (issue #44) keep one: each row names a pattern that may appear only in
// its home. A copy elsewhere fails here with the place to fix.
import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const code = globSync('{src,functions,db,scripts}/**/*.{ts,tsx,astro,mjs}', { cwd: root })
  .filter((file) => !/\.test\.tsx?$/.test(file))
  .map((file) => ({ file, text: withoutComments(readFileSync(path.join(root, file), 'utf8')) }));

/** Code without its comments (a comment may name a rule; only code can be a second home of it). */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ''))
    .replace(/(^|\s)\/\/.*$/gm, '$1');
}

const RULES: { rule: string; pattern: RegExp; home: string[] }[] = [
  {
    rule: 'the transaction type',
    pattern: /Parameters<Parameters<Db\['transaction'\]>/,
    home: ['db/client.ts'],
  },
  { rule: "the site's time zone", pattern: /America\/Sao_Paulo|-03:00/, home: ['src/lib/time-zone.ts'] },
  {
    rule: 'the withdrawal period (CDC art. 49)',
    // the period itself, where withdrawing is named (a 7-day plan is not it)
    pattern: /(desist|withdraw|arrepend)[^\n]{0,60}\b7\b|\b7\b[^\n]{0,40}(desist|withdraw|arrepend)/i,
    home: ['src/features/payments/payments.ts'],
  },
  {
    rule: 'the picture size cap',
    pattern: /\b5 ?MB|5 \* 1024 \* 1024/,
    home: ['src/features/images/group-image.ts', 'src/features/csv/csv.schema.ts'],
  },
  {
    rule: 'reading cookies (the platform parses them: context.cookies, Astro.cookies)',
    pattern: /headers\.get\(['"]cookie['"]\)/,
    home: [],
  },
];

describe('one home for each rule', () => {
  it('reads the code', () => {
    expect(code.length).toBeGreaterThan(300);
  });

  for (const { rule, pattern, home } of RULES)
    it(`keeps ${rule} in ${home.join(' and ') || 'no file of ours'}`, () => {
      const homes = code.filter(({ file }) => home.includes(file));
      // A rule with no home of ours (the platform's) is simply written nowhere.
      if (home.length)
        expect(
          homes.some(({ text }) => pattern.test(text)),
          'the home itself has it',
        ).toBe(true);
      const elsewhere = code
        .filter(({ file, text }) => !home.includes(file) && pattern.test(text))
        .map(({ file, text }) => `${file}:${text.split('\n').findIndex((line) => pattern.test(line)) + 1}`);
      expect(elsewhere).toEqual([]);
    });
});
