import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { mayRegister, registrationWarningFor, sendersToAdd, sendsUnderA2p10dlc, withReport, withSenders } from '../../../src/domain/messaging-registration.js';
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
    expect(registrationWarningFor(longCode, { status: 'pending', senders: [longCode.phoneNumber] })).toContain('registration that is pending');
    expect(registrationWarningFor(longCode, { status: 'failed', senders: [longCode.phoneNumber] })).toContain('registration that is failed');
    expect(registrationWarningFor(longCode, { status: 'approved', senders: [longCode.phoneNumber] })).toBeNull();
    expect(registrationWarningFor(tollFree, null)).toBeNull();
  });

  it('warns a sender outside the approved campaign\'s pool, as a number bought after registering is until it joins', () => {
    const later = { phoneNumber: '+14155550111', country: 'US' };

    expect(registrationWarningFor(later, { status: 'approved', senders: ['+14155550100'] })).toContain('+14155550111 is not yet a sender');
  });

  it('adds the live 10-digit US numbers the pool lacks, none to a failed registration, and drops released ones from the record', () => {
    const held = { phoneNumber: '+14155550100', country: 'US' };
    const bought = { phoneNumber: '+14155550111', country: 'US' };
    const tollFree = { phoneNumber: '+18885550100', country: 'US' };
    const registration = aRegistration({ status: 'approved', senders: [held.phoneNumber, '+14155550199'] });

    expect(sendersToAdd(registration, [held, bought, tollFree])).toEqual([bought]);
    expect(sendersToAdd({ ...registration, status: 'failed' }, [held, bought])).toEqual([]);
    expect(withSenders(registration, [bought.phoneNumber], [held.phoneNumber, bought.phoneNumber, tollFree.phoneNumber]).senders).toEqual([held.phoneNumber, bought.phoneNumber]);
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
