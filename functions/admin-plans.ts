// /api/admin/feature-plans (GET all, POST) and /api/admin/feature-plans/:id (PATCH: edit or activate).
import type { Config } from '@netlify/functions';
import { asAdmin } from '#src/features/admin/admin.server.ts';
import { PLAN_NOT_FOUND, PlanFormSchema, PlanPatchSchema } from '#src/features/payments/plans.schema.ts';
import { createPlan, listAllPlans, updatePlan } from '#src/features/payments/plans.server.ts';
import { AppError, json, parseJson, route } from '#src/lib/http.server.ts';

export default route({
  GET: asAdmin(async ({ db }) => json(await listAllPlans(db))),
  POST: asAdmin(async ({ req, db }) => {
    const plan = await createPlan(db, await parseJson(PlanFormSchema, req));
    return json(plan, 201);
  }),
  PATCH: asAdmin(async ({ req, db, context }) => {
    const id = Number(context.params?.id);
    if (!Number.isInteger(id) || id < 1 || id > 2 ** 31 - 1) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
    const changes = await parseJson(PlanPatchSchema, req);
    const plan = await updatePlan(db, id, changes);
    return json(plan);
  }),
});

export const config: Config = { path: ['/api/admin/feature-plans', '/api/admin/feature-plans/:id'] };
