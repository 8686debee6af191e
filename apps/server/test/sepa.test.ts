import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sepaCreditTransfer, sepaText } from '../src/modules/billing/sepa';
import { tempDir } from './helpers';

const XSD = path.resolve(import.meta.dirname, 'fixtures/pain.001.001.09.xsd');

/** xmllint's verdict on the file against the official schema (throws with its message). */
function validate(xml: string): string {
  const file = path.join(tempDir('sepa-'), 'pain.001.xml');
  fs.writeFileSync(file, xml);
  return execFileSync('xmllint', ['--noout', '--schema', XSD, file], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const INPUT = {
  messageId: 'HK-2026-10-AUSZAHLUNG',
  createdAt: '2026-11-05T09:30:15Z',
  debtor: {
    name: 'housnkuh – Regionaler Laden, Jüngling & Söhne',
    iban: 'DE89 3704 0044 0532 0130 00',
    bic: 'COBADEFFXXX',
  },
  executionDate: '2026-11-13',
  payments: [
    {
      endToEndId: 'VA-2026-00001',
      amountCents: 929,
      creditorName: 'Imkerei Größer <Bienen> & "Honig"',
      creditorIban: 'DE02120300000000202051',
      creditorBic: 'BYLADEM1001',
      reference: 'Auszahlung Oktober 2026, Verkaufsabrechnung VA-2026-00001',
    },
    {
      endToEndId: 'VA-2026-00002',
      amountCents: 123456,
      creditorName: 'Hofladen Müller',
      creditorIban: 'DE02500105170137075030',
      reference: 'Auszahlung Oktober 2026, Verkaufsabrechnung VA-2026-00002',
    },
  ],
};

describe('SEPA credit transfer (pain.001.001.09)', () => {
  it('makes a file that validates against the official XSD, with the amounts to the cent', () => {
    const xml = sepaCreditTransfer(INPUT);
    expect(() => validate(xml)).not.toThrow();
    expect(xml).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"');
    expect(xml).toMatch(/<GrpHdr><MsgId>HK-2026-10-AUSZAHLUNG<\/MsgId>/);
    // the time in Kronach (CET in November)
    expect(xml).toContain('<CreDtTm>2026-11-05T10:30:15</CreDtTm>');
    expect(xml).toContain('<NbOfTxs>2</NbOfTxs>');
    expect(xml).toContain('<CtrlSum>1243.85</CtrlSum>');
    expect(xml).toContain('<ReqdExctnDt><Dt>2026-11-13</Dt></ReqdExctnDt>');
    expect(xml).toContain('<DbtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></DbtrAcct>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">9.29</InstdAmt>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">1234.56</InstdAmt>');
    expect(xml).toContain('<EndToEndId>VA-2026-00001</EndToEndId>');
    // quotes become the SEPA apostrophe, escaped; '<' and '>' are no SEPA characters
    expect(xml).toContain('<Nm>Imkerei Groesser Bienen + &apos;Honig&apos;</Nm>');
    expect(xml).toContain('<Nm>housnkuh - Regionaler Laden, Juengling + Soehne</Nm>');
    expect(xml).toContain(
      '<Ustrd>Auszahlung Oktober 2026, Verkaufsabrechnung VA-2026-00002</Ustrd>',
    );
    // a payee without BIC: IBAN only (no creditor agent)
    const second = xml.slice(xml.lastIndexOf('<CdtTrfTxInf>'));
    expect(second).not.toContain('<CdtrAgt>');
    expect(second).toContain('<IBAN>DE02500105170137075030</IBAN>');
  });

  it('validates without any BIC and with many payments (the control sum stays exact)', () => {
    const payments = Array.from({ length: 200 }, (_, i) => ({
      endToEndId: `VA-2026-${String(i + 1).padStart(5, '0')}`,
      amountCents: 1 + i * 7,
      creditorName: `Erzeuger ${i}`,
      creditorIban: 'DE02120300000000202051',
      reference: `Auszahlung ${i}`,
    }));
    const xml = sepaCreditTransfer({ ...INPUT, debtor: { ...INPUT.debtor, bic: null }, payments });
    expect(() => validate(xml)).not.toThrow();
    const total = payments.reduce((sum, p) => sum + p.amountCents, 0);
    expect(xml).toContain(`<CtrlSum>${(total / 100).toFixed(2)}</CtrlSum>`);
  });

  it('refuses what the bank would refuse: nothing to pay, a zero or fractional amount', () => {
    expect(() => sepaCreditTransfer({ ...INPUT, payments: [] })).toThrow();
    for (const amountCents of [0, -5, 1.5]) {
      expect(() =>
        sepaCreditTransfer({ ...INPUT, payments: [{ ...INPUT.payments[0]!, amountCents }] }),
      ).toThrow();
    }
  });

  it('never writes an empty name: a payee only in another script is refused, not written', () => {
    expect(() =>
      sepaCreditTransfer({
        ...INPUT,
        payments: [{ ...INPUT.payments[0]!, creditorName: 'Иван Петров' }],
      }),
    ).toThrow(/no name/);
    expect(() =>
      sepaCreditTransfer({ ...INPUT, debtor: { ...INPUT.debtor, name: '王小明' } }),
    ).toThrow(/no name/);
    const xml = sepaCreditTransfer({
      ...INPUT,
      payments: [{ ...INPUT.payments[0]!, creditorName: 'Łukasz Øster (Иван)' }],
    });
    expect(() => validate(xml)).not.toThrow();
    expect(xml).toContain('<Nm>Lukasz Oster ( )</Nm>');
  });

  it('puts text into the SEPA character set as the DK rules convert it', () => {
    expect(sepaText('Bäckerei Öttl & Süß', 70)).toBe('Baeckerei Oettl + Suess');
    expect(sepaText('Café Zoë <b>', 70)).toBe('Cafe Zoe b');
    expect(sepaText('a'.repeat(80), 70)).toHaveLength(70);
  });
});
