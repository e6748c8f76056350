/**
 * Numbers as English writes them, written out by hand: the first `Intl.NumberFormat` (or
 * `toLocaleString`) a page makes loads the locale's data, which on a phone was the longest task
 * of a course page (about 45 ms, four times that at Lighthouse's slowdown).
 */

/** A whole number with its thousands marked: 1234567 → "1,234,567". */
export function withThousands(whole: number): string {
  const digits = String(Math.abs(whole));
  const head = digits.length % 3 || 3;
  let text = digits.slice(0, head);
  for (let at = head; at < digits.length; at += 3) text += `,${digits.slice(at, at + 3)}`;
  return whole < 0 ? `-${text}` : text;
}

/**
 * An amount in euros as en-IE writes it, to the cent or in whole euros (rounded half away from
 * zero): 123456 → "€1,234.56" or "€1,235", -12500 → "-€125.00". An amount that rounds to zero has
 * no sign.
 */
export function euroText(cents: number, { toTheCent }: { toTheCent: boolean }): string {
  const units = Math.round(Math.abs(cents) / (toTheCent ? 1 : 100));
  const sign = cents < 0 && units > 0 ? '-' : '';
  if (!toTheCent) return `${sign}€${withThousands(units)}`;
  const fraction = String(units % 100).padStart(2, '0');
  return `${sign}€${withThousands(Math.floor(units / 100))}.${fraction}`;
}
