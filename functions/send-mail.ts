// Every minute: send the e-mails still waiting (a send that failed, retried with backoff) and write
// the featuring reminders ('termina em 3 dias', 'terminou') that are due, once per order.
import type { Config } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { queueFeaturingReminders } from '#src/features/mail/notify.server.ts';
import { deliverMail } from '#src/features/mail/outbox.server.ts';
import { json } from '#src/lib/http.server.ts';

export default async () => {
  const db = await getDb();
  const reminders = await queueFeaturingReminders(db);
  const delivered = await deliverMail(db);
  if (reminders || delivered.sent || delivered.failed)
    console.log('[send-mail]', { reminders, ...delivered });
  return json({ reminders, ...delivered });
};

export const config: Config = { schedule: '* * * * *' };
