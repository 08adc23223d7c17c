// POST /api/invite-preview: what the submit form shows while the visitor types a link (name, photo,
// live or revoked). Rate-limited per visitor: every call is a request to WhatsApp.
import type { Db } from '#db/client.ts';
import { consumeRateLimit } from '#src/lib/rate-limit.server.ts';
import { tallyAnswer } from './check-tallies.server.ts';
import { checkInvite } from './invite-check.server.ts';
import { invitePhotoDataUrl } from './invite-photo.server.ts';
import { type InvitePreview, PREVIEW_TOO_MANY_MESSAGE } from './links.schema.ts';

/** Previews per visitor per window: the form debounces, so this is a lot of typing. */
export const PREVIEW_LIMIT = 30;
export const PREVIEW_WINDOW_SECONDS = 600;

export async function previewInvite(
  db: Db,
  link: string,
  options: { visitor: string; signal?: AbortSignal },
): Promise<InvitePreview> {
  await consumeRateLimit(
    db,
    `invite-preview:${options.visitor}`,
    PREVIEW_LIMIT,
    PREVIEW_WINDOW_SECONDS,
    PREVIEW_TOO_MANY_MESSAGE,
  );
  const check = await checkInvite(link, { signal: options.signal });
  await tallyAnswer(db, 'submission', check.status);
  const preview: InvitePreview = { status: check.status, type: check.type };
  if (check.status !== 'live') return preview;
  if (check.title) preview.title = check.title;
  if (check.followers !== undefined) preview.followers = check.followers;
  // The form shows the photo inline: the visitor's browser never loads WhatsApp's signed URL.
  const photo = check.imageUrl && (await invitePhotoDataUrl(check.imageUrl, { signal: options.signal }));
  if (photo) preview.imageUrl = photo;
  return preview;
}
