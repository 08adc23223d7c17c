// The site tests share one running platform and one database. Files that compare the static pages
// with the live data run first, right after the initial build; files that change data (and trigger
// rebuilds) run after them. Every other project keeps vitest's own order.
//
// `npm test` runs the site files as two shards (`--shard=1/2` and `--shard=2/2`, scripts/test.sh), each
// against a platform of its own: SECOND_SHARD names the files of the second, every other site file is in
// the first. The split evens out what the files took in a run of their own (seconds in the comments).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SITE_ORDER = [
  'categories',
  'catalogue',
  'catalogue-api',
  'sitemap',
  'journey',
  'search',
  'owner',
  'rebuild',
  'payments',
  'admin',
  'csp',
];

// The layout check runs last: it leaves a pending revision, a report and a hidden group behind, which
// the files that expect an empty 'Revisões' queue or a quiet rebuild queue must not meet.
const LAST = 'layout';

// The first shard holds layout (90 s), payments (39), admin (24), legal (20), rebuild (16), search (13),
// csp (10) and the three quick page checks: ~220 s.
const SECOND_SHARD = new Set([
  'owner', // 50
  'group-edits', // 46
  'link-health', // 23
  'journey', // 16
  'join-link', // 15
  'invite-links', // 15
  'group-claims', // 12
  'mail', // 8
  'addresses', // 4
  'sitemap', // 3
  'catalogue-api', // 2
  'group-pages', // 0
]);

/** The site file's name (`owner` for tests/site/owner.test.ts); undefined for any other file. */
function siteName(spec: TestSpecification): string | undefined {
  return /tests\/site\/([^/]+)\.test\.ts$/.exec(spec.moduleId.replaceAll('\\', '/'))?.[1];
}

function rank(spec: TestSpecification): number {
  const name = siteName(spec);
  if (name === undefined) return -1;
  if (name === LAST) return SITE_ORDER.length + 1;
  const index = SITE_ORDER.indexOf(name);
  return index === -1 ? SITE_ORDER.length : index;
}

export default class SiteOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const site = sorted.filter((spec) => rank(spec) >= 0).sort((a, b) => rank(a) - rank(b));
    let next = 0;
    return sorted.map((spec) => (rank(spec) >= 0 ? site[next++]! : spec));
  }

  /** Site files go to their shard of two; any other file is sharded as vitest does. */
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const site = files.filter((spec) => siteName(spec) !== undefined);
    if (site.length === 0) return super.shard(files);
    const { index, count } = this.ctx.config.shard!;
    if (count !== 2) throw new Error('The site tests are split into two shards: --shard=1/2 or --shard=2/2.');
    const others = files.filter((spec) => siteName(spec) === undefined);
    const mine = site.filter((spec) => SECOND_SHARD.has(siteName(spec)!) === (index === 2));
    return [...mine, ...(others.length ? await super.shard(others) : [])];
  }
}
