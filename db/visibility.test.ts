// "Is this group public" has one home (db/visibility.ts and the SQL built from it in
// src/features/groups/groups.server.ts; hidden_at is written only by src/features/holds/). This test
// reads every source file of src/, functions/, db/ and scripts/ and fails on a hand-written copy of the
// rule: a filter or check on approved/hidden_at written anywhere else.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isListedRow, LISTED_INDEX_PREDICATE, listedPredicate, publicPredicate } from './visibility.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['src', 'functions', 'db', 'scripts'];
/** The home, the module that keeps hidden_at, and this test's own examples. */
const ALLOWED = new Set([
  'db/visibility.ts',
  'db/visibility.test.ts',
  'src/features/groups/groups.server.ts',
  'src/features/holds/holds.server.ts',
]);

/** What a hand-written copy looks like; each with why it is one. */
const COPIES: [RegExp, string][] = [
  [/\bhidden_at\b(?!'\s*,)/, 'raw SQL on hidden_at (use listedPredicate/publicPredicate or isPublicGroup)'],
  [
    /\b(isNull|isNotNull|eq|ne)\(\s*[\w.]*\.hiddenAt\b/,
    'drizzle filter on hiddenAt (use isApprovedGroup/isPublicGroup)',
  ],
  [
    /\.hiddenAt\s*(===|!==|==|!=|\?\?|\?(?!\.)|&&|\|\|)/,
    'TypeScript check of hiddenAt (use isListedRow/isHeldRow)',
  ],
  [/!\s*[\w.]*\.hiddenAt\b/, 'TypeScript check of hiddenAt (use isListedRow/isHeldRow)'],
  [/\$\{\s*[\w.]*\.hiddenAt\s*\}\s*is\s/i, 'SQL template on hiddenAt (use heldPredicate/listedPredicate)'],
  [/(\|\||&&)\s*!?\s*[\w.]*\.hiddenAt\b/, 'TypeScript check of hiddenAt (use isListedRow/isHeldRow)'],
  [
    /\beq\(\s*[\w.]*\.approved\s*,\s*true\s*\)/,
    'drizzle filter on approved (use isApprovedGroup or isApprovedByModeration)',
  ],
  [/\b(where|and)\s+(\w+\.)?approved\b(?!\s*=\s*false)/i, 'raw SQL filter on approved (use listedPredicate)'],
];

/** The copies of the rule in one file's text (comment lines skipped), as `line: why`. */
function handWrittenCopies(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    const code = line.trim();
    if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return;
    for (const [pattern, why] of COPIES) if (pattern.test(line)) found.push(`${i + 1}: ${why}`);
  });
  return found;
}

function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (name === 'node_modules' || name === 'migrations') continue;
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx|astro|mjs|js|sql)$/.test(name)) out.push(full);
  }
  return out;
}

describe('the visibility rule has one home', () => {
  it('no file outside it filters groups on approved/hidden_at by hand', () => {
    const offenders: string[] = [];
    for (const folder of FOLDERS)
      for (const file of sourceFiles(path.join(ROOT, folder))) {
        const rel = path.relative(ROOT, file).split(path.sep).join('/');
        if (ALLOWED.has(rel)) continue;
        for (const copy of handWrittenCopies(readFileSync(file, 'utf8'))) offenders.push(`${rel}:${copy}`);
      }
    expect(offenders).toEqual([]);
  });

  it('catches the copies the code used to hold (each one of them fails the scan)', () => {
    const copies = [
      'where g.approved and g.hidden_at is null and g.category_id <> 1',
      'sql`select 1 from groups where approved and hidden_at is null`',
      'and(eq(groups.approved, true), isNull(groups.hiddenAt))',
      'if (!group.approved || group.hiddenAt) throw new AppError()',
      'const isPublic = row.approved && row.hiddenAt === null;',
      "groupState: group.hiddenAt ? 'hidden' : 'approved'",
      'const rows = await db.execute(sql`select id from groups where approved order by id`);',
    ];
    for (const copy of copies) expect(handWrittenCopies(copy), copy).not.toEqual([]);
    // Selecting the column, and the home's own helpers, are not copies.
    expect(handWrittenCopies('  hiddenAt: groups.hiddenAt,')).toEqual([]);
    expect(handWrittenCopies('where sql.raw(listedPredicate())')).toEqual([]);
  });

  it('writes every form of the rule from one text', () => {
    expect(LISTED_INDEX_PREDICATE).toBe('approved and hidden_at is null');
    expect(listedPredicate('g')).toBe('g.approved and g.hidden_at is null');
    expect(publicPredicate('g').startsWith(listedPredicate('g'))).toBe(true);
    expect(isListedRow({ approved: true, hiddenAt: null })).toBe(true);
    expect(isListedRow({ approved: true, hiddenAt: new Date() })).toBe(false);
    expect(isListedRow({ approved: false, hiddenAt: null })).toBe(false);
  });
});
