// /api/admin/groups/**: the moderation list, one group's edit/approve/feature/delete, its link check
// and restore, its holds (list, place, lift), the bulk actions, and CSV import/export. One function, so fixed names (reset-featured, import...) never clash with :id.
import type { Config } from '@netlify/functions';
import type { Db } from '#db/client.ts';
import { asAdmin, pathParts } from '#src/features/admin/admin.server.ts';
import { CsvImportQuerySchema } from '#src/features/csv/csv.schema.ts';
import { csvUpload, exportGroupsCsv, importGroups } from '#src/features/csv/csv.server.ts';
import { liftAdminHold, listGroupHolds, placeAdminHold } from '#src/features/holds/admin-holds.server.ts';
import { LiftHoldSchema, PlaceHoldSchema } from '#src/features/holds/holds.schema.ts';
import type { HoldActor } from '#src/features/holds/holds.server.ts';
import {
  checkGroupLink,
  linkCheckFigures,
  restoreDeadLinkGroup,
} from '#src/features/links/link-health.server.ts';
import {
  approveAllPending,
  approveGroup,
  deleteByTitle,
  deleteEmptyTitles,
  deleteGroup,
  featureGroup,
  getAdminGroup,
  listAdminGroups,
  resetFeatured,
  toAdminGroupJson,
  undoFeature,
  updateGroup,
} from '#src/features/moderation/group-moderation.server.ts';
import {
  AdminGroupsQuerySchema,
  FeatureSchema,
  FeatureUndoSchema,
  GroupEditSchema,
  RemoveGroupSchema,
} from '#src/features/moderation/moderation.schema.ts';
import { AppError, json, MESSAGES, parse, parseJson, parseQuery, route } from '#src/lib/http.server.ts';
import { idempotencyKey, onceByKey } from '#src/lib/idempotency.server.ts';
import { GROUP_NOT_FOUND, isUuid } from '#src/lib/ids.ts';

const PREFIX = '/api/admin/groups';

function notFound(): never {
  throw new AppError('NOT_FOUND', MESSAGES.notFound);
}

function groupId(part: string | undefined): string {
  if (!isUuid(part)) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  return part;
}

/** POST /{id}/check-link ('Verificar agora') and /{id}/restore-link (the 'Links quebrados' queue). */
async function groupLinkAction(db: Db, id: string, action: string, admin: HoldActor) {
  if (action === 'check-link') {
    const result = await checkGroupLink(db, id);
    return { ...result, group: toAdminGroupJson(await getAdminGroup(db, id)) };
  }
  if (action === 'restore-link') {
    await restoreDeadLinkGroup(db, id, admin);
    return toAdminGroupJson(await getAdminGroup(db, id));
  }
  return notFound();
}

/** POST /{id}/holds (an admin's hide or a court order) and /{id}/holds/{holdId}/lift. */
async function holdAction(req: Request, db: Db, id: string, rest: string[], admin: HoldActor) {
  if (rest.length === 0) return placeAdminHold(db, id, await parseJson(PlaceHoldSchema, req), admin);
  const [holdId, verb, ...more] = rest;
  if (more.length || verb !== 'lift' || !isUuid(holdId)) return notFound();
  return liftAdminHold(db, id, holdId, await parseJson(LiftHoldSchema, req), admin);
}

export default route({
  GET: asAdmin(async ({ req, db }) => {
    const parts = pathParts(req, PREFIX);
    if (parts.length === 0) return json(await listAdminGroups(db, parseQuery(AdminGroupsQuerySchema, req)));
    if (parts.length === 1 && parts[0] === 'link-checks') return json(await linkCheckFigures(db));
    if (parts.length === 2 && parts[1] === 'holds') return json(await listGroupHolds(db, groupId(parts[0])));
    if (parts.length === 1 && parts[0] === 'export') {
      const csv = await exportGroupsCsv(db);
      const day = new Date().toISOString().slice(0, 10);
      return new Response(csv, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="grupos-${day}.csv"`,
          'cache-control': 'no-store',
        },
      });
    }
    return notFound();
  }),
  POST: asAdmin(async ({ req, db, admin }) => {
    const [first, action, ...rest] = pathParts(req, PREFIX);
    if (action === 'holds') return json(await holdAction(req, db, groupId(first), rest, admin));
    if (rest.length) return notFound();
    if (action !== undefined) return json(await groupLinkAction(db, groupId(first), action, admin));
    if (first === 'import') {
      const { lineOffset, retry } = parseQuery(CsvImportQuerySchema, req);
      // One import per Idempotency-Key: a retry gets the first answer; after a try that died (timeout)
      // it imports again counting the rows that try wrote as imported (retry semantics).
      const ids = {
        scope: 'csv-import',
        owner: admin.id,
        key: idempotencyKey(req),
        request: { lineOffset },
      };
      return json(
        await onceByKey(db, ids, async (resumed) =>
          importGroups(db, await csvUpload(req), { lineOffset, retry: retry || resumed }),
        ),
      );
    }
    if (first === 'reset-featured') return json(await resetFeatured(db));
    if (first === 'approve-all-pending') return json(await approveAllPending(db));
    return notFound();
  }),
  PATCH: asAdmin(async ({ req, db }) => {
    const [first, action, ...rest] = pathParts(req, PREFIX);
    if (rest.length) return notFound();
    const id = groupId(first);
    if (action === undefined) return json(await updateGroup(db, id, await parseJson(GroupEditSchema, req)));
    if (action === 'approve') return json(await approveGroup(db, id));
    if (action === 'feature') {
      const hasBody = (req.headers.get('content-type') ?? '').includes('json');
      const { days } = hasBody ? await parseJson(FeatureSchema, req) : parse(FeatureSchema, {});
      return json(await featureGroup(db, id, days));
    }
    if (action === 'feature-undo')
      return json(await undoFeature(db, id, await parseJson(FeatureUndoSchema, req)));
    return notFound();
  }),
  DELETE: asAdmin(async ({ req, db, admin }) => {
    const parts = pathParts(req, PREFIX);
    if (parts.length === 1 && parts[0] === 'delete-empty-titles')
      return json(await deleteEmptyTitles(db, admin));
    if (parts.length === 2 && parts[0] === 'delete-by-title')
      return json(await deleteByTitle(db, parts[1]!, admin));
    if (parts.length === 1) {
      // The removal's reason (optional body): what the owner of an approved group is e-mailed.
      const { reason } = req.headers.get('content-type')?.includes('json')
        ? await parseJson(RemoveGroupSchema, req, 8 * 1024)
        : { reason: undefined };
      return json(await deleteGroup(db, groupId(parts[0]), admin, reason || null));
    }
    return notFound();
  }),
});

export const config: Config = { path: ['/api/admin/groups', '/api/admin/groups/*'] };
