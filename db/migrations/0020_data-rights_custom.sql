-- 'Meus dados': a link sent to a new address confirms an e-mail change (auth_tokens.new_email).
ALTER TABLE "auth_tokens" DROP CONSTRAINT "auth_tokens_purpose_check";
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_purpose_check" CHECK ("purpose" in ('confirm_email','password_reset','email_change'));
--> statement-breakpoint
-- Access logs hold only the events the code records.
ALTER TABLE "access_logs" ADD CONSTRAINT "access_logs_event_check" CHECK ("event" in ('register','login','logout','password_reset','email_change','group_submit','group_edit','checkout','data_export','account_delete'));
