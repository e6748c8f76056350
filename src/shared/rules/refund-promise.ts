/**
 * The 30-day guarantee as the site words it: with the operator's address (CONTACT_EMAIL) where to
 * ask; without one (only outside production: production refuses to start) no promise that
 * nobody could be asked to keep.
 */
export function refundPromise(contactEmail: string | null | undefined) {
  if (!contactEmail) {
    const noAddress =
      'This site has no contact address set up yet, so it cannot take refund requests; the 30-day money-back guarantee starts once it has one.';
    return { faq: noAddress, guarantee: noAddress, receipt: null };
  }
  return {
    faq: `Every course comes with a 30-day money-back guarantee. If the work is not right for you, write to us at ${contactEmail} within 30 days of your purchase and we refund you in full.`,
    guarantee: `If the programme is not right for you, write to ${contactEmail} within 30 days of your purchase and you get every cent back.`,
    receipt: `If the programme is not right for you, ask for a refund within 30 days of your purchase: write to ${contactEmail}.`,
  };
}
