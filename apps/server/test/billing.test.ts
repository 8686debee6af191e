import { DATEV_DEFAULTS } from '@housnkuh/shared/schemas/billing';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit } from '../src/modules/audit/schema';
import { createSession } from '../src/modules/accounts/sessions.service';
import { vendors } from '../src/modules/vendors/schema';
import { createTestApp, signedInAdmin, type TestApp } from './helpers';

let t: TestApp;
let adminToken = '';
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await signedInAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const inject = (method: 'GET' | 'PUT', url: string, token?: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });

/** A complete, valid body of PUT /api/admin/billing-settings. */
const VALID = {
  steuernummer: '218/123/45678',
  ustIdNr: 'de 123456789',
  iban: 'de89 3704 0044 0532 0130 00',
  bic: 'cobadeffxxx',
  kontoinhaber: 'housnkuh – Regionaler Laden',
  zahlungszielTage: 14,
  besteuerung: 'ist',
  abrechnungAb: '2026-09',
  datev: {
    beraternummer: 1234567,
    mandantennummer: 10001,
    ...DATEV_DEFAULTS,
    aufwandskontoErstattung: 4980,
  },
};

describe('billing settings (GET/PUT /api/admin/billing-settings)', () => {
  it('is admin only: 401 without a session, 401/403 for a producer', async () => {
    expect((await inject('GET', '/api/admin/billing-settings')).statusCode).toBe(401);
    expect((await inject('PUT', '/api/admin/billing-settings', undefined, VALID)).statusCode).toBe(
      401,
    );
    const [vendor] = await t.database.db
      .insert(vendors)
      .values({ email: `v-${randomUUID()}@beispiel.de`, name: 'Vera Verkauf' })
      .returning();
    const vendorToken = (await createSession(t.database.db, 'vendor', vendor!.id)).token;
    expect([401, 403]).toContain(
      (await inject('GET', '/api/admin/billing-settings', vendorToken)).statusCode,
    );
    expect([401, 403]).toContain(
      (await inject('PUT', '/api/admin/billing-settings', vendorToken, VALID)).statusCode,
    );
  });

  it('starts empty with the SKR03 accounts and names what keeps a month from being finalized', async () => {
    const response = await inject('GET', '/api/admin/billing-settings', adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      settings: {
        steuernummer: null,
        ustIdNr: null,
        iban: null,
        bic: null,
        kontoinhaber: null,
        zahlungszielTage: 14,
        besteuerung: 'soll',
        abrechnungAb: null,
        datev: {
          beraternummer: null,
          mandantennummer: null,
          sachkontenlaenge: 4,
          erloeskontoMiete: 8400,
          erloeskontoProvision: 8519,
          erloeskontoErmaessigt: 8300,
          debitorenkontoStart: 10000,
          verrechnungskonto: 1590,
          aufwandskontoErstattung: 4900,
        },
      },
      blockers: [
        'Steuernummer oder USt-IdNr. der Ladenbetreiberin fehlt',
        'IBAN der Ladenbetreiberin fehlt',
      ],
    });
  });

  it('refuses bad values with German field messages and changes nothing', async () => {
    const cases: [string, unknown][] = [
      ['iban', { ...VALID, iban: 'DE89 3704 0044 0532 0130 01' }],
      ['iban', { ...VALID, iban: 'DE89 3704 0044 0532 0130' }],
      ['bic', { ...VALID, bic: 'COBADE' }],
      ['bic', { ...VALID, bic: 'COBA1EFFXXX' }],
      ['steuernummer', { ...VALID, steuernummer: '218/123' }],
      ['steuernummer', { ...VALID, steuernummer: '218-123-45678' }],
      ['ustIdNr', { ...VALID, ustIdNr: 'DE12345678' }],
      ['zahlungszielTage', { ...VALID, zahlungszielTage: 91 }],
      ['zahlungszielTage', { ...VALID, zahlungszielTage: -1 }],
      ['zahlungszielTage', { ...VALID, zahlungszielTage: 2.5 }],
      ['datev.beraternummer', { ...VALID, datev: { ...VALID.datev, beraternummer: 999 } }],
      ['datev.mandantennummer', { ...VALID, datev: { ...VALID.datev, mandantennummer: 100000 } }],
      ['datev.sachkontenlaenge', { ...VALID, datev: { ...VALID.datev, sachkontenlaenge: 3 } }],
      ['datev.erloeskontoMiete', { ...VALID, datev: { ...VALID.datev, erloeskontoMiete: 84000 } }],
      [
        'datev.debitorenkontoStart',
        { ...VALID, datev: { ...VALID.datev, debitorenkontoStart: 1000 } },
      ],
      ['kontoinhaber', { ...VALID, kontoinhaber: 'Zeile\u0000' }],
      ['kontoinhaber', { ...VALID, kontoinhaber: '王小明' }],
      ['besteuerung', { ...VALID, besteuerung: 'pauschal' }],
      ['abrechnungAb', { ...VALID, abrechnungAb: '2026-13' }],
      ['abrechnungAb', { ...VALID, abrechnungAb: 'Juli 2026' }],
      [
        'datev.aufwandskontoErstattung',
        { ...VALID, datev: { ...VALID.datev, aufwandskontoErstattung: 49000 } },
      ],
      [
        'datev.erloeskontoErmaessigt',
        { ...VALID, datev: { ...VALID.datev, erloeskontoErmaessigt: 'acht' } },
      ],
      ['unbekannt', { ...VALID, unbekannt: true }],
    ];
    for (const [field, body] of cases) {
      const response = await inject('PUT', '/api/admin/billing-settings', adminToken, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const answer = response.json<{
        success: boolean;
        message: string;
        errors?: { field: string; message: string }[];
      }>();
      expect(answer.success).toBe(false);
      if (field !== 'unbekannt') {
        const error = answer.errors?.find((e) => e.field === field);
        expect(error, `${field}: ${response.body}`).toBeDefined();
        expect(error!.message).not.toMatch(/expected|Invalid|Too (small|big)/);
      }
    }
    const bic = await inject('PUT', '/api/admin/billing-settings', adminToken, {
      ...VALID,
      bic: 'COBADE',
    });
    expect(bic.json().errors).toContainEqual({
      field: 'bic',
      message: 'Die BIC hat 8 oder 11 Zeichen, z. B. BYLADEM1KRO',
    });
    const iban = await inject('PUT', '/api/admin/billing-settings', adminToken, {
      ...VALID,
      iban: 'DE89370400440532013001',
    });
    expect(iban.json().errors).toContainEqual({
      field: 'iban',
      message: 'Diese IBAN ist ungültig. Bitte prüfe sie noch einmal (Tippfehler?).',
    });
    const after = await inject('GET', '/api/admin/billing-settings', adminToken);
    expect(after.json().settings.iban).toBeNull();
  });

  it('stores the data normalized, audited, and never shows it in the public settings', async () => {
    const response = await inject('PUT', '/api/admin/billing-settings', adminToken, VALID);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      settings: {
        ...VALID,
        ustIdNr: 'DE123456789',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
      },
      blockers: [],
    });
    expect((await inject('GET', '/api/admin/billing-settings', adminToken)).json()).toEqual(
      response.json(),
    );

    const [entry] = await t.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'billing-settings.update'));
    expect(entry).toMatchObject({
      adminName: 'Eva Muster',
      entity: 'billing_settings',
      summary: 'Abrechnungsdaten geändert',
      before: { iban: null, steuernummer: null },
      after: { iban: 'DE89370400440532013000', steuernummer: '218/123/45678' },
    });

    // only a tax id is needed; without the IBAN the month cannot be finalized
    const partial = await inject('PUT', '/api/admin/billing-settings', adminToken, {
      ...VALID,
      steuernummer: '',
      iban: null,
      bic: null,
      datev: { ...VALID.datev, beraternummer: '', mandantennummer: null },
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().settings).toMatchObject({
      steuernummer: null,
      ustIdNr: 'DE123456789',
      iban: null,
      datev: { beraternummer: null, mandantennummer: null },
    });
    expect(partial.json().blockers).toEqual(['IBAN der Ladenbetreiberin fehlt']);

    // a client that does not know the fields of issue 30 gets their defaults; empty month: null
    const { besteuerung: _b, abrechnungAb: _a, ...older } = VALID;
    const { erloeskontoErmaessigt: _e, aufwandskontoErstattung: _w, ...olderDatev } = VALID.datev;
    const old = await inject('PUT', '/api/admin/billing-settings', adminToken, {
      ...older,
      datev: olderDatev,
    });
    expect(old.statusCode, old.body).toBe(200);
    expect(old.json().settings).toMatchObject({
      besteuerung: 'soll',
      abrechnungAb: null,
      datev: { erloeskontoErmaessigt: 8300, aufwandskontoErstattung: 4900 },
    });
    const empty = await inject('PUT', '/api/admin/billing-settings', adminToken, {
      ...VALID,
      abrechnungAb: '',
    });
    expect(empty.json().settings.abrechnungAb).toBeNull();

    await inject('PUT', '/api/admin/billing-settings', adminToken, VALID);
    for (const url of ['/api/settings/public', '/api/admin/settings']) {
      // the VAT id is published in the Impressum (issue 31: kept in the billing data only); the
      // Beraternummer 1234567 happens to be part of it, so it is left out of the search
      const body = (await inject('GET', url, adminToken)).body.replaceAll('DE123456789', '');
      for (const secret of ['DE89370400440532013000', '218/123/45678', 'COBADEFFXXX', '1234567']) {
        expect(body, url).not.toContain(secret);
      }
    }
  });
});
