-- The per-recipient mail caps count the mailbox, not the address as typed: `victim+0@…` … `victim+7@…`
-- reach one mailbox, and each got its own five emails an hour past the victim's cap. mail_mailbox()
-- lower-cases an address and drops a `+tag` from its local part (everything from the first '+' to the
-- '@'); mail/outbox.ts's mailboxOf() is the same rule in code, and the cap's count reads this index.
CREATE FUNCTION mail_mailbox(address text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(lower(address), '\+[^@]*(@[^@]*)$', '\1') $$;
--> statement-breakpoint
DROP INDEX "mail_outbox_recipient_idx";--> statement-breakpoint
CREATE INDEX "mail_outbox_mailbox_idx" ON "mail_outbox" USING btree (mail_mailbox("to_address"),"created_at");
