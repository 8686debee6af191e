import { describe, expect, it } from 'vitest';
import { addressText, usableCoordinates } from './address';

describe('addresses and positions', () => {
  it('writes the address from the parts there are', () => {
    const adresse = {
      strasse: 'Hauptstraße',
      hausnummer: '3',
      plz: '96317',
      ort: 'Kronach',
    };
    expect(addressText(adresse)).toBe('Hauptstraße 3, 96317 Kronach');
    expect(addressText({ ...adresse, strasse: null, hausnummer: null })).toBe('96317 Kronach');
    expect(addressText({ strasse: null, hausnummer: null, plz: null, ort: null })).toBe('');
    // blank parts count as missing
    expect(addressText({ strasse: '  ', hausnummer: null, plz: '96317', ort: 'Kronach' })).toBe(
      '96317 Kronach',
    );
  });

  it('treats missing and (0, 0) coordinates as missing', () => {
    expect(usableCoordinates({ lat: 50.2, lng: 11.3 })).toEqual({ lat: 50.2, lng: 11.3 });
    expect(usableCoordinates(null)).toBeNull();
    expect(usableCoordinates(undefined)).toBeNull();
    expect(usableCoordinates({ lat: 0, lng: 0 })).toBeNull();
    expect(usableCoordinates({ lat: Number.NaN, lng: 11 })).toBeNull();
    expect(usableCoordinates({ lat: 120, lng: 11 })).toBeNull();
    // one axis at zero is a real place
    expect(usableCoordinates({ lat: 51.5, lng: 0 })).toEqual({ lat: 51.5, lng: 0 });
  });
});
