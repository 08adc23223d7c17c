// Every minute: send the e-mails still waiting (a send that failed, retried with backoff) and write
// the featuring reminders ('termina em 3 dias', 'terminou') that are due, once per order, and the
// opt-in 'Seu grupo já pode ser renovado' (at most one a day per owner).
import type { Config } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { queueFeaturingReminders } from '#src/features/mail/notify.server.ts';
import { deliverMail } from '#src/features/mail/outbox.server.ts';
import { queueRenewalReminders } from '#src/features/panel/renewal-reminders.server.ts';
import { json } from '#src/lib/http.server.ts';

export default async () => {
  const db = await getDb();
  const reminders = (await queueFeaturingReminders(db)) + (await queueRenewalReminders(db));
  const delivered = await deliverMail(db);
  if (reminders || delivered.sent || delivered.failed)
    console.log('[send-mail]', { reminders, ...delivered });
  return json({ reminders, ...delivered });
};

export const config: Config = { schedule: '* * * * *' };
