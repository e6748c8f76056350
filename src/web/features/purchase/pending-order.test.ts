import { afterEach, describe, expect, it } from 'vitest';
import { forgetPendingOrder, keepPendingOrder, readPendingOrder } from './pending-order.ts';

const order = {
  selection: { isBundle: false, courseIds: ['sovereign-flame', 'dragons-clarity'] },
  name: 'Maya Stone',
  email: 'maya@example.com',
  message: 'A gift for my sister',
};

const stored = (value: unknown) =>
  sessionStorage.setItem('sovereign-flame.pending-order', JSON.stringify(value));

describe('the order kept while a visitor signs in', () => {
  afterEach(() => sessionStorage.clear());

  it('comes back as it was kept, once', () => {
    keepPendingOrder(order);
    expect(readPendingOrder()).toEqual(order);
    forgetPendingOrder();
    expect(readPendingOrder()).toBeNull();
  });

  it('is read as nothing when it is not an order the form could have kept', () => {
    for (const broken of [
      'not an order',
      null,
      { ...order, selection: { isBundle: 'yes', courseIds: [] } },
      { ...order, selection: { isBundle: true, courseIds: [1] } },
      { ...order, name: 42 },
      { ...order, message: undefined },
    ]) {
      stored(broken);
      expect(readPendingOrder()).toBeNull();
    }
    sessionStorage.setItem('sovereign-flame.pending-order', '{not json');
    expect(readPendingOrder()).toBeNull();
  });

  it('refuses fields longer than the form allows', () => {
    stored({ ...order, message: 'x'.repeat(2001) });
    expect(readPendingOrder()).toBeNull();
    stored({ ...order, selection: { isBundle: false, courseIds: Array(21).fill('a') } });
    expect(readPendingOrder()).toBeNull();
    stored({ ...order, message: 'x'.repeat(2000) });
    expect(readPendingOrder()?.message).toHaveLength(2000);
  });
});
