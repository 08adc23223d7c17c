// The SMTP transport (nodemailer), configured by SMTP_URL and MAIL_FROM. One transporter per URL.
import nodemailer, { type Mail } from 'nodemailer';
import { getEnv } from '#src/lib/env.server.ts';
import { SITE_NAME } from '#src/lib/site.ts';
import type { MailMessage } from './templates.ts';

export const SMTP_MISSING_MESSAGE = 'SMTP_URL não configurado';

let cached: { url: string; transporter: Mail } | undefined;

function transporter(url: string): Mail {
  if (cached?.url !== url) {
    cached?.transporter.close();
    cached = {
      url,
      // Short timeouts: a message is sent inside a request; a slow server leaves it for the retries.
      transporter: nodemailer.createTransport({
        url,
        connectionTimeout: 5_000,
        greetingTimeout: 5_000,
        socketTimeout: 10_000,
      }),
    };
  }
  return cached.transporter;
}

/** Send one rendered message; throws when the server refuses it or cannot be reached. */
export async function sendMail(message: MailMessage & { to: string }): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = getEnv();
  if (!SMTP_URL) throw new Error(SMTP_MISSING_MESSAGE);
  await transporter(SMTP_URL).sendMail({
    from: MAIL_FROM ?? `${SITE_NAME} <nao-responda@localhost>`,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.headers ? { headers: message.headers } : {}),
  });
}
