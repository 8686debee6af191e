-- Unsubscribe tokens are kept only as SHA-256 (docs/decisions/0023): every stored token becomes
-- the hash of a link, so the links in newsletters already sent keep working.
INSERT INTO "newsletter_unsubscribe_links" ("token_hash", "subscriber_id", "created_at")
SELECT encode(sha256(convert_to("unsubscribe_token", 'UTF8')), 'hex'), "id", "created_at"
FROM "newsletter_subscribers";--> statement-breakpoint
-- the outbox keeps sent newsletters without their unsubscribe links, as it keeps the link mails
UPDATE "outbox"
SET "text_body" = regexp_replace("text_body", '(/newsletter/abmelden\?token=)[A-Za-z0-9_%-]+', '\1[Link entfernt]', 'g'),
    "html_body" = regexp_replace("html_body", '(/newsletter/abmelden\?token=)[A-Za-z0-9_%-]+', '\1[Link entfernt]', 'g')
WHERE "kind" = 'newsletter-issue' AND "status" IN ('sent', 'failed');
