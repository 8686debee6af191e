-- documents.content is stored and read whole, never queried inside: json keeps the text as sent (no jsonb parse and tree per document; docs/decisions/0086)
ALTER TABLE "documents" ALTER COLUMN "content" SET DATA TYPE json USING "content"::json;
