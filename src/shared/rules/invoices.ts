/**
 * Invoices, credit notes and the VAT in a price (issue 35 items 3 and 4; docs/decisions/036).
 * Prices shown to consumers include VAT, so the VAT is taken out of the gross price.
 */
import { euroText } from '../number-text.ts';

/** The member states of the EU, by the ISO 3166 code a billing address carries. */
export const euCountries = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const; // prettier-ignore
export type EuCountry = (typeof euCountries)[number];

/**
 * Their English names, as the shop's country choice shows them. Written out: Intl.DisplayNames
 * loads the locale's region names as the page starts, a long task on a phone.
 */
export const euCountryNames: Record<EuCountry, string> = {
  AT: 'Austria', BE: 'Belgium', BG: 'Bulgaria', CY: 'Cyprus', CZ: 'Czechia', DE: 'Germany',
  DK: 'Denmark', EE: 'Estonia', ES: 'Spain', FI: 'Finland', FR: 'France', GR: 'Greece',
  HR: 'Croatia', HU: 'Hungary', IE: 'Ireland', IT: 'Italy', LT: 'Lithuania', LU: 'Luxembourg',
  LV: 'Latvia', MT: 'Malta', NL: 'Netherlands', PL: 'Poland', PT: 'Portugal', RO: 'Romania',
  SE: 'Sweden', SI: 'Slovenia', SK: 'Slovakia',
}; // prettier-ignore

export function isEuCountry(country: string | null | undefined): country is EuCountry {
  return (euCountries as readonly string[]).includes(country ?? '');
}

/** A VAT rate in basis points (2000 = 20 %, 550 = 5.5 %): whole numbers, so no float drifts. */
export const MAX_VAT_RATE_BASIS_POINTS = 5000;

/** VAT identifiers as the EU's VIES writes them: the country prefix (Greece: EL), 2 to 12 more. */
export const VAT_NUMBER_MAX_LENGTH = 14;

/** What follows each member state's prefix, as VIES checks it (Northern Ireland: XI). */
const vatNumberPatterns: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(?:\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(?:\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(?:\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** A VAT number as typed (spaces, dots, lower case) in the form VIES checks; null when it is none. */
export function normaliseVatNumber(input: string): string | null {
  if (input.length > 40) return null;
  const compact = input.replace(/[\s.-]/g, '').toUpperCase();
  if (compact.length > VAT_NUMBER_MAX_LENGTH) return null;
  const pattern = vatNumberPatterns[compact.slice(0, 2)];
  return pattern?.test(compact.slice(2)) ? compact : null;
}

/** The country a VAT number belongs to: its prefix, Greece's EL being GR and XI the UK's. */
export function countryOfVatNumber(vatNumber: string): string {
  const prefix = vatNumber.slice(0, 2);
  return prefix === 'EL' ? 'GR' : prefix === 'XI' ? 'GB' : prefix;
}

/**
 * Reverse charge: a business with a VAT number of its own EU country, in another member state
 * than the seller's (the seller's VAT number says where that is). A business in the seller's
 * own country pays VAT as a consumer does.
 */
export function isReverseCharge({
  country,
  vatNumber,
  sellerVatNumber,
}: {
  country: string | null;
  vatNumber: string | null;
  sellerVatNumber: string;
}): boolean {
  if (!vatNumber || !isEuCountry(country)) return false;
  if (countryOfVatNumber(vatNumber) !== country) return false;
  return !sellerVatNumber || countryOfVatNumber(sellerVatNumber) !== country;
}

/**
 * Each line's price without the VAT a consumer of that country would pay: under reverse charge
 * the buyer pays the net and accounts for the VAT; the seller keeps the same net either way.
 */
export function netLinePrices(
  grossLineCents: readonly number[],
  rateBasisPoints: number,
): number[] {
  return grossLineCents.map((cents) => vatOutOfGross(cents, rateBasisPoints).netCents);
}

export interface VatShare {
  netCents: number;
  vatCents: number;
  grossCents: number;
  rateBasisPoints: number;
}

/**
 * The VAT inside a gross price: net = gross / (1 + rate), rounded half up to the cent, and the
 * VAT is what remains, so net + VAT is always the price paid. Integer arithmetic only.
 */
export function vatOutOfGross(grossCents: number, rateBasisPoints: number): VatShare {
  if (!Number.isSafeInteger(grossCents) || grossCents < 0) {
    throw new RangeError(
      `a gross price in cents must be a whole number of 0 or more: ${grossCents}`,
    );
  }
  if (!Number.isInteger(rateBasisPoints) || rateBasisPoints < 0) {
    throw new RangeError(`a VAT rate must be whole basis points of 0 or more: ${rateBasisPoints}`);
  }
  const divisor = 10_000 + rateBasisPoints;
  // round(gross * 10000 / divisor), half up, in integers.
  const netCents = Math.floor((2 * grossCents * 10_000 + divisor) / (2 * divisor));
  return { netCents, vatCents: grossCents - netCents, grossCents, rateBasisPoints };
}

/** Amounts on invoices and receipts, to the cent (prices elsewhere show whole euros): -12550 → "-€125.50". */
export function formatEurosAndCents(cents: number): string {
  return euroText(cents, { toTheCent: true });
}

/** 2000 → "20%", 550 → "5.5%", 2550 → "25.5%". */
export function formatVatRate(rateBasisPoints: number): string {
  return `${String(rateBasisPoints / 100)}%`;
}

export const invoiceKinds = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

/**
 * How the VAT of an order was treated: standard (the buyer country's rate, possibly 0 outside the
 * EU or where the creator set none), or reverse charge (a business buyer in another member state
 * accounts for it).
 */
export const vatTreatments = ['standard', 'reverse_charge'] as const;
export type VatTreatment = (typeof vatTreatments)[number];

/**
 * Invoices count 1, 2, 3... each calendar year; credit notes have their own series (CN-). Orders
 * paid in payment test mode are numbered apart (TEST-), so a trial never takes a real number.
 */
export function formatInvoiceNumber(
  { kind, year, sequence }: { kind: InvoiceKind; year: number; sequence: number },
  isTest: boolean,
): string {
  const series = kind === 'credit_note' ? 'CN-' : '';
  return `${isTest ? 'TEST-' : ''}${series}${year}-${String(sequence).padStart(4, '0')}`;
}

export const invoiceMessages = {
  reverseCharge:
    'Reverse charge: VAT to be accounted for by the recipient (Art. 196 VAT Directive).',
  creditNoteFor: (number: string) => `Credit note for invoice ${number}`,
  testInvoice: 'Payment test mode: no payment was taken and this is not a tax document.',
  notFound: 'Invoice not found',
  vatNumberInvalid:
    'Enter an EU VAT number with its country prefix, such as DE123456789 (at most 14 characters)',
  vatNumberOfOtherCountry: 'The VAT number must be of the country chosen (Greece: EL)',
} as const;
