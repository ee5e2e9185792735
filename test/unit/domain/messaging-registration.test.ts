import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { mayRegister, registrationWarningFor, sendsUnderA2p10dlc, withReport } from '../../../src/domain/messaging-registration.js';
import { at } from '../../support/builders.js';
import { aRegistration } from '../../support/registration-builders.js';

describe('A2P 10DLC registration rules', () => {
  it.each([
    ['+14155550100', 'US', true],
    ['+18885550100', 'US', false],
    ['+18005550100', 'US', false],
    ['+16045550100', 'CA', false],
    ['+447700900123', 'GB', false],
  ])('%s (%s) sends under 10DLC: %s', (phoneNumber, country, expected) => {
    expect(sendsUnderA2p10dlc({ phoneNumber, country })).toBe(expected);
  });

  it('warns a 10-digit US sender until its project is approved, and never another sender', () => {
    const longCode = { phoneNumber: '+14155550100', country: 'US' };
    const tollFree = { phoneNumber: '+18885550100', country: 'US' };

    expect(registrationWarningFor(longCode, null)).toContain('no A2P 10DLC registration');
    expect(registrationWarningFor(longCode, { status: 'pending' })).toContain('registration that is pending');
    expect(registrationWarningFor(longCode, { status: 'failed' })).toContain('registration that is failed');
    expect(registrationWarningFor(longCode, { status: 'approved' })).toBeNull();
    expect(registrationWarningFor(tollFree, null)).toBeNull();
  });

  it('takes a submission when there is none or the last one failed; one pending or approved stands', () => {
    expect(mayRegister(null)).toEqual(E.right(undefined));
    expect(mayRegister(aRegistration({ status: 'failed' }))).toEqual(E.right(undefined));
    expect(mayRegister(aRegistration({ status: 'pending' }))).toEqual(E.left({ _tag: 'RegistrationInProgress', status: 'pending' }));
    expect(mayRegister(aRegistration({ status: 'approved' }))).toEqual(E.left({ _tag: 'RegistrationInProgress', status: 'approved' }));
  });

  it("takes the carrier's report, keeping the references it already had", () => {
    const sut = aRegistration({ references: { brandRegistration: 'BN1', messagingService: 'MG1' } });

    const checked = withReport(sut, { status: 'approved', brandStatus: 'APPROVED', campaignStatus: 'VERIFIED', failureReason: null, references: { campaign: 'QE1' } }, at(90));

    expect(checked).toEqual({ ...sut, status: 'approved', brandStatus: 'APPROVED', campaignStatus: 'VERIFIED', references: { brandRegistration: 'BN1', messagingService: 'MG1', campaign: 'QE1' }, checkedAt: at(90) });
  });
});
