// The whole database: every entity of the product spec plus what the product needs beyond it.
// Money is integer centavos in code and numeric(10,2) in the table; every timestamp is UTC.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TIME_ZONE } from '../src/lib/time-zone.ts';
import { REPORT_REASONS, type ReportReason } from './report-reasons.ts';
import { LISTED_INDEX_PREDICATE } from './visibility.ts';

/** numeric(10,2) in the table, integer centavos in code (no floating-point money). */
export const moneyCents = customType<{ data: number; driverData: string }>({
  dataType: () => 'numeric(10, 2)',
  toDriver: (cents) => (cents / 100).toFixed(2),
  fromDriver: (value) => {
    const [whole = '0', fraction = ''] = String(value).split('.');
    const sign = whole.startsWith('-') ? -1 : 1;
    return sign * (Math.abs(Number(whole)) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2)));
  },
});

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** scrypt hash, never the password itself */
    password: text('password').notNull(),
    admin: boolean('admin').notNull().default(false),
    name: text('name').notNull(),
    phone: text('phone'),
    /** when the owner opened the confirmation link; null until then (accounts before it are backfilled) */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** sessions signed before this instant are over (logout-all, password change); null: none ended */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true }),
    /**
     * when the person declared being MINIMUM_AGE or older (at sign-up; an account made before the rule
     * declares at its first checkout); null: never declared, so nothing can be bought (#41, LGPD art. 14)
     */
    adultDeclaredAt: timestamp('adult_declared_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
  icon: text('icon').notNull().default('tag'),
  /** display order: the home page shows the first six */
  position: integer('position').notNull().default(0),
  /** approved, visible groups in it: kept by triggers on groups (migration 0004), never by code */
  publicGroups: integer('public_groups').notNull().default(0),
  /** adult content (18+): gated pages, left out of home, related groups and default search */
  adult: boolean('adult').notNull().default(false),
  updatedAt: updatedAt(),
});

export const LINK_STATUSES = ['live', 'dead', 'unknown'] as const;

/**
 * Why a group is off the public site, strongest first (groups.hidden_reason names the strongest active
 * one): a legal notice, a court order an admin entered, an admin's hide, reports past the threshold, a
 * dead invite link.
 */
/** Strongest first. 'removed': an admin removed an approved group (#41); it stays, held, so it can be contested. */
export const HOLD_REASONS = [
  'legal_notice',
  'court_order',
  'removed',
  'admin',
  'reports',
  'dead_link',
] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];
export type LinkStatus = (typeof LINK_STATUSES)[number];

export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** canonical link: https://chat.whatsapp.com/<code> or https://whatsapp.com/channel/<id> */
    link: text('link').notNull(),
    /** the duplicate key, case kept: the invite code, or `channel:<id>` for a channel */
    inviteCode: text('invite_code').notNull().unique(),
    /** what the link opens: a group (chat.whatsapp.com) or a channel (whatsapp.com/channel) */
    type: text('type', { enum: ['group', 'channel'] })
      .notNull()
      .default('group'),
    /** a channel's follower count, as its page showed it when checked; null when unknown */
    followers: integer('followers'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    /** stored so a group's path stays stable; unique within its category */
    titleSlug: text('title_slug').notNull(),
    approved: boolean('approved').notNull().default(false),
    /**
     * Set while the group has at least one active hold (group_holds): the earliest one's time. Kept by
     * src/features/holds/holds.server.ts in the holds' transaction, never by hand: the lists filter on it.
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** the strongest active hold's reason (HOLD_REASONS order), set with hiddenAt */
    hiddenReason: text('hidden_reason', { enum: HOLD_REASONS }),
    /** when an admin last reviewed the group's reports and kept it: reports cannot hide it for a while */
    reportsKeptAt: timestamp('reports_kept_at', { withTimezone: true }),
    /** the last conclusive answer of the invite link check (src/features/links/link-health.server.ts) */
    linkStatus: text('link_status', { enum: LINK_STATUSES }).notNull().default('unknown'),
    /** when the link was last checked (or claimed for a check): the rotation's order */
    linkCheckedAt: timestamp('link_checked_at', { withTimezone: true }),
    /** the last live answer ('Link verificado em ...') */
    linkLiveAt: timestamp('link_live_at', { withTimezone: true }),
    /** the group's (or channel's) name on WhatsApp at the last live answer that named it ('No WhatsApp: …') */
    whatsappTitle: text('whatsapp_title'),
    /** consecutive dead answers, counted at least LINK_DEAD_CONFIRM_MINUTES apart; 2 hide the group */
    linkDeadCount: integer('link_dead_count').notNull().default(0),
    /** when the last counted dead answer came (the confirmation waits from here) */
    linkDeadAt: timestamp('link_dead_at', { withTimezone: true }),
    /** when the link is checked next (src/features/links/check-policy.ts); null: never checked, first */
    linkCheckDueAt: timestamp('link_check_due_at', { withTimezone: true }),
    /** groups.cliques at the last check: the joins since then set the next due time */
    linkCheckJoins: integer('link_check_joins').notNull().default(0),
    cliques: integer('cliques').notNull().default(0),
    shares: integer('shares').notNull().default(0),
    image: text('image'),
    featured: boolean('featured').notNull().default(false),
    featuredUntil: timestamp('featured_until', { withTimezone: true }),
    /**
     * Set while a hold pauses the group's paid featuring (#41): the days left at this moment are kept and
     * resume when the last hold is lifted (src/features/payments/featuring.server.ts).
     */
    featuringPausedAt: timestamp('featuring_paused_at', { withTimezone: true }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /**
     * When the group was last put on top of the date-ordered lists: its creation (a trigger sets it on
     * insert, migration 0010) or the owner's last free bump. Lists sort by it; pages show createdAt.
     */
    bumpedAt: timestamp('bumped_at', { withTimezone: true }).notNull().defaultNow(),
    /** the owner's last free bump ('Renovar'); null: never renewed (the panel words it so) */
    renewedAt: timestamp('renewed_at', { withTimezone: true }),
    /**
     * 'Relevância': the ranking score in hundredths of a point (src/features/ranking/ranking.ts), kept by the
     * scheduled ranking (rank-groups); never paid featuring. Written without touching updated_at.
     */
    rankScore: integer('rank_score').notNull().default(0),
    /** 'Em alta': this week's growth of joins over the last, in percent; 0 below the floor or not growing */
    trendScore: integer('trend_score').notNull().default(0),
    /**
     * The group's tags, sorted: group_tags mirrored by its triggers (migration 0040; no code writes
     * it), so a list by several tags intersects them in one GIN index (#43, decision 0023).
     */
    tagIds: integer('tag_ids').array().notNull().default(sql`'{}'::integer[]`),
    updatedAt: updatedAt(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('pt_unaccent'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('pt_unaccent'::regconfig, coalesce(description, '')), 'B')`,
    ),
  },
  (t) => [
    uniqueIndex('groups_category_title_slug_key').on(t.categoryId, t.titleSlug),
    // Public lists only ever read approved, visible groups: partial indexes keep them small.
    index('groups_public_recent_idx')
      .on(t.bumpedAt.desc(), t.id.desc())
      .where(sql.raw(LISTED_INDEX_PREDICATE)),
    // Creation order stays indexed: build batches walk it (a bump mid-build must not move a group past
    // the cursor) and search's date filters ('added between') read it.
    index('groups_public_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql.raw(LISTED_INDEX_PREDICATE)),
    index('groups_public_popular_idx')
      .on(t.cliques.desc(), t.id.desc())
      .where(sql.raw(LISTED_INDEX_PREDICATE)),
    index('groups_category_recent_idx')
      .on(t.categoryId, t.bumpedAt.desc(), t.id.desc())
      .where(sql.raw(LISTED_INDEX_PREDICATE)),
    index('groups_category_popular_idx')
      .on(t.categoryId, t.cliques.desc(), t.id.desc())
      .where(sql.raw(LISTED_INDEX_PREDICATE)),
    // 'Relevância' (#43): the score, then the listing order for the many groups tied at 0.
    index('groups_public_score_idx')
      .on(t.rankScore.desc(), t.bumpedAt.desc(), t.id.desc())
      .where(sql.raw(LISTED_INDEX_PREDICATE)),
    index('groups_category_score_idx')
      .on(t.categoryId, t.rankScore.desc(), t.bumpedAt.desc(), t.id.desc())
      .where(sql.raw(LISTED_INDEX_PREDICATE)),
    // 'Em alta': only the groups growing above the floor (a few), fastest first; a category's 'Em alta'
    // walks it too (a few rows, filtered), so no index per category.
    index('groups_public_trend_idx')
      .on(t.trendScore.desc(), t.rankScore.desc(), t.id.desc())
      .where(sql.raw(`trend_score > 0 and ${LISTED_INDEX_PREDICATE}`)),
    // Lists by tag (#43): the GIN index intersects the tags' posting lists. fastupdate is off so a read
    // never scans a pending list the ranking's updates have grown.
    index('groups_listed_tags_idx')
      .using('gin', t.tagIds)
      .with({ fastupdate: false })
      .where(sql.raw(LISTED_INDEX_PREDICATE)),
    // The ranking's next run revisits every group whose score or trend is not zero (they decay to it).
    index('groups_ranked_idx').on(t.id).where(sql`rank_score <> 0 or trend_score <> 0`),
    // The newest change of a category's public groups (its page's cacheKey, the sitemap's lastmod):
    // without it each category read every group (0.75 s per category at 1M, on every build).
    index('groups_category_updated_idx').on(t.categoryId, t.updatedAt).where(sql.raw(LISTED_INDEX_PREDICATE)),
    index('groups_category_title_idx').on(t.categoryId, t.title, t.id).where(sql.raw(LISTED_INDEX_PREDICATE)),
    index('groups_featured_idx')
      .on(t.featuredUntil)
      .where(sql.raw(`featured and ${LISTED_INDEX_PREDICATE}`)),
    index('groups_pending_idx').on(t.createdAt.desc()).where(sql`not approved`),
    index('groups_user_idx').on(t.userId, t.createdAt.desc()),
    index('groups_search_idx').using('gin', t.searchVector),
    // Search relevance reads title matches first, in popularity order: the title's words are the
    // search vector's weight-A lexemes, filtered from the stored vector (no stemming per row).
    index('groups_public_title_vector_idx')
      .using('gin', sql`ts_filter(${t.searchVector}, '{a}')`)
      .where(sql.raw(LISTED_INDEX_PREDICATE)),
    // Link checks: the rotation reads public groups longest-unchecked first (never checked first),
    // the confirmation queue the groups with one dead answer, the admin queue the groups they hid.
    // Link checks (#33): the scheduler claims the earliest due public groups (never checked first).
    index('groups_link_due_idx')
      .on(t.linkCheckDueAt.asc().nullsFirst(), t.id)
      .where(sql.raw(LISTED_INDEX_PREDICATE)),
    index('groups_link_suspect_idx')
      .on(t.linkDeadAt)
      .where(sql.raw(`link_dead_count > 0 and ${LISTED_INDEX_PREDICATE}`)),
    index('groups_dead_link_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`hidden_reason = 'dead_link'`),
  ],
);

/**
 * The link checker's shared state (one row, 'default'): after a 429 every run is skipped until
 * `pausedUntil`; `rateLimitedRuns` counts consecutive 429s for the exponential backoff.
 */
export const linkCheckState = pgTable('link_check_state', {
  id: text('id').primaryKey().default('default'),
  pausedUntil: timestamp('paused_until', { withTimezone: true }),
  rateLimitedRuns: integer('rate_limited_runs').notNull().default(0),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  /** the check policy's interval scale, adjusted every run to the backlog (check-policy.ts) */
  intervalScale: doublePrecision('interval_scale'),
  lastRateLimitedAt: timestamp('last_rate_limited_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/**
 * What WhatsApp answered, by hour and by what asked (src/features/links/check-tallies.server.ts): the
 * admin's figures over 24 hours and 7 days, to compare with the simulation's. Kept 8 days.
 */
export const linkCheckTallies = pgTable(
  'link_check_tallies',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /** scheduled | spare | join | report | admin | submission | claim (CHECK_CAUSES) */
    cause: text('cause').notNull(),
    checks: integer('checks').notNull().default(0),
    dead: integer('dead').notNull().default(0),
    inconclusive: integer('inconclusive').notNull().default(0),
    rateLimited: integer('rate_limited').notNull().default(0),
    /** joins whose visitor was stopped on 'Este link deixou de funcionar' (cause join only) */
    stopped: integer('stopped').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hour, t.cause] })],
);

/**
 * The words of public groups' titles (unaccented, lower case, 3+ characters) with how many public
 * groups use each. Search corrects typos and completes partial words against this small table instead
 * of comparing trigrams with every title. Kept by triggers on `groups` (migration 0003), never by code.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    groups: integer('groups').notNull(),
  },
  (t) => [index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);

export const REVISION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

/**
 * An owner's change to an approved group's content, waiting for moderation: the approved version stays
 * public until an admin approves it. At most one pending revision per group (a new edit replaces it).
 */
export const groupRevisions = pgTable(
  'group_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    /** a new image's URL, or null when the image is unchanged */
    image: text('image'),
    /** the tags asked for (ids, in the owner's order), or null when the tags are unchanged (#43) */
    tagIds: integer('tag_ids').array(),
    status: text('status').$type<RevisionStatus>().notNull().default('pending'),
    /** why an admin rejected it, shown to the owner */
    reason: text('reason'),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('group_revisions_status_check', sql`${t.status} in ('pending','approved','rejected')`),
    uniqueIndex('group_revisions_pending_key').on(t.groupId).where(sql`status = 'pending'`),
    index('group_revisions_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * A group's former page addresses (category, title slug): the build writes a 301 from each to the
 * group's current page. A former address stays reserved for its group, so no other group takes it.
 */
export const groupSlugHistory = pgTable(
  'group_slug_history',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    titleSlug: text('title_slug').notNull(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.titleSlug] }),
    index('group_slug_history_group_idx').on(t.groupId),
  ],
);

export const featurePlans = pgTable('feature_plans', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  days: integer('days').notNull(),
  price: moneyCents('price').notNull(),
  active: boolean('active').notNull().default(true),
  updatedAt: updatedAt(),
});

export const ORDER_STATUSES = [
  'pending',
  'paid',
  'active',
  'expired',
  'cancelled',
  'failed',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const featureOrders = pgTable(
  'feature_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The order's short number, shown to people ('Pedido #1042') instead of the id: unique, from its own
     * sequence (existing orders were numbered when the column was added).
     */
    number: integer('number').notNull().generatedByDefaultAsIdentity({ startWith: 1001 }),
    /** null once the account is deleted: the order stays, without the person, for the tax records */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** null once the group is deleted: the order stays for the payments admin */
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => featurePlans.id, { onDelete: 'restrict' }),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull().defaultNow(),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    /** taken from the plan when the order is created, never from the client */
    price: moneyCents('price').notNull(),
    days: integer('days').notNull(),
    paymentMethod: text('payment_method'),
    paymentId: text('payment_id'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeClientSecret: text('stripe_client_secret'),
    /** JSON string: isRenewal, originalOrderId, originalEndDate */
    metadata: text('metadata'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'feature_orders_status_check',
      sql`${t.status} in ('pending','paid','active','expired','cancelled','failed','refunded')`,
    ),
    index('feature_orders_user_idx').on(t.userId, t.orderDate.desc()),
    index('feature_orders_group_idx').on(t.groupId),
    index('feature_orders_status_idx').on(t.status, t.orderDate.desc()),
    index('feature_orders_active_end_idx').on(t.endDate).where(sql`status = 'active'`),
    // a Stripe refund event names the payment intent: it finds its order by this
    index('feature_orders_stripe_pi_idx')
      .on(t.stripePaymentIntentId)
      .where(sql`stripe_payment_intent_id is not null`),
    uniqueIndex('feature_orders_number_key').on(t.number),
    // The pending order an owner's next attempt for the same group and plan reuses (orders.server.ts).
    index('feature_orders_pending_idx').on(t.userId, t.groupId, t.planId).where(sql`status = 'pending'`),
    uniqueIndex('feature_orders_payment_key')
      .on(t.paymentMethod, t.paymentId)
      .where(sql`payment_id is not null`),
  ],
);

export { REPORT_REASONS, type ReportReason };

export const groupReports = pgTable(
  'group_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    description: text('description'),
    status: text('status').notNull().default('pending'),
    /** daily-salted hash of the reporter: one report per visitor per group per day */
    reporterHash: text('reporter_hash').notNull(),
    /** salted hash of the reporter's network address alone (never the address): reporters are counted by it */
    addressHash: text('address_hash'),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    actionTaken: text('action_taken'),
  },
  (t) => [
    check(
      'group_reports_reason_check',
      sql`${t.reason} in ('inappropriate_content','spam','scam','illegal','underage','duplicate','other','broken_link')`,
    ),
    uniqueIndex('group_reports_visitor_key').on(t.groupId, t.reporterHash),
    index('group_reports_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

export const pwaSettings = pgTable('pwa_settings', {
  id: text('id').primaryKey().default('default'),
  appName: text('app_name').notNull(),
  description: text('description').notNull(),
  themeColor: text('theme_color').notNull().default('#25D366'),
  backgroundColor: text('background_color').notNull().default('#FFFFFF'),
  icon192: text('icon_192'),
  icon512: text('icon_512'),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: updatedAt(),
});

export const advertisements = pgTable(
  'advertisements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    link: text('link').notNull(),
    image: text('image'),
    cliques: integer('cliques').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('advertisements_active_idx').on(t.active, t.createdAt.desc()),
    // An ad without a picture read as spam beside the groups (#45): it is never active.
    check('advertisements_active_image_check', sql`not ${t.active} or ${t.image} is not null`),
  ],
);

/** One row ('default'): how the lists place ads (src/features/ads/ads.ts). */
export const adSettings = pgTable('ad_settings', {
  id: text('id').primaryKey().default('default'),
  /** at most one ad in this many cards of a list (default DEFAULT_CARDS_PER_AD) */
  cardsPerAd: integer('cards_per_ad').notNull().default(8),
  updatedAt: updatedAt(),
});

/** One row ('default'). Secret columns hold ciphertext (SETTINGS_ENCRYPTION_KEY), never clear text. */
export const paymentSettings = pgTable('payment_settings', {
  id: text('id').primaryKey().default('default'),
  mercadoPagoAccessToken: text('mercado_pago_access_token'),
  mercadoPagoWebhookSecret: text('mercado_pago_webhook_secret'),
  mercadoPagoPublicKey: text('mercado_pago_public_key'),
  stripeSecretKey: text('stripe_secret_key'),
  stripePublicKey: text('stripe_public_key'),
  stripeWebhookSecret: text('stripe_webhook_secret'),
  callbackUrl: text('callback_url'),
  returnUrl: text('return_url'),
  mode: text('mode').$type<'sandbox' | 'production'>().notNull().default('sandbox'),
  preferredPaymentMethod: text('preferred_payment_method')
    .$type<'mercadopago' | 'stripe'>()
    .notNull()
    .default('mercadopago'),
  mercadopagoEnabled: boolean('mercadopago_enabled').notNull().default(true),
  stripeEnabled: boolean('stripe_enabled').notNull().default(false),
  updatedAt: updatedAt(),
});

export const ENGAGEMENT_KINDS = ['group_click', 'group_share', 'ad_click'] as const;
export type EngagementKind = (typeof ENGAGEMENT_KINDS)[number];

/**
 * Clicks and shares, appended and later rolled into the counters, so a burst on one group never
 * blocks on its row. The unique key makes one visitor count once per target per day.
 */
export const engagementEvents = pgTable(
  'engagement_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<EngagementKind>().notNull(),
    targetId: uuid('target_id').notNull(),
    /** daily-salted hash of IP and user agent; the raw IP is never stored */
    visitorHash: text('visitor_hash').notNull(),
    /** the visitor's day in America/Sao_Paulo */
    day: date('day', { mode: 'string' }).notNull(),
    platform: text('platform'),
    /**
     * Salted hash of the visitor's network for the day (IPv4 /24, IPv6 /48), never the address: the
     * ranking discounts a burst of joins from one network in one minute (#43). Null for older events.
     */
    networkHash: text('network_hash'),
    counted: boolean('counted').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('engagement_events_visitor_day_key').on(t.kind, t.targetId, t.day, t.visitorHash),
    index('engagement_events_uncounted_idx').on(t.id).where(sql`not counted`),
    index('engagement_events_day_idx').on(t.kind, t.day),
  ],
);

/** Provider events already handled: a replayed or duplicated webhook changes nothing. */
export const processedWebhookEvents = pgTable(
  'processed_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    orderId: uuid('order_id'),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Fixed-window counters keyed by purpose and hashed subject (never a raw IP). */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Session tokens ended by 'Sair' before they expire: a hash of the token's jti, kept until its expiry. */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    jtiHash: text('jti_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_sessions_expires_idx').on(t.expiresAt)],
);

export const REBUILD_STATES = ['pending', 'running', 'done', 'failed'] as const;
export type RebuildState = (typeof REBUILD_STATES)[number];

/** Requests to rebuild the static site; a burst of moderation makes one build. */
export const rebuildRequests = pgTable(
  'rebuild_requests',
  {
    id: serial('id').primaryKey(),
    reason: text('reason').notNull(),
    status: text('status').$type<RebuildState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('rebuild_requests_status_idx').on(t.status, t.requestedAt)],
);

export const AUTH_TOKEN_PURPOSES = ['confirm_email', 'password_reset', 'email_change'] as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];

/** Single-use links sent by e-mail: only the SHA-256 of the token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<AuthTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** 'email_change' only: the new address the link was sent to, which it confirms */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId, t.purpose)],
);

export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Every e-mail the product sends, written with the action that caused it and sent after it; the
 * scheduled send-mail function retries the pending ones with backoff until they are sent or fail.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    /** the template's data (JSON); never a token in clear for long: the links expire */
    payload: text('payload').notNull(),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** a message sent at most once (e.g. 'featuring-ending:<orderId>') */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('mail_outbox_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

// ---- Group claims (issue #32): an owner proves a group is theirs by putting a code in its name ----

export const CLAIM_STATUSES = ['pending', 'verified'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/**
 * 'Reivindicar grupo': a logged-in person asks for a short code, puts it in the group's WhatsApp name
 * and asks us to check the invite page; when the name shows it, the group becomes theirs. A claim is
 * pending until `expiresAt` (an expired one is dead, never reused) and verified once. The verified ones
 * are the group's ownership history (the admin sees them); they go with the group when it is deleted.
 */
export const groupClaims = pgTable(
  'group_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** the claimant */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the group's invite code when the claim began: a link changed since then is another group */
    inviteCode: text('invite_code').notNull(),
    /** what must appear in the group's name, e.g. ZAP-7K3Q */
    code: text('code').notNull(),
    status: text('status').$type<ClaimStatus>().notNull().default('pending'),
    /** checks that reached WhatsApp and found no code (limited per claim) */
    attempts: integer('attempts').notNull().default(0),
    /** the group's name on its invite page at the last check */
    seenName: text('seen_name'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** the owner the group had when the claim was verified (null: nobody, or an account since deleted) */
    previousUserId: uuid('previous_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** the group's state then: 'approved', 'pending' or 'hidden' */
    groupState: text('group_state'),
    createdAt: createdAt(),
  },
  (t) => [
    check('group_claims_status_check', sql`${t.status} in ('pending','verified')`),
    index('group_claims_group_idx').on(t.groupId, t.createdAt.desc()),
    index('group_claims_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

// --- Idempotency keys (issue #32): a retry after a timeout gets the first answer, not a second order ---

/**
 * The first answer to a request sent with an Idempotency-Key, per scope ('feature-order',
 * 'csv-import') and caller: a retry with the same key gets it back instead of doing the work again.
 * `response` is null while the first request runs. Pruned after a day with the rate-limit buckets.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    /** what the request asked (a hash): the same key for another request is refused */
    requestHash: text('request_hash').notNull(),
    /** the first answer (JSON), null while it runs */
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.owner, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

// --- Access logs (Marco Civil art. 15, issue #31) ---

export const ACCESS_EVENTS = [
  'register',
  'login',
  'logout',
  'password_reset',
  'email_change',
  'group_submit',
  'group_edit',
  'checkout',
  'data_export',
  'account_delete',
  'legal_notice',
] as const;
export type AccessEvent = (typeof ACCESS_EVENTS)[number];

/**
 * Account events, anonymous group submissions and legal notices, with the client's address and time, kept
 * 6 months (longer under a legal hold) and then pruned hourly. The address is encrypted (AES-256-GCM)
 * and the person is a keyed hash of their e-mail, each with its own key derived (HKDF) from
 * ACCESS_LOG_KEY; `key_id` names the key of the row, so the setting can rotate and older rows stay
 * readable (src/features/access-log/). `user_id` has no foreign key on purpose: it links the events of
 * one account across e-mail changes and outlives the account.
 */
export const accessLogs = pgTable(
  'access_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** the account; null for an anonymous submission or a legal notice */
    userId: uuid('user_id'),
    /** HMAC-SHA256 of the e-mail (account's, or the notifier's), trimmed and lower-cased; null: no e-mail */
    emailHash: text('email_hash'),
    event: text('event').$type<AccessEvent>().notNull(),
    /** the client's IP address, encrypted ('enc:v1:…'); null when the platform gave none (recorded as missing) */
    ipEncrypted: text('ip_encrypted'),
    /** which derived keys hashed and sealed the row: 'legacy' (before #41) or the key's id */
    keyId: text('key_id').notNull().default('legacy'),
    /** what the event was about when it has no account: the submitted group's id, the notice's protocol */
    ref: text('ref'),
    createdAt: createdAt(),
  },
  (t) => [
    index('access_logs_email_idx').on(t.emailHash, t.createdAt),
    index('access_logs_user_idx').on(t.userId, t.createdAt),
    index('access_logs_ref_idx').on(t.ref).where(sql`ref is not null`),
    index('access_logs_created_idx').on(t.createdAt),
  ],
);

/**
 * A legal hold on access logs (Marco Civil art. 15 §2): the authority asked that these rows be kept past
 * the 6 months; the hourly prune keeps every row a hold in force covers. Placed and released only by
 * the admin command (`npm run access-log -- hold`).
 */
export const accessLogHolds = pgTable('access_log_holds', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** the request or order: its number and the authority that made it */
  reference: text('reference').notNull(),
  /** who ran the command (named on the command line) */
  placedBy: text('placed_by').notNull(),
  /** the rows it covers: any of these e-mail hashes (under every key), accounts or refs, within [from, to) */
  emailHashes: text('email_hashes').array().notNull().default(sql`'{}'::text[]`),
  userIds: uuid('user_ids').array().notNull().default(sql`'{}'::uuid[]`),
  refs: text('refs').array().notNull().default(sql`'{}'::text[]`),
  fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
  toAt: timestamp('to_at', { withTimezone: true }).notNull(),
  /** the rows are kept until then (or the release) */
  keepUntil: timestamp('keep_until', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  releasedAt: timestamp('released_at', { withTimezone: true }),
  releasedBy: text('released_by'),
  releaseReason: text('release_reason'),
});

/** Every time access logs were read out (the admin command): who, when, which rows, on what legal basis. */
export const accessLogDisclosures = pgTable('access_log_disclosures', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  operator: text('operator').notNull(),
  /** the court order (or other legal basis) the rows were handed over under */
  legalBasis: text('legal_basis').notNull(),
  /** what was searched, without the e-mail in clear: {emailHash, ref, from, to} as JSON */
  criteria: text('criteria').notNull(),
  rowIds: bigint('row_ids', { mode: 'number' }).array().notNull(),
  createdAt: createdAt(),
});

export type User = typeof users.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type Group = typeof groups.$inferSelect;
export type FeaturePlan = typeof featurePlans.$inferSelect;
export type FeatureOrder = typeof featureOrders.$inferSelect;
export type GroupReport = typeof groupReports.$inferSelect;
export type GroupRevision = typeof groupRevisions.$inferSelect;
export type PwaSettings = typeof pwaSettings.$inferSelect;
export type Advertisement = typeof advertisements.$inferSelect;
export type PaymentSettings = typeof paymentSettings.$inferSelect;

// --- Refunds (issue #31 item 5: the 7-day withdrawal and the admin's refund) ----------------------

export const REFUND_SOURCES = ['owner', 'admin', 'provider', 'removal', 'unserved'] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];

/** 'pending': recorded, the provider not (yet) done; 'completed': the money went back (#41). */
export const REFUND_STATUSES = ['pending', 'completed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * One row per refunded order (at most one): written first, as 'pending', when the owner withdraws or
 * an admin refunds, before the provider is called, so a withdrawal is never lost; 'completed' once the
 * provider refunded (a failure leaves it pending with its error, retried by the scheduler). The order's
 * own status says 'refunded' from the request on: its featuring ends then.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => featureOrders.id, { onDelete: 'cascade' }),
    /**
     * 'owner' (withdrawal in /painel or on deleting the account), 'admin' ('Reembolsar'), 'provider'
     * (its dashboard, a chargeback), 'removal' (the unused days of a group removed by an admin) or
     * 'unserved' (a payment that came for an order that could no longer be activated: cancelled, or
     * paid while a withdrawal's period holds the group or the account back)
     */
    source: text('source').$type<RefundSource>().notNull(),
    /** the account that asked (owner or admin); null for a provider's dashboard or a deleted account */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    /** the provider's refund id (Stripe re_..., Mercado Pago's refund number, the simulator's) */
    providerRefundId: text('provider_refund_id'),
    /** what goes back: the whole price, or the unused part for a removal */
    amount: moneyCents('amount').notNull(),
    /** the featuring time taken back from the group, in seconds */
    removedSeconds: integer('removed_seconds').notNull().default(0),
    status: text('status').$type<RefundStatus>().notNull().default('completed'),
    /** calls made to the provider for this refund */
    attempts: integer('attempts').notNull().default(0),
    /** when the scheduler calls the provider again (pending only) */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** the provider's last failure, shown to the admin */
    lastError: text('last_error'),
    /** how many times the provider reported a refund of ours failed after accepting it */
    reopened: integer('reopened').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'order_refunds_source_check',
      sql`${t.source} in ('owner','admin','provider','removal','unserved')`,
    ),
    check('order_refunds_status_check', sql`${t.status} in ('pending','completed')`),
    index('order_refunds_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);

export type OrderRefund = typeof orderRefunds.$inferSelect;

// --- Legal notices ('Denúncia jurídica', issue #31): notices under Marco Civil art. 19/21 and ECA ---

export const LEGAL_NOTICE_KINDS = ['intimate_images', 'child_abuse', 'illegal_content', 'other'] as const;
export type LegalNoticeKind = (typeof LEGAL_NOTICE_KINDS)[number];
export const LEGAL_NOTICE_STATUSES = ['pending', 'removed', 'kept'] as const;
export type LegalNoticeStatus = (typeof LEGAL_NOTICE_STATUSES)[number];

/**
 * A notice about a group of the catalogue. The protocol (JUR-<year in São Paulo>-<12 random hex digits>)
 * is made by the database on insert: random, not a sequence, so protocols do not tell how many notices
 * the site receives. The group's title and address are kept as given, so the notice
 * still reads after the group is gone. No raw IP: only the salted hash of the sender's address.
 */
export const legalNotices = pgTable(
  'legal_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    protocol: text('protocol')
      .notNull()
      .unique()
      .default(
        sql`('JUR-' || extract(year from now() at time zone ${sql.raw(`'${TIME_ZONE}'`)})::int || '-' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)))`,
      ),
    kind: text('kind', { enum: LEGAL_NOTICE_KINDS }).notNull(),
    status: text('status', { enum: LEGAL_NOTICE_STATUSES }).notNull().default('pending'),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    groupTitle: text('group_title').notNull(),
    /** the address the notifier gave */
    groupUrl: text('group_url').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    description: text('description').notNull(),
    /** salted hash of the sender's network address (rate limits, flood bound) */
    addressHash: text('address_hash').notNull(),
    /** intimate_images: SHA-256 of the single-use link that confirms the notifier's e-mail */
    confirmTokenHash: text('confirm_token_hash').unique(),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** when the site-wide bound on automatic hides was past as it came: first in the queue, counted on screen */
    pastCapAt: timestamp('past_cap_at', { withTimezone: true }),
    /** when this notice hid its group automatically (child_abuse at once, intimate_images on confirmation) */
    hidGroupAt: timestamp('hid_group_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionReason: text('decision_reason'),
    /** the declaration of truth the notifier ticked: its version and the text as the form showed it */
    declarationVersion: text('declaration_version'),
    declarationText: text('declaration_text'),
    /** child abuse: the report to the authorities the admin recorded with the decision (ECA art. 241-A) */
    authorityReportedOn: date('authority_reported_on'),
    authorityAgency: text('authority_agency'),
    authorityProtocol: text('authority_protocol'),
    createdAt: createdAt(),
  },
  (t) => [
    index('legal_notices_pending_idx').on(t.createdAt).where(sql`status = 'pending'`),
    index('legal_notices_group_idx').on(t.groupId),
    index('legal_notices_decided_idx').on(t.decidedAt.desc()).where(sql`status <> 'pending'`),
  ],
);

export const LEGAL_NOTICE_ACTIONS = [
  'received',
  'email_confirmed',
  'group_hidden',
  'hide_skipped',
  'removed',
  'kept',
  'authority_reported',
  'appealed',
  'appeal_decided',
] as const;
export type LegalNoticeAction = (typeof LEGAL_NOTICE_ACTIONS)[number];

/** The audit trail of a notice: what happened, when, and who did it (no actor: the system). */
export const legalNoticeEvents = pgTable(
  'legal_notice_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => legalNotices.id, { onDelete: 'cascade' }),
    action: text('action', { enum: LEGAL_NOTICE_ACTIONS }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** the admin's e-mail when they acted: the trail keeps saying who even after the account is gone */
    actorEmail: text('actor_email'),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('legal_notice_events_notice_idx').on(t.noticeId, t.createdAt)],
);

export type LegalNotice = typeof legalNotices.$inferSelect;

// --- Earlier e-mail addresses (#41 item 5): an account's e-mails sent to an address it left behind are
// still its data (export, deletion). A row is written when the address changes and kept as long as
// those e-mails are (MAIL_KEEP_DAYS); it goes with the account.
export const userEmailHistory = pgTable(
  'user_email_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the address the account used until `replacedAt` */
    email: text('email').notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_email_history_user_idx').on(t.userId)],
);

// --- Renewal reminders (issue #34): owners who asked for the e-mail 'Seu grupo já pode ser renovado'.
// A row is the opt-in; deleting it (panel or the mail's unsubscribe link) is the opt-out.
export const renewalReminders = pgTable('renewal_reminders', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** when the owner opted in: bumps that opened before are not mailed */
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  /** the last reminder sent: at most one a day, and only bumps that opened after it */
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
});

// --- Holds (issue #40): each reason a group is off the public site is its own row, lifted only by its
// own decision. groups.hidden_at/hidden_reason summarise the active ones (src/features/holds/).
export const groupHolds = pgTable(
  'group_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: HOLD_REASONS }).notNull(),
    /** the record that placed it: the legal notice's id; null for reports, an admin's hide, a dead link */
    noticeId: uuid('notice_id').references(() => legalNotices.id, { onDelete: 'set null' }),
    /** what the admin wrote: a court order's reference (process number), an admin hide's reason */
    note: text('note'),
    /** the admin who placed it; null: the system (reports, link checks, an automatic notice hide) */
    placedBy: uuid('placed_by').references(() => users.id, { onDelete: 'set null' }),
    placedByEmail: text('placed_by_email'),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: uuid('lifted_by').references(() => users.id, { onDelete: 'set null' }),
    liftedByEmail: text('lifted_by_email'),
    liftReason: text('lift_reason'),
  },
  (t) => [
    index('group_holds_group_idx').on(t.groupId, t.placedAt),
    // One active hold per reason and source (a notice, a court order's reference): placing it twice is a no-op.
    uniqueIndex('group_holds_active_key')
      .on(
        t.groupId,
        t.reason,
        sql`coalesce(${t.noticeId}::text, case when ${t.reason} = 'court_order' then ${t.note} end, '')`,
      )
      .where(sql`lifted_at is null`),
  ],
);

export type GroupHold = typeof groupHolds.$inferSelect;

export const APPEAL_STATUSES = ['open', 'restored', 'kept'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

/**
 * An owner's appeal ('Contestar') against a hold on their group (#41): the hold's trail with the
 * appeal, who decided it, the outcome and its reason. One open appeal per hold.
 */
export const holdAppeals = pgTable(
  'hold_appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    holdId: uuid('hold_id')
      .notNull()
      .references(() => groupHolds.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    status: text('status', { enum: APPEAL_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByEmail: text('decided_by_email'),
    decisionReason: text('decision_reason'),
  },
  (t) => [
    index('hold_appeals_status_idx').on(t.status, t.createdAt),
    uniqueIndex('hold_appeals_open_key').on(t.holdId).where(sql`status = 'open'`),
  ],
);

export type HoldAppeal = typeof holdAppeals.$inferSelect;

// --- Transparency (#41): the public report's facts, kept apart from the rows they count -----------------

export const TRANSPARENCY_EVENT_KINDS = [
  /** a visitor's report (detail: its reason) */
  'report_received',
  /** a hold placed (detail: its reason; automatic: by the system, not an admin) */
  'hold_placed',
  /** a hold lifted (detail: its reason; automatic: it had been placed by the system; reversed: the decision was undone) */
  'hold_lifted',
  /** an owner's appeal (detail: the contested hold's reason) */
  'appeal_filed',
  /** an appeal decided (detail: 'restored' or 'kept') */
  'appeal_decided',
  /** a public group deleted by an admin at once, with no removal before (detail: 'admin' or 'reports') */
  'group_deleted',
  /** an ad became active or stopped (subject: the ad's id) */
  'ad_active',
  'ad_inactive',
] as const;
export type TransparencyEventKind = (typeof TRANSPARENCY_EVENT_KINDS)[number];

/**
 * Append-only facts for /transparencia: what happened and when, with no person and no group (groups,
 * their reports, holds and appeals are deleted with the group; these stay). Written by the domain
 * functions in the same transaction as the fact (src/features/transparency/).
 */
export const transparencyEvents = pgTable(
  'transparency_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: TRANSPARENCY_EVENT_KINDS }).notNull(),
    detail: text('detail'),
    automatic: boolean('automatic').notNull().default(false),
    reversed: boolean('reversed').notNull().default(false),
    /** a non-personal id where the report counts distinct things (an ad) */
    subject: text('subject'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transparency_events_kind_at_idx').on(t.kind, t.at)],
);

/** A closed year's transparency report, written once (JSON) and never changed after. */
export const transparencyReports = pgTable('transparency_reports', {
  year: integer('year').primaryKey(),
  report: text('report').notNull(),
  generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The curated tag vocabulary (#43): topics, places, games, exams, professions. Admins keep it ('Tags'):
 * a merged tag points at the one that replaced it and keeps its row (its slug stays taken, its page
 * redirects); a hidden one leaves every list and page. Owners pick up to MAX_GROUP_TAGS per group.
 */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    /** other words people use for it (suggestions match them as they match the name) */
    synonyms: text('synonyms').array().notNull().default(sql`'{}'::text[]`),
    /** the category it usually goes with (where the category page lists it), or none */
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** adult (18+): only an 18+ group may carry it */
    adult: boolean('adult').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => tags.id, { onDelete: 'set null' }),
    /** Public groups carrying it (db/visibility.ts), kept by triggers (migration 0040), never by code */
    publicGroups: integer('public_groups').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_name_lower_key').on(sql`lower(${t.name})`).where(sql`merged_into_id is null`)],
);

/** A group's tags; the reverse index serves /api/groups?tag= and the topic pages. */
export const groupTags = pgTable(
  'group_tags',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.tagId] }), index('group_tags_tag_idx').on(t.tagId, t.groupId)],
);
