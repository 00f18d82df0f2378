import { describe, expect, it } from 'vitest';
import { BETA_HEADER, betaHeaders, grantBeta, lockBeta } from './beta-gate';

describe('the beta gate in the browser', () => {
  it('a refusal of a call sent before the password was accepted does not lock out the new token', () => {
    grantBeta('token-new');
    // The home list was requested while the gate was still closed, and answers after the grant.
    lockBeta('');
    expect(betaHeaders()).toEqual({ [BETA_HEADER]: 'token-new' });
    expect(localStorage.getItem('admin-auth')).toBe('token-new');
    lockBeta('token-old');
    expect(betaHeaders()).toEqual({ [BETA_HEADER]: 'token-new' });
  });

  it('a refusal of a call that carried the current token forgets it', () => {
    grantBeta('token-current');
    lockBeta('token-current');
    expect(betaHeaders()).toEqual({});
    expect(localStorage.getItem('admin-auth')).toBeNull();
  });
});
