import { messageBody } from '../common.schema';
import { endpoint } from '../endpoint';
import { confirmTwoFactorRequest, disableTwoFactorRequest, recoveryCodesResponse, regenerateCodesRequest, twoFactorSetupResponse, twoFactorStatusResponse } from '../two-factor.schema';

/**
 * Two-factor sign-in: enrolment and recovery codes (docs/access.md#two-factor-sign-in). `active` rather
 * than `staff`: staff who have not enrolled yet must reach these to enrol. The login challenge is in
 * `authApi` (`loginVerify`).
 */
export const twoFactorApi = {
  twoFactorStatus: endpoint({ method: 'GET', path: '/two-factor', access: 'active', response: twoFactorStatusResponse }),
  startTwoFactor: endpoint({ method: 'POST', path: '/two-factor/setup', access: 'active', response: twoFactorSetupResponse }),
  cancelTwoFactorSetup: endpoint({ method: 'DELETE', path: '/two-factor/setup', access: 'active', response: messageBody }),
  confirmTwoFactor: endpoint({ method: 'POST', path: '/two-factor/confirm', access: 'active', body: confirmTwoFactorRequest, response: recoveryCodesResponse }),
  regenerateRecoveryCodes: endpoint({ method: 'POST', path: '/two-factor/recovery-codes', access: 'active', body: regenerateCodesRequest, response: recoveryCodesResponse }),
  disableTwoFactor: endpoint({ method: 'POST', path: '/two-factor/disable', access: 'active', body: disableTwoFactorRequest, response: messageBody }),
} as const;
