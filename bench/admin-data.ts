// Fills a database for the admin lists benchmark (run by bench/run.mjs through tsx,
// after bench/directory-data.ts has made the vendors): N contact messages, N newsletter
// subscribers, N audit entries and the admin 'bench'. Bench-only data.
//   tsx bench/admin-data.ts <count> <password>   (DATA_DIR or DATABASE_URL as the server reads them)
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
// bench data goes in through the owners' functions, as db/seed.ts does (docs/decisions/0013)
import { createAdmin } from '../apps/server/src/modules/accounts/public';
import { recordPastAudits } from '../apps/server/src/modules/audit/public';
import { addPastContactRequests } from '../apps/server/src/modules/contact/public';
import { addPastSubscribers } from '../apps/server/src/modules/newsletter/public';

const SUBJECTS = ['Kühlfach mieten', 'Frage zu Öffnungszeiten', 'Honig im Angebot?', 'Lieferung'];
const STATUSES = ['new', 'in_progress', 'done'];

async function main() {
  const count = Number(process.argv[2] ?? 1000);
  const password = process.argv[3] ?? 'Bench!2026';
  const database = await openDatabase({
    url: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR ?? 'memory',
  });
  try {
    const admin = await createAdmin(database.db, {
      username: 'bench',
      name: 'Bench Admin',
      password,
    });
    for (let start = 0; start < count; start += 1000) {
      const size = Math.min(1000, count - start);
      const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 600_000);
      await addPastContactRequests(
        database.db,
        Array.from({ length: size }, (_, k) => {
          const i = start + k;
          return {
            name: `Kundin ${i}`,
            email: `kundin-${i}@bench.example`,
            subject: SUBJECTS[i % SUBJECTS.length]!,
            message: `Nachricht Nummer ${i}: Habt ihr auch regionale Produkte aus Kronach?`,
            status: STATUSES[i % STATUSES.length]!,
            at: at(i),
          };
        }),
      );
      await addPastSubscribers(
        database.db,
        Array.from({ length: size }, (_, k) => {
          const i = start + k;
          return {
            email: `leser-${i}@bench.example`,
            name: `Leser ${i}`,
            type: i % 5 === 0 ? 'vendor' : 'customer',
            status: i % 4 === 0 ? 'pending' : 'confirmed',
            confirmedAt: i % 4 === 0 ? null : at(i),
            at: at(i),
          };
        }),
      );
      await recordPastAudits(
        database.db,
        Array.from({ length: size }, (_, k) => {
          const i = start + k;
          return {
            actor: { id: admin.id, name: 'Bench Admin' },
            action: 'settings.update',
            entity: i % 2 ? 'settings' : 'faq',
            summary: `Änderung ${i}`,
            before: { n: i },
            after: { n: i + 1 },
            at: at(i),
          };
        }),
      );
    }
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
}

await main();
