import { describe, expect, it } from 'vitest';
import { refundPromise } from './refund-promise.ts';

describe('the refund promise', () => {
  it('names where to ask when the operator has an address', () => {
    const promise = refundPromise('care@example.com');
    for (const words of [promise.faq, promise.guarantee, promise.receipt]) {
      expect(words).toContain('care@example.com');
    }
  });

  it('promises no refund on request when there is no address to ask at', () => {
    const promise = refundPromise(null);
    expect(promise.receipt).toBeNull();
    for (const words of [promise.faq, promise.guarantee]) {
      expect(words).toContain('cannot take refund requests');
      expect(words).not.toMatch(/write to|ask for a refund/);
    }
  });
});
