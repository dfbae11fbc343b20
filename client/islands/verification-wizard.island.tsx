import '../styles/staff-tables.css';
import './verification-wizard.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { kycApi } from '../../shared/api/endpoints/kyc';
import { verificationCaseSchema, type IdentityDocumentType, type MyDocument, type VerificationCase } from '../../shared/api/verification.schema';
import { userEvents } from '../../shared/realtime-events/user';
import { call } from '../lib/call';
import { realtime } from '../realtime/connection';
import { listen } from '../realtime/events';
import { defineIsland } from '../runtime/define-island';
import { currentUser, realtimeKey } from '../state/session';
import { DocumentsTable, Verified } from './verification-wizard/documents';
import { firstIdType, firstStep, stepOf, verificationPageTexts, type Step } from './verification-wizard/model';
import { AwaitingStep, IdStep, ResidenceStep, SelfieStep, Stepper, type StepProps } from './verification-wizard/steps';

const props = z.object({
  /** GET /verification as the server read it for the page; null when it could not be read. */
  initial: z.nullable(verificationCaseSchema),
  /** The address on the customer's profile, which the proof of address must show. */
  address: z.nullable(z.string()),
  /** The date of birth on the profile, which the identity document must show (null: asked in the ID step). */
  birthDate: z.nullable(z.string()),
});

/** Staff's decisions arrive as `.user.updated`: the case is read again. */
function useStaffDecisions(changed: (kase: VerificationCase) => void) {
  const user = currentUser.value;
  const key = realtimeKey.value;
  useEffect(() => {
    if (!key || !user) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const reread = async () => {
      const answer = await call(kycApi.verificationCase);
      if (answer.ok) changed(answer.data.data);
    };
    realtime(key)
      .then((echo) => {
        if (!cancelled) stop = listen(echo, userEvents.userUpdated, user.id, () => void reread());
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [key, user, changed]);
}

/**
 * `/main/verification` (docs/customer-area.md#verification): the wizard ID → Residence → Selfie → Awaiting,
 * each file sent at once with its progress; "Awaiting Verification" only once the server holds every kind;
 * the documents table with statuses and staff's reasons, and a new upload for a rejected one.
 */
function VerificationWizard({ initial, address: savedAddress, birthDate: savedBirthDate }: z.infer<typeof props>) {
  useSignals();
  const [kase, setKase] = useState<VerificationCase | null>(initial);
  const [step, setStep] = useState<Step>(() => (initial ? firstStep(initial) : 'id'));
  const [idType, setIdType] = useState<IdentityDocumentType>(() => (initial ? firstIdType(initial) : 'passport'));
  const [alert, setAlert] = useState<string | null>(null);
  const [birthDate, setBirthDate] = useState(savedBirthDate);
  const [address, setAddress] = useState(savedAddress);
  const heading = useRef<HTMLHeadingElement>(null);
  // Moving on focuses the new step's heading once it is on the page.
  const focusHeading = useRef(false);
  useStaffDecisions(setKase);
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  });

  if (!kase)
    return (
      <p className="notice notice-warning" role="status">
        {verificationPageTexts.reloadFailed}
      </p>
    );
  if (kase.status === 'approved') return <Verified documents={kase.documents} />;

  const go = (next: Step) => {
    setAlert(null);
    setStep(next);
    focusHeading.current = true;
    heading.current?.focus();
  };
  const resend = (doc: MyDocument) => {
    if (doc.kind === 'identity' && doc.id_type) setIdType(doc.id_type);
    go(stepOf(doc.kind));
  };
  const choose = (type: IdentityDocumentType) => {
    setIdType(type);
    setAlert(null);
  };
  const each: StepProps = { kase, heading, alert, say: setAlert, go, changed: setKase };
  // "Awaiting" only while the server holds every kind: a rejection arriving meanwhile reopens its step.
  const shown: Step = step === 'awaiting' ? firstStep(kase) : step;
  return (
    <div className="kyc">
      <section className="kyc-card">
        <Stepper current={shown} />
        {shown === 'id' ? <IdStep {...each} idType={idType} choose={choose} birthDate={birthDate} birthDateSaved={setBirthDate} /> : null}
        {shown === 'residence' ? <ResidenceStep {...each} address={address} addressSaved={setAddress} /> : null}
        {shown === 'selfie' ? <SelfieStep {...each} /> : null}
        {shown === 'awaiting' ? <AwaitingStep {...each} /> : null}
      </section>
      <DocumentsTable documents={kase.documents} onResend={resend} />
    </div>
  );
}

export default defineIsland({ name: 'verification-wizard', component: VerificationWizard, props });
