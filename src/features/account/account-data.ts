// What the data export (LGPD art. 18, II and V) holds, per table of db/schema.ts: every table with a
// user id or an e-mail column is either in the export (the key of the JSON document that carries it) or
// left out with the reason. account-data.test.ts reads the schema and fails when a table is in neither,
// so a new table about people forces a decision. Pure: no IO.

/** Table (SQL name) -> the export's top-level key that carries its rows about the person. */
export const EXPORTED_TABLES: Readonly<Record<string, string>> = {
  users: 'account',
  groups: 'groups',
  group_revisions: 'groups',
  group_reports: 'reportsMade',
  feature_orders: 'featureOrders',
  order_refunds: 'featureOrders',
  processed_webhook_events: 'featureOrders',
  auth_tokens: 'emailLinks',
  mail_outbox: 'emails',
  user_email_history: 'earlierEmails',
  group_claims: 'claims',
  renewal_reminders: 'renewalReminder',
  legal_notices: 'legalNoticesSent',
  hold_appeals: 'appeals',
};

/** Tables with a user id or e-mail column that the export leaves out, each with why. */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  access_logs:
    'Marco Civil art. 15: kept sealed for 6 months and handed over only by court order; the export says so (accessLogs)',
  access_log_holds:
    'an authority’s order to keep access logs longer (Marco Civil art. 15 § 2), naming people only by keyed e-mail hashes; part of a proceeding, handed over only by court order',
  idempotency_keys:
    'the first answer to a retried request, kept 24 hours; it repeats an order already exported',
  revoked_sessions: 'a hash of an ended session id, with no account id; the export explains sessions instead',
  advertisements: 'created_by names the admin who placed an ad: the admin’s work, not data about them',
  group_holds:
    'placed_by/lifted_by name the admin who decided; the owner’s own group shows its state, and appeals are exported',
  legal_notice_events:
    'a notice’s trail (actor_id: the admin who decided); the notices sent from the account are exported',
};
