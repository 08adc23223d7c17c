// The site files of a run (or of a shard) share one running platform and one database. Files that
// compare the static pages with the live data run first, right after the initial build; files that
// change data (and trigger rebuilds) run after them. Every other project keeps vitest's own order.
//
// `npm test` runs the site files in shards (`--shard=1/2` and `--shard=2/2`, scripts/test.sh), each
// against a platform of its own. A file goes to the shard with the least work so far, largest first, by
// what the files took in a run of their own (SECONDS; a file not listed counts as a short one), so the
// shards end at about the same time.
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

/**
 * Seconds each site file took in `npm test` on a fresh clone (2 cores, its shard beside the other shard
 * and the other projects, 2026-11-28): what matters is their proportions.
 */
const SECONDS: Record<string, number> = {
  layout: 117,
  'group-edits': 73,
  payments: 64,
  admin: 50,
  'link-health': 44,
  rebuild: 37,
  'invite-links': 37,
  tags: 29,
  search: 28,
  'join-link': 28,
  legal: 25,
  owner: 23,
  journey: 23,
  csp: 19,
  'catalogue-api': 16,
  mail: 16,
  'group-claims': 16,
  takedowns: 14,
  appeals: 11,
  sitemap: 8,
  addresses: 7,
  categories: 6,
  catalogue: 5,
};
const SHORT = 3;

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

  /** Site files go to their shard, balanced by SECONDS; any other file is sharded as vitest does. */
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const site = files.filter((spec) => siteName(spec) !== undefined);
    if (site.length === 0) return super.shard(files);
    const { index, count } = this.ctx.config.shard!;
    const seconds = (spec: TestSpecification) => SECONDS[siteName(spec)!] ?? SHORT;
    const byName = (a: TestSpecification, b: TestSpecification) => (siteName(a)! < siteName(b)! ? -1 : 1);
    const load = Array.from({ length: count }, () => 0);
    const mine: TestSpecification[] = [];
    for (const spec of [...site].sort((a, b) => seconds(b) - seconds(a) || byName(a, b))) {
      const least = load.indexOf(Math.min(...load));
      load[least]! += seconds(spec);
      if (least === index - 1) mine.push(spec);
    }
    const others = files.filter((spec) => siteName(spec) === undefined);
    return [...mine, ...(others.length ? await super.shard(others) : [])];
  }
}
