// Fills a database for the admin lists benchmark (run by bench/run.mjs through tsx,
// after bench/directory-data.ts has made the vendors): N contact messages, N newsletter
// subscribers, N audit entries and the admin 'bench'. Bench-only data.
//   tsx bench/admin-data.ts <count> <password>   (DATA_DIR or DATABASE_URL as the server reads them)
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
// bench data goes straight into the tables, as the tests' setup does
import { adminAudit } from '../apps/server/src/modules/audit/schema';
import { contactRequests } from '../apps/server/src/modules/contact/schema';
import { newsletterSubscribers } from '../apps/server/src/modules/newsletter/schema';
import { createAdmin } from '../apps/server/src/modules/accounts/public';

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
      await database.db.insert(contactRequests).values(
        Array.from({ length: size }, (_, k) => {
          const i = start + k;
          return {
            name: `Kundin ${i}`,
            email: `kundin-${i}@bench.example`,
            subject: SUBJECTS[i % SUBJECTS.length]!,
            message: `Nachricht Nummer ${i}: Habt ihr auch regionale Produkte aus Kronach?`,
            status: STATUSES[i % STATUSES.length]!,
            createdAt: at(i),
            updatedAt: at(i),
          };
        }),
      );
      await database.db.insert(newsletterSubscribers).values(
        Array.from({ length: size }, (_, k) => {
          const i = start + k;
          return {
            email: `leser-${i}@bench.example`,
            name: `Leser ${i}`,
            type: i % 5 === 0 ? 'vendor' : 'customer',
            status: i % 4 === 0 ? 'pending' : 'confirmed',
            confirmedAt: i % 4 === 0 ? null : at(i),
            createdAt: at(i),
          };
        }),
      );
      await database.db.insert(adminAudit).values(
        Array.from({ length: size }, (_, k) => {
          const i = start + k;
          return {
            adminId: admin.id,
            adminName: 'Bench Admin',
            action: 'settings.update',
            entity: i % 2 ? 'settings' : 'faq',
            summary: `Änderung ${i}`,
            before: { n: i },
            after: { n: i + 1 },
            createdAt: at(i),
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
