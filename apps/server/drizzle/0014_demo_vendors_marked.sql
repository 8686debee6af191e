-- Demo producers of databases seeded before registration_kind existed: marked by their known
-- demo addresses (reserved .example domain, no password: the seed's, never a real sign-up).
UPDATE "vendors" SET "registration_kind" = 'demo'
WHERE "password_hash" IS NULL AND "email" IN (
  'info@hof-mueller.example',
  'backstube@baeckerei-schneider.example',
  'kontakt@metzgerei-froeba.example',
  'honig@imkerei-groess.example',
  'hallo@hofkaeserei-wagner.example',
  'saft@kelterei-bauer.example',
  'info@brennerei-engelhardt.example',
  'petra@marmeladenkueche-hofmann.example',
  'garten@kraeutergarten-weber.example',
  'hallo@teemanufaktur-wolf.example',
  'info@eierhof-neubauer.example',
  'nuesse@nusshof-schmitt.example',
  'werkstatt@holzwerkstatt-fischer.example',
  'hof@biohof-deuerling.example'
);
