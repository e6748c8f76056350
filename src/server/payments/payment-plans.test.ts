import { describe, expect, it } from 'vitest';
import type { Product } from '../../shared/api/catalogue.ts';
import { paymentPlanMessages } from '../../shared/rules/payment-plans.ts';
import type { Order } from '../../shared/rules/purchase.ts';
import { planOrder } from './payment-plans.ts';

const course: Product = {
  id: 'energy-sovereignty',
  name: 'Energy Sovereignty',
  description: 'The first course.',
  priceCents: 12_500,
  courseIds: ['energy-sovereignty'],
  isBundle: false,
  required: true,
  comingSoon: false,
  paymentPlan: { count: 3, priceCents: 12_500 },
};

const orderOf = (products: Product[], creditCents = 0): Order => ({
  products,
  courseIds: products.flatMap((product) => product.courseIds),
  isBundle: products.some((product) => product.isBundle),
  credits: [],
  creditCents,
  totalCents: products.reduce((sum, product) => sum + product.priceCents, 0) - creditCents,
});

describe('planOrder', () => {
  it('makes the order its first monthly payment', () => {
    const { order, terms, productName } = planOrder(orderOf([course]));
    expect(order.products).toMatchObject([
      { id: 'energy-sovereignty', name: 'Energy Sovereignty (payment 1 of 3)', priceCents: 4_167 },
    ]);
    expect(order.totalCents).toBe(4_167);
    expect(terms).toEqual({ count: 3, priceCents: 12_500 });
    expect(productName).toBe('Energy Sovereignty');
  });

  it('refuses a product without a plan, several products, and a credited bundle', () => {
    const { paymentPlan: _plan, ...withoutPlan } = course;
    expect(() => planOrder(orderOf([withoutPlan]))).toThrow(
      paymentPlanMessages.noPlan('Energy Sovereignty'),
    );
    expect(() => planOrder(orderOf([course, { ...course, id: 'sovereign-flame' }]))).toThrow(
      paymentPlanMessages.oneProduct,
    );
    const bundle = { ...course, id: 'complete-bundle', isBundle: true };
    expect(() => planOrder(orderOf([bundle], 12_500))).toThrow(paymentPlanMessages.withCredit);
  });
});
