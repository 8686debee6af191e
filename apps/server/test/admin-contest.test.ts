import { clock } from '@housnkuh/shared/clock';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries } from '../src/modules/contest/schema';
import { createTestApp, adminSender, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const base = clock.nowMs() - 60 * 60_000;
  await t.database.db.insert(contestEntries).values([
    {
      name: 'Anna',
      email: 'anna@beispiel.de',
      guesses: ['Hof Müller', 'Imkerei Größ', 'Bäckerei Schneider'],
      createdAt: new Date(base),
    },
    {
      name: 'Bernd',
      email: 'bernd@beispiel.de',
      guesses: ['hof  müller', 'IMKEREI GRÖSS', 'Metzgerei Fröba'],
      createdAt: new Date(base + 1000),
    },
    {
      name: 'Clara',
      email: 'clara@beispiel.de',
      guesses: ['Hof Müller ', 'Imkerei Größ', 'Hofkäserei Wagner'],
      createdAt: new Date(base + 2000),
    },
    {
      name: '=HYPERLINK("http://böse.example")',
      email: 'eve@beispiel.de',
      phone: '+49 1',
      guesses: ['Niemand', 'Keiner', 'Hof Müller'],
      createdAt: new Date(base + 3000),
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const admin = adminSender(() => t);

const ANSWERS = ['Hof Müller', 'Imkerei Größ', 'Hofkäserei Wagner'];

describe('/api/admin/vendor-contest', () => {
  it('lists entries newest first and ranks the guesses without case and extra spaces', async () => {
    const overview = (await admin('GET', '/api/admin/vendor-contest?limit=2')).json();
    expect(overview.open).toBe(true);
    expect(overview.pagination).toMatchObject({ totalCount: 4, totalPages: 2 });
    expect(overview.entries.map((e: { email: string }) => e.email)).toEqual([
      'eve@beispiel.de',
      'clara@beispiel.de',
    ]);
    expect(overview.ranking.slice(0, 2)).toEqual([
      { name: 'Hof Müller', count: 4 },
      { name: 'Imkerei Größ', count: 3 },
    ]);
    const search = (await admin('GET', '/api/admin/vendor-contest?search=bernd')).json();
    expect(search.entries).toHaveLength(1);
  });

  it('exports every entry as CSV a spreadsheet opens safely', async () => {
    const response = await admin('GET', '/api/admin/vendor-contest/export.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('wettbewerb-teilnahmen.csv');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows: string[][] = parse(response.body, { bom: true, delimiter: ';' });
    expect(rows[0]).toEqual(['Eingang', 'Name', 'E-Mail', 'Telefon', 'Tipp 1', 'Tipp 2', 'Tipp 3']);
    expect(rows).toHaveLength(5);
    expect(rows[1]!.slice(1)).toEqual([
      'Anna',
      'anna@beispiel.de',
      '',
      'Hof Müller',
      'Imkerei Größ',
      'Bäckerei Schneider',
    ]);
    expect(rows[4]![1]).toBe('\'=HYPERLINK("http://böse.example")');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/vendor-contest/export.csv' }))
        .statusCode,
    ).toBe(401);
  });

  it('evaluates; draws only once the contest is over, at random among the best, and keeps the draw', async () => {
    const evaluation = (
      await admin('POST', '/api/admin/vendor-contest/evaluate', { answers: ANSWERS })
    ).json();
    expect(evaluation.score).toBe(3);
    expect(evaluation.best.map((e: { name: string }) => e.name)).toEqual(['Clara']);

    const early = await admin('POST', '/api/admin/vendor-contest/draw', { answers: ANSWERS });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('Der Wettbewerb läuft noch.');

    await admin('PATCH', '/api/admin/settings', { contest: { active: false } });
    const two = ['Hof Müller', 'Imkerei Größ', 'Metzgerei Fröba'];
    const winners = new Set<string>();
    for (let n = 0; n < 12; n++) {
      const drawn = await admin('POST', '/api/admin/vendor-contest/draw', { answers: two });
      expect(drawn.statusCode, drawn.body).toBe(200);
      expect(drawn.json().draw).toMatchObject({ bestScore: 3, candidateCount: 1 });
      winners.add(drawn.json().draw.winnerName);
    }
    expect([...winners]).toEqual(['Bernd']);
    // two with two right: either may win
    const tie = ['Hof Müller', 'Imkerei Größ', 'Gibt es nicht'];
    const tied = new Set<string>();
    for (let n = 0; n < 30; n++) {
      tied.add(
        (await admin('POST', '/api/admin/vendor-contest/draw', { answers: tie })).json().draw
          .winnerName,
      );
    }
    expect([...tied].sort()).toEqual(['Anna', 'Bernd', 'Clara']);
    const overview = (await admin('GET', '/api/admin/vendor-contest')).json();
    expect(overview.open).toBe(false);
    expect(overview.draws).toHaveLength(42);
    expect(overview.draws[0]).toMatchObject({
      answers: tie,
      adminName: 'Eva Muster',
      bestScore: 2,
      candidateCount: 3,
    });
    const none = await admin('POST', '/api/admin/vendor-contest/draw', {
      answers: ['X', 'Y', 'Z'],
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(
      'Niemand hat einen der drei Direktvermarkter richtig geraten. Es gibt nichts auszulosen.',
    );
  });

  it('refuses answers that are not three different names', async () => {
    for (const answers of [
      [],
      ['A', 'B'],
      ['A', 'B', ''],
      ['A', 'a', 'B'],
      ['A', 'B', 'C', 'D'],
      'A,B,C',
    ]) {
      const response = await admin('POST', '/api/admin/vendor-contest/draw', { answers });
      expect(response.statusCode, JSON.stringify(answers)).toBe(400);
      expect(response.json().message).toMatch(/[a-zäöü]/);
    }
  });
});
