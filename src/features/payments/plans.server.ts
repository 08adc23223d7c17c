// Feature plans: the active ones for owners (GET /api/feature-plans, the terms page) and the admin's
// list of every plan (active or not), create, edit, activate/deactivate.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { type FeaturePlan, featurePlans } from '#db/schema.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { priceJson } from './payments.ts';
import { PLAN_NOT_FOUND } from './plans.schema.ts';

/** GET /api/feature-plans: the active plans, shortest first. */
export async function listPlans(db: Db) {
  const rows = await db
    .select()
    .from(featurePlans)
    .where(eq(featurePlans.active, true))
    .orderBy(asc(featurePlans.days), asc(featurePlans.id));
  return rows.map(toPlanJson);
}

/** A plan as the API answers it: price in centavos and as reais. */
export type PlanJson = ReturnType<typeof toPlanJson>;
export function toPlanJson(plan: FeaturePlan) {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    days: plan.days,
    ...priceJson(plan.price),
    active: plan.active,
  };
}

/** Every plan, shortest first. */
export async function listAllPlans(db: Db) {
  const rows = await db.select().from(featurePlans).orderBy(asc(featurePlans.days), asc(featurePlans.id));
  return rows.map(toPlanJson);
}

/** Create a plan. */
export async function createPlan(
  db: Db,
  plan: { name: string; description: string; days: number; price: number; active: boolean },
) {
  const [row] = await db.insert(featurePlans).values(plan).returning();
  await requestRebuild(db, 'plano criado', { groups: [] });
  return toPlanJson(row!);
}

/** Change a plan (orders keep the price and days they were created with). */
export async function updatePlan(
  db: Db,
  id: number,
  changes: Partial<{ name: string; description: string; days: number; price: number; active: boolean }>,
) {
  const [row] = await db.update(featurePlans).set(changes).where(eq(featurePlans.id, id)).returning();
  if (!row) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
  await requestRebuild(db, 'plano editado', { groups: [] });
  return toPlanJson(row);
}
