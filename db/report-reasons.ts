// The reasons a visitor can give when reporting a group. Its own module, free of drizzle, so the
// schema's enum and the islands' report form read the same list.
export const REPORT_REASONS = [
  'inappropriate_content',
  'spam',
  'scam',
  'illegal',
  'underage',
  'duplicate',
  'other',
  'broken_link',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
