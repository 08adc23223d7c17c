-- Accounts that existed before e-mail confirmation count as confirmed (they registered when nothing
-- was asked of them). Accounts are thousands, not millions: one statement.
UPDATE "users" SET "email_confirmed_at" = "created_at" WHERE "email_confirmed_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status_check" CHECK ("status" in ('pending','sent','failed','skipped'));
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_purpose_check" CHECK ("purpose" in ('confirm_email','password_reset'));
