// Submitting a group: validated server-side, stored unapproved, image kept only if the row is.
import type { Db } from '#db/client.ts';
import { recordAccess } from '#src/features/access-log/access-log.server.ts';
import { ageVerificationConfigured } from '#src/features/age-verification/age-verification.server.ts';
import { ADULT_SUBMISSION_CLOSED } from '#src/features/age-verification/age-verification.ts';
import { addressHash } from '#src/features/analytics/visitor.server.ts';
import {
  assertInviteFree,
  findCategory,
  insertGroups,
  inviteTakenError,
  withTitleSlugs,
} from '#src/features/groups/group-writes.server.ts';
import { normalizeInviteLink } from '#src/features/groups/groups.ts';
import { newLinkCheckState } from '#src/features/links/check-policy.ts';
import { tallyAnswer } from '#src/features/links/check-tallies.server.ts';
import { checkInvite } from '#src/features/links/invite-check.server.ts';
import { copyInvitePhoto } from '#src/features/links/invite-photo.server.ts';
import { storedWhatsappTitle } from '#src/features/links/link-change.ts';
import { DEAD_LINK_MESSAGE } from '#src/features/links/links.schema.ts';
import { isUniqueViolation } from '#src/lib/db-errors.ts';
import { getEnv } from '#src/lib/env.server.ts';
import { AppError, parse, readForm } from '#src/lib/http.server.ts';
import { consumeRateLimit } from '#src/lib/rate-limit.server.ts';
import { IMAGE_TOO_LARGE_MESSAGE } from '../images/group-image.ts';
import { deleteImage, imageUrl, prepareImage, saveImage } from '../images/stored-images.server.ts';
import { chosenTagIds, writeGroupTags } from '../tags/tags.server.ts';
import { signFollowToken } from './follow.server.ts';
import { SubmissionSchema } from './submission.schema.ts';

export const SUBMIT_TOO_MANY_MESSAGE =
  'Você enviou muitos grupos em pouco tempo. Tente novamente mais tarde.';
export const SPAM_MESSAGE = 'Não foi possível enviar o grupo. Tente novamente.';
export const CATEGORY_MESSAGE = 'Selecione uma categoria válida';

export interface SubmissionForm {
  fields: Record<string, unknown>;
  image: File | null;
  honeypot: string;
}

/** The most a submission's body may be: the 5 MB image and the text fields around it. */
const SUBMISSION_MAX_BYTES = 6 * 1024 * 1024;

/** Multipart (or urlencoded) body to plain fields plus the image file, read with a size cap. */
export async function readSubmission(req: Request): Promise<SubmissionForm> {
  const form = await readForm(
    req,
    SUBMISSION_MAX_BYTES,
    new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE_MESSAGE, { image: IMAGE_TOO_LARGE_MESSAGE }),
  );
  const fields: Record<string, unknown> = {};
  for (const name of ['title', 'description', 'link', 'category', 'tags']) {
    const value = form.get(name);
    if (typeof value === 'string') fields[name] = value;
  }
  const image = form.get('image');
  const honeypot = form.get('website');
  return {
    fields,
    image: image instanceof File && image.size > 0 ? image : null,
    honeypot: typeof honeypot === 'string' ? honeypot : '',
  };
}

/**
 * The category a form names (see categoryFinder), or 400 'Selecione uma categoria válida'. An 18+
 * category takes no submission or owner's edit while it is closed (no age verification configured,
 * decision 0010): its groups could never be shown.
 */
export async function submittedCategory(db: Db, value: string): Promise<{ id: number; adult: boolean }> {
  const category = await findCategory(db, value);
  if (!category) throw new AppError('BAD_REQUEST', CATEGORY_MESSAGE, { category: CATEGORY_MESSAGE });
  if (category.adult && !ageVerificationConfigured())
    throw new AppError('BAD_REQUEST', ADULT_SUBMISSION_CLOSED, { category: ADULT_SUBMISSION_CLOSED });
  return category;
}

/**
 * Create an unapproved group. Sent without an account, the answer carries `followToken`: the sender
 * may log in or sign up and follow it from the panel (follow.server.ts).
 */
export async function submitGroup(
  db: Db,
  form: SubmissionForm,
  options: { userId: string | null; ip: string | null },
) {
  if (form.honeypot) throw new AppError('BAD_REQUEST', SPAM_MESSAGE);
  const input = parse(SubmissionSchema, form.fields);
  await consumeRateLimit(
    db,
    `submit:ip:${addressHash(options.ip)}`,
    getEnv().SUBMIT_RATE_LIMIT,
    3600,
    SUBMIT_TOO_MANY_MESSAGE,
  );

  const invite = normalizeInviteLink(input.link)!;
  const category = await submittedCategory(db, input.category);
  const tagIds = await chosenTagIds(db, input.tags ?? [], { adultGroup: category.adult });
  const asker = { userId: options.userId };
  await assertInviteFree(db, invite.code, asker);

  // A revoked link can never be submitted; an inconclusive check (offline, 429) lets it through.
  const check = await checkInvite(invite.link);
  await tallyAnswer(db, 'submission', check.status);
  if (check.status === 'dead')
    throw new AppError('BAD_REQUEST', DEAD_LINK_MESSAGE, { link: DEAD_LINK_MESSAGE });

  const prepared = form.image ? await prepareImage(form.image) : null;
  let imageKey = prepared ? await saveImage(prepared) : null;
  if (!imageKey && check.status === 'live' && check.imageUrl) {
    // No upload: the group's own WhatsApp photo, copied into our storage (never hot-linked).
    imageKey = (await copyInvitePhoto(check.imageUrl))?.key ?? null;
  }
  // Sent meanwhile by someone else (the unique key caught it): the same answer, never a dead end.
  const resent = () => inviteTakenError(asker);
  try {
    const [row] = await withTitleSlugs(db, [
      {
        id: crypto.randomUUID(),
        title: input.title,
        description: input.description,
        link: invite.link,
        inviteCode: invite.code,
        type: invite.type,
        followers: check.followers ?? null,
        // What WhatsApp answered now is the group's first check: moderators read it on the pending item.
        ...newLinkCheckState(check.status === 'live' ? 'live' : 'unknown', new Date()),
        whatsappTitle: check.status === 'live' ? storedWhatsappTitle(check.title) : null,
        categoryId: category.id,
        approved: false,
        image: imageKey ? imageUrl(imageKey) : null,
        userId: options.userId,
      },
    ]);
    // The group and its tags in one transaction: never a group without the tags its owner chose.
    await db.transaction(async (tx) => {
      if (!(await insertGroups(tx, [row!])).has(invite.code)) throw resent();
      await writeGroupTags(tx, row!.id, tagIds);
    });
    // Anonymous submissions are logged too (Marco Civil art. 15), found by the group they sent.
    await recordAccess(db, {
      userId: options.userId,
      event: 'group_submit',
      ip: options.ip,
      ref: row!.id,
    });
    const { id, title, approved, image, titleSlug } = row!;
    const followToken = options.userId ? undefined : await signFollowToken(id);
    return { id, title, approved, image, titleSlug, followToken };
  } catch (error) {
    if (imageKey) await deleteImage(imageKey).catch(() => undefined);
    throw isUniqueViolation(error) ? resent() : error;
  }
}
