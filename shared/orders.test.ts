import { describe, expect, it } from 'vitest';
import { actionsFor, transitionFor } from './orders';

describe('the order transition table', () => {
  it('lets the buyer cancel before approval and either side before shipping, nobody after', () => {
    expect(transitionFor('cancel', 'submitted', 'buyer')?.to).toBe('cancelled');
    expect(transitionFor('cancel', 'approved', 'seller')?.to).toBe('cancelled');
    expect(transitionFor('cancel', 'approved', 'buyer')?.to).toBe('cancelled');
    expect(transitionFor('cancel', 'shipped', 'buyer')).toBeNull();
    expect(transitionFor('cancel', 'shipped', 'seller')).toBeNull();
  });

  it('gives approval and rejection to the seller only, from submitted or seen', () => {
    expect(transitionFor('approve', 'seen', 'seller')?.to).toBe('approved');
    expect(transitionFor('approve', 'seen', 'buyer')).toBeNull();
    expect(transitionFor('reject', 'approved', 'seller')).toBeNull();
    expect(actionsFor('submitted', 'seller').sort()).toEqual(['approve', 'cancel', 'reject', 'see']);
    expect(actionsFor('rejected', 'buyer')).toEqual([]);
  });
});
