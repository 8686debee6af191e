import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tags, vendorTags } from '../src/modules/directory/schema';
import { vendors } from '../src/modules/vendors/schema';
import { startedApp, adminSender } from './helpers';

const t = startedApp();

const admin = adminSender(() => t);

describe('/api/admin/tags', () => {
  it('creates a tag with a German slug and refuses a second one with the same slug', async () => {
    const created = await admin('POST', '/api/admin/tags', {
      name: 'Käse & Milch',
      icon: 'milk',
      color: '#3B6EA8',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().tag).toMatchObject({
      name: 'Käse & Milch',
      slug: 'kaese-milch',
      color: '#3b6ea8',
      category: 'product',
      vendorCount: 0,
    });
    const again = await admin('POST', '/api/admin/tags', { name: 'Käse und Milch' });
    expect(again.statusCode).toBe(200);
    const taken = await admin('POST', '/api/admin/tags', { name: 'KÄSE  &  MILCH' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Einen Tag mit der Adresse „kaese-milch“ gibt es schon.');
  });

  it('refuses bad input with German messages and changes nothing', async () => {
    const before = (await admin('GET', '/api/admin/tags')).json();
    for (const body of [
      { name: '' },
      { name: '&&&' },
      { name: 'Brot', color: 'blau' },
      { name: 'Brot', icon: 'rakete' },
      { name: 'Brot', category: 'irgendwas' },
      { name: 'Brot', slug: 'eigener-slug' },
    ]) {
      const response = await admin('POST', '/api/admin/tags', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(/[a-zäöü]/);
    }
    expect((await admin('GET', '/api/admin/tags')).json()).toEqual(before);
    for (const id of [randomUUID(), 'x']) {
      expect((await admin('PATCH', `/api/admin/tags/${id}`, { name: 'Y' })).statusCode).toBe(404);
      expect((await admin('DELETE', `/api/admin/tags/${id}`)).statusCode).toBe(404);
    }
  });

  it('renames a tag in use (slug and the producers’ search follow) and deletes it only after the count is confirmed', async () => {
    const db = t.database.db;
    const [tag] = await db.select().from(tags).where(eq(tags.slug, 'kaese-milch'));
    const carriers = await db
      .insert(vendors)
      .values([
        { email: 'a@beispiel.de', name: 'Anna', searchText: 'anna' },
        { email: 'b@beispiel.de', name: 'Bernd', searchText: 'bernd' },
      ])
      .returning();
    await db.insert(vendorTags).values(carriers.map((v) => ({ vendorId: v.id, tagId: tag!.id })));

    const renamed = await admin('PATCH', `/api/admin/tags/${tag!.id}`, { name: 'Ziegenkäse' });
    expect(renamed.json().tag).toMatchObject({ slug: 'ziegenkaese', vendorCount: 2 });
    const [anna] = await db.select().from(vendors).where(eq(vendors.email, 'a@beispiel.de'));
    expect(anna!.searchText).toContain('ziegenkase');

    const refused = await admin('DELETE', `/api/admin/tags/${tag!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Dieser Tag ist bei 2 Direktvermarktern eingetragen. Bitte bestätige, dass er bei allen entfernt wird.',
    );
    expect((await admin('DELETE', `/api/admin/tags/${tag!.id}?confirm=1`)).statusCode).toBe(409);
    const deleted = await admin('DELETE', `/api/admin/tags/${tag!.id}?confirm=2`);
    expect(deleted.json().message).toBe(
      'Der Tag ist gelöscht und bei 2 Direktvermarktern entfernt.',
    );
    expect(await db.select().from(vendorTags).where(eq(vendorTags.tagId, tag!.id))).toEqual([]);
    const [after] = await db.select().from(vendors).where(eq(vendors.email, 'a@beispiel.de'));
    expect(after!.searchText).not.toContain('ziegen');

    const log = (await admin('GET', '/api/admin/audit?entity=tag')).json();
    expect(log.entries[0].summary).toBe(
      'Tag „Ziegenkäse“ gelöscht (bei 2 Direktvermarktern entfernt)',
    );
  });
});
