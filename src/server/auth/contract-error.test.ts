import { describe, expect, it } from 'vitest';
import { toContractError } from './contract-error.ts';

describe("Better Auth's refusals in the API contract", () => {
  it('an origin refusal says where the site is and what the operator sets, not "Invalid origin"', () => {
    const refused = toContractError(
      403,
      JSON.stringify({ code: 'INVALID_ORIGIN', message: 'Invalid origin' }),
      'https://courses.example.com',
    );
    expect(refused).toEqual({
      status: 403,
      body: {
        error: {
          code: 'forbidden',
          message:
            'This site is at https://courses.example.com: open it there and try again. If people reach it at another address, its operator sets APP_URL to that address.',
        },
      },
    });
  });
});
