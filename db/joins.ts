// The join conditions queries repeat, named once: a group's category and owner, an order's group, plan
// and buyer. `.innerJoin(categories, groupCategory)` reads as what it joins.
import { eq } from 'drizzle-orm';
import { categories, featureOrders, featurePlans, groups, users } from './schema.ts';

export const groupCategory = eq(categories.id, groups.categoryId);
export const groupOwner = eq(users.id, groups.userId);
export const orderGroup = eq(groups.id, featureOrders.groupId);
export const orderPlan = eq(featurePlans.id, featureOrders.planId);
export const orderBuyer = eq(users.id, featureOrders.userId);
