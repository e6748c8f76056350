import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PriceWithSaving } from './price-with-saving.tsx';

describe('PriceWithSaving', () => {
  it('strikes through the sum and names the saving when the bundle costs less', () => {
    render(
      <PriceWithSaving
        pricing={{
          referenceCents: 37500,
          bundleCents: 25000,
          savingsCents: 12500,
          savingsPercent: 33,
        }}
      />,
    );
    expect(screen.getByText('€250')).toBeInTheDocument();
    expect(screen.getByText('€375', { exact: false }).tagName).toBe('S');
    expect(screen.getByText('Save 33%')).toBeInTheDocument();
  });

  it('claims no saving when there is none', () => {
    render(
      <PriceWithSaving
        pricing={{ referenceCents: 25000, bundleCents: 25000, savingsCents: 0, savingsPercent: 0 }}
      />,
    );
    expect(screen.getByText('€250')).toBeInTheDocument();
    expect(screen.queryByText(/Save/)).not.toBeInTheDocument();
    expect(document.querySelector('s')).toBeNull();
  });
});
