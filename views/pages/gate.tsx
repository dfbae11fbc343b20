import type { SiteSettings } from '../../shared/api/settings.schema';
import { paths } from '../../shared/routes';
import { gateTexts } from '../../shared/texts';
import { CsrfForm } from '../../client/components/csrf-form';
import { CloudOffIcon, HourglassIcon, LockIcon, WrenchIcon } from '../../client/components/icons';
import { StatusScreen as Screen } from '../components/status-screen';

export type GateKind = 'unreachable' | 'site-disabled' | 'account-disabled' | 'awaiting-approval';

interface GateProps {
  kind: GateKind;
  settings: SiteSettings | null;
  csrfToken: string;
  /** The page to come back to after a re-check. */
  returnTo: string;
  /** Why staff disabled the account, as they wrote it (account-disabled). */
  reason?: string | null;
}

function ContactLink({ email }: { email: string | null | undefined }) {
  return email ? (
    <p>
      <a href={`mailto:${email}`}>{email}</a>
    </p>
  ) : null;
}

/** The full-screen states of the site gate (docs/access.md#the-gate), with their exact texts. */
export function GatePage({ kind, settings, csrfToken, returnTo, reason = null }: GateProps) {
  const recheck = (label: string) => (
    <CsrfForm action="/session/refresh" csrfToken={csrfToken}>
      <input type="hidden" name="next" value={returnTo} />
      <button type="submit">{label}</button>
    </CsrfForm>
  );
  const logout = (
    <CsrfForm action="/session/logout" csrfToken={csrfToken}>
      <button type="submit" className="secondary">
        {gateTexts.logout}
      </button>
    </CsrfForm>
  );
  switch (kind) {
    case 'unreachable':
      return (
        <Screen icon={<CloudOffIcon />} tone="danger" title={gateTexts.unreachable.title}>
          <p>{gateTexts.unreachable.body}</p>
          <a href={returnTo} role="button" className="gate-action">
            {gateTexts.unreachable.action}
          </a>
        </Screen>
      );
    case 'site-disabled':
      return (
        <Screen icon={<WrenchIcon />} tone="warning" title={gateTexts.siteDisabled.title}>
          <p>{settings?.maintenanceMessage || gateTexts.siteDisabled.fallback}</p>
          <ContactLink email={settings?.contactEmail} />
          {recheck(gateTexts.siteDisabled.action)}
          <p className="gate-aside">
            <a href="/login">Staff sign in</a>
          </p>
        </Screen>
      );
    case 'account-disabled':
      return (
        <Screen icon={<LockIcon />} tone="danger" title={gateTexts.accountDisabled.title}>
          <p>{gateTexts.accountDisabled.body}</p>
          {reason ? <p className="gate-reason">{gateTexts.accountDisabled.reason(reason)}</p> : null}
          <ContactLink email={settings?.contactEmail} />
          {recheck(gateTexts.accountDisabled.action)}
          {logout}
        </Screen>
      );
    case 'awaiting-approval':
      return (
        <Screen icon={<HourglassIcon />} tone="info" title={gateTexts.awaitingApproval.title}>
          <p>{gateTexts.awaitingApproval.body}</p>
          <p>{gateTexts.awaitingApproval.verifyHint}</p>
          <nav className="gate-links" aria-label="While you wait">
            <p>
              <a href={paths.verification} role="button" className="gate-action">
                {gateTexts.awaitingApproval.verify}
              </a>
            </p>
            <p>
              <a href={paths.chat} role="button" className="gate-action secondary outline">
                {gateTexts.awaitingApproval.chat}
              </a>
            </p>
          </nav>
          {logout}
        </Screen>
      );
  }
}
