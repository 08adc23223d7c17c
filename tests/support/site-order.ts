// The site tests share one running platform and one database. Files that compare the static pages
// with the live data run first, right after the initial build; files that change data (and trigger
// rebuilds) run after them. Every other project keeps vitest's own order.
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

function rank(spec: TestSpecification): number {
  const name = /tests\/site\/([^/]+)\.test\.ts$/.exec(spec.moduleId.replaceAll('\\', '/'))?.[1];
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
}
