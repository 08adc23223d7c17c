// Every delete and update of a table says which rows (`where`): an unscoped one empties or rewrites a
// whole table, and nothing else would stop it before production. The check reads the code with the
// TypeScript parser: drizzle calls (`.delete(table)`, `.update(table)` on a table of db/schema.ts) must
// have `.where(` in their chain, and raw SQL (`sql` templates) with `delete from` or `update … set` must
// have `where`. A write meant for every row says so on the line above with `// every row: <why>`.
import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** The places in one file's code that write a table: each with whether it says which rows. */
function tableWrites(file: string, code: string): { place: string; scoped: boolean }[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const tables = new Set<string>();
  const found: { place: string; scoped: boolean }[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line;
  const allowed = (node: ts.Node) => {
    const line = lineOf(node);
    const lines = code.split('\n');
    return [line - 1, line].some((n) => /\/\/ every row: \S/.test(lines[n] ?? ''));
  };
  const report = (node: ts.Node, what: string, scoped: boolean) =>
    found.push({ place: `${file}:${lineOf(node) + 1}: ${what}`, scoped: scoped || allowed(node) });
  const visit = (node: ts.Node) => {
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      /(^#db|\/db)\/schema\.ts$/.test(node.moduleSpecifier.text)
    ) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) tables.add(e.name.text);
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['delete', 'update'].includes(node.expression.name.text) &&
      node.arguments.length === 1 &&
      ts.isIdentifier(node.arguments[0]!) &&
      tables.has((node.arguments[0] as ts.Identifier).text)
    ) {
      // The whole chain this call starts: db.update(t).set(…).where(…).returning(…)
      let chain: ts.Node = node;
      while (
        (ts.isPropertyAccessExpression(chain.parent) && chain.parent.expression === chain) ||
        (ts.isCallExpression(chain.parent) && chain.parent.expression === chain)
      )
        chain = chain.parent;
      const what = `${node.expression.name.text}(${(node.arguments[0] as ts.Identifier).text})`;
      report(node, `${what} without .where(`, /\.where\(/.test(chain.getText(source)));
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
      const text = node.template.getText(source);
      if (/\b(delete\s+from|update\s+\S+\s+set)\b/i.test(text))
        report(node, 'sql delete/update without where', /\bwhere\b/i.test(text));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('writes to a table', () => {
  it('always say which rows, in src/, functions/, db/ and scripts/', () => {
    const files = globSync('{src,functions,db,scripts}/**/*.{ts,tsx,mjs}', { cwd: root }).filter(
      (f) => !/\.test\.tsx?$/.test(f),
    );
    expect(files.length).toBeGreaterThan(100);
    const writes = files.flatMap((f) => tableWrites(f, readFileSync(path.join(root, f), 'utf8')));
    expect(writes.length, 'the walk finds the writes').toBeGreaterThan(60);
    expect(writes.filter((w) => !w.scoped).map((w) => w.place)).toEqual([]);
    // Parsing every source file takes a second alone, several on a busy machine.
  }, 30_000);

  it('are found when they do not', () => {
    const code = [
      "import { groups, users } from '#db/schema.ts';",
      'await db.delete(groups);',
      "await tx.update(users).set({ name: 'x' }).returning();",
      'await db.delete(groups).where(eq(groups.id, id));',
      "await tx.update(users).set({ name: 'x' }).where(eq(users.id, id));",
      '// every row: the bench empties its scratch table',
      'await db.delete(users);',
      'await db.execute(sql`delete from groups`);',
      'await db.execute(sql`update groups set approved = true where id = 1`);',
      'cache.delete(key);',
    ].join('\n');
    const writes = tableWrites('x.ts', code);
    expect(writes).toHaveLength(7);
    expect(writes.filter((w) => !w.scoped).map((w) => w.place)).toEqual([
      'x.ts:2: delete(groups) without .where(',
      'x.ts:3: update(users) without .where(',
      'x.ts:8: sql delete/update without where',
    ]);
  });
});
