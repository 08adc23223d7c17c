// How long the product keeps what it does not need for long: the numbers the hourly pruning enforces
// (retention.server.ts) and the privacy page prints (data-inventory.ts). Pure: no IO.

/** Clicks and shares (with their daily visitor hash) are deleted this many days after their day, once counted. */
export const ENGAGEMENT_KEEP_DAYS = 180;

/** Sent (or given up) e-mails are deleted this many days after they were written. */
export const MAIL_KEEP_DAYS = 180;

/** Used or expired e-mail links (confirmation, password reset) are deleted this many days after expiring. */
export const AUTH_TOKEN_KEEP_DAYS = 1;

/** Orders and payments are kept this many years for the tax authorities (anonymised if the account goes). */
export const ORDER_TAX_YEARS = 5;

/**
 * Decided legal notices (and their history) are deleted this many years after the decision: the longest
 * period in which the decision can be challenged in court (CDC art. 27; civil repair is 3, CC art. 206).
 * A notice still waiting for a decision is kept.
 */
export const LEGAL_NOTICE_KEEP_YEARS = 5;
