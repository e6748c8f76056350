import { describe, expect, it } from 'vitest';
import {
  euCountries,
  euCountryNames,
  formatEurosAndCents,
  formatInvoiceNumber,
  formatVatRate,
  normaliseVatNumber,
  isReverseCharge,
  netLinePrices,
  vatOutOfGross,
} from './invoices.ts';

describe('vatOutOfGross', () => {
  it('takes the VAT out of a price that includes it, to the cent', () => {
    expect(vatOutOfGross(12_000, 2000)).toEqual({
      netCents: 10_000,
      vatCents: 2000,
      grossCents: 12_000,
      rateBasisPoints: 2000,
    });
    // 99.00 / 1.19 = 83.193...: 83.19 net, 15.81 VAT.
    expect(vatOutOfGross(9900, 1900)).toMatchObject({ netCents: 8319, vatCents: 1581 });
    // 10.00 / 1.055 = 9.4786...: 9.48 net (France, 5.5 %).
    expect(vatOutOfGross(1000, 550)).toMatchObject({ netCents: 948, vatCents: 52 });
    // 1.00 / 1.255 = 0.7968...: 0.80 net (Finland 25.5 %).
    expect(vatOutOfGross(100, 2550)).toMatchObject({ netCents: 80, vatCents: 20 });
  });

  it('rounds a half cent up', () => {
    // 0.21 / 1.2 = 0.175 exactly: 0.18 net.
    expect(vatOutOfGross(21, 2000)).toMatchObject({ netCents: 18, vatCents: 3 });
  });

  it('keeps net plus VAT equal to the gross price for every price and rate', () => {
    for (const rate of [0, 500, 550, 700, 1000, 1900, 2000, 2100, 2550, 2700]) {
      for (let gross = 0; gross <= 5000; gross += 7) {
        const share = vatOutOfGross(gross, rate);
        expect(share.netCents + share.vatCents).toBe(gross);
        // The net is the nearest cent to gross / (1 + rate).
        expect(Math.abs(share.netCents - (gross * 10_000) / (10_000 + rate))).toBeLessThanOrEqual(
          0.5,
        );
      }
    }
  });

  it('charges no VAT at a rate of 0 and refuses fractions of a cent', () => {
    expect(vatOutOfGross(4999, 0)).toMatchObject({ netCents: 4999, vatCents: 0 });
    expect(() => vatOutOfGross(10.5, 2000)).toThrow(RangeError);
    expect(() => vatOutOfGross(-1, 2000)).toThrow(RangeError);
    expect(() => vatOutOfGross(100, 19.5)).toThrow(RangeError);
  });
});

describe('invoice numbers', () => {
  it('count per year with four digits, credit notes and test payments in series of their own', () => {
    expect(formatInvoiceNumber({ kind: 'invoice', year: 2026, sequence: 1 }, false)).toBe(
      '2026-0001',
    );
    expect(formatInvoiceNumber({ kind: 'invoice', year: 2026, sequence: 12_345 }, false)).toBe(
      '2026-12345',
    );
    expect(formatInvoiceNumber({ kind: 'credit_note', year: 2027, sequence: 3 }, false)).toBe(
      'CN-2027-0003',
    );
    expect(formatInvoiceNumber({ kind: 'credit_note', year: 2026, sequence: 3 }, true)).toBe(
      'TEST-CN-2026-0003',
    );
  });
});

describe('VAT numbers and rates', () => {
  it('accepts an EU VAT number as people type it and refuses anything else', () => {
    expect(normaliseVatNumber('de 123.456.789')).toBe('DE123456789');
    expect(normaliseVatNumber('EL123456789')).toBe('EL123456789');
    expect(normaliseVatNumber('FR-XX123456789')).toBe('FRXX123456789');
    expect(normaliseVatNumber('US123456789')).toBeNull();
    expect(normaliseVatNumber('DE')).toBeNull();
    expect(normaliseVatNumber('DE1234567890123')).toBeNull();
    expect(normaliseVatNumber(`DE${'1'.repeat(100)}`)).toBeNull();
  });

  it("checks each member state's own format", () => {
    expect(normaliseVatNumber('ATU12345678')).toBe('ATU12345678');
    expect(normaliseVatNumber('AT12345678')).toBeNull();
    expect(normaliseVatNumber('NL123456789B01')).toBe('NL123456789B01');
    expect(normaliseVatNumber('NL123456789')).toBeNull();
    expect(normaliseVatNumber('DE12345678')).toBeNull();
    expect(normaliseVatNumber('IE1234567T')).toBe('IE1234567T');
  });

  it('charges in reverse a business of another member state only, with a number of its country', () => {
    const seller = { sellerVatNumber: 'IE1234567T' };
    expect(isReverseCharge({ country: 'DE', vatNumber: 'DE123456789', ...seller })).toBe(true);
    expect(isReverseCharge({ country: 'GR', vatNumber: 'EL123456789', ...seller })).toBe(true);
    expect(isReverseCharge({ country: 'IE', vatNumber: 'IE7654321A', ...seller })).toBe(false);
    expect(isReverseCharge({ country: 'FR', vatNumber: 'DE123456789', ...seller })).toBe(false);
    expect(isReverseCharge({ country: 'US', vatNumber: 'DE123456789', ...seller })).toBe(false);
    expect(isReverseCharge({ country: 'DE', vatNumber: null, ...seller })).toBe(false);
  });

  it('takes the VAT out of each line for reverse charge', () => {
    expect(netLinePrices([11900, 5950], 1900)).toEqual([10000, 5000]);
    expect(netLinePrices([10000], 0)).toEqual([10000]);
  });

  it('writes amounts to the cent, a credit with its minus', () => {
    expect(formatEurosAndCents(10_417)).toBe('€104.17');
    expect(formatEurosAndCents(-12_500)).toBe('-€125.00');
  });

  it('writes a rate in basis points as a percentage', () => {
    expect(formatVatRate(2000)).toBe('20%');
    expect(formatVatRate(550)).toBe('5.5%');
    expect(formatVatRate(2550)).toBe('25.5%');
    expect(formatVatRate(0)).toBe('0%');
  });
});

describe('the EU countries', () => {
  it('are named in English as Intl names the regions', () => {
    const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    for (const country of euCountries) {
      expect(euCountryNames[country]).toBe(regionNames.of(country));
    }
  });
});
