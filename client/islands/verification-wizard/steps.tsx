import { useState, type RefObject } from 'react';
import { kycApi } from '../../../shared/api/endpoints/kyc';
import { documentKindLabels, identityTypeLabels, type IdentityDocumentType, type VerificationCase } from '../../../shared/api/verification.schema';
import { paths } from '../../../shared/routes';
import { HourglassIcon } from '../../components/icons';
import { Field, Problem } from '../../forms/field';
import { useEndpointForm } from '../../forms/use-endpoint-form';
import { formatDate } from '../../lib/format';
import { firstStep, slotKey, slotOpen, statusLabels, steps, verificationPageTexts as texts, type Slot, type Step } from './model';
import { documentZone, selfieZone, Zone } from './zone';

/** What every step is given: the case, its heading (focused when the wizard moves to it), the alert under it, and the way on. */
export interface StepProps {
  kase: VerificationCase;
  heading: RefObject<HTMLHeadingElement | null>;
  alert: string | null;
  say: (alert: string | null) => void;
  go: (step: Step) => void;
  /** The case as the server now holds it (after an upload, or read again). */
  changed: (kase: VerificationCase) => void;
}

const identityDescriptions: Record<IdentityDocumentType, string> = { passport: 'International travel document', driving_licence: 'State issued license', national_id: 'Government ID card' };
const addressSlot: Slot = { kind: 'proof_of_address', idType: null, side: null };
const selfieSlot: Slot = { kind: 'selfie', idType: null, side: null };

export function Stepper({ current }: { current: Step }) {
  const at = steps.findIndex((each) => each.step === current);
  return (
    <ol className="kyc-steps">
      {steps.map((each, i) => (
        <li key={each.step} className={i < at ? 'done' : i === at ? 'current' : undefined} aria-current={i === at ? 'step' : undefined}>
          <span className="kyc-step-dot" aria-hidden="true">
            {i < at ? '✓' : i + 1}
          </span>
          {each.label}
        </li>
      ))}
    </ol>
  );
}

function Alert({ text }: { text: string | null }) {
  return text ? (
    <p className="notice notice-warning kyc-alert" role="alert">
      {text}
    </p>
  ) : null;
}

function Heading({ heading, text }: { heading: StepProps['heading']; text: string }) {
  return (
    <h1 ref={heading} tabIndex={-1}>
      {text}
    </h1>
  );
}

/** The identity document's slots: a passport's one page, or a card's two sides. */
const identitySlots = (idType: IdentityDocumentType): Slot[] =>
  idType === 'passport'
    ? [{ kind: 'identity', idType, side: 'front' }]
    : [
        { kind: 'identity', idType, side: 'front' },
        { kind: 'identity', idType, side: 'back' },
      ];

/** A detail of the profile a document must show: the date of birth (ID step) or the address (residence step). */
const details = {
  birth_date: {
    label: texts.birthDateLabel,
    save: texts.birthDateSave,
    input: { type: 'date', autoComplete: 'bday' },
    shown: (date: string) => formatDate(date, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  },
  address: { label: texts.addressLabel, save: texts.addressSave, input: { autoComplete: 'street-address', maxLength: 200 }, shown: (address: string) => address },
} as const;

/**
 * What staff match a document with (docs/customer-area.md#verification): shown, with Change, or, while the profile has
 * none, asked here. Changed here too, not on Personal information, which a customer awaiting approval cannot reach;
 * an approved identity locks the date of birth (the ID step no longer shows it), so it is never locked blank.
 */
function ProfileDetail({ name, saved, onSaved }: { name: keyof typeof details; saved: string | null; onSaved: (value: string) => void }) {
  const detail = details[name];
  const [editing, setEditing] = useState(false);
  const form = useEndpointForm(kycApi.verificationDetails, {
    initial: { [name]: saved ?? '' } as Record<string, string>,
    request: (values) => ({ body: { [name]: values[name] } }),
    fallback: texts.detailFailed,
    onDone: (_outcome, values) => {
      setEditing(false);
      onSaved((values[name] ?? '').trim());
    },
  });
  if (saved && !editing)
    return (
      <div className="kyc-address">
        <span className="kyc-label">{detail.label}</span>
        <p>{detail.shown(saved)}</p>
        <button type="button" className="link-like" onClick={() => setEditing(true)}>
          {texts.detailChange}
        </button>
      </div>
    );
  return (
    <form className="kyc-detail" onSubmit={form.submit} noValidate>
      <Field form={form} name={name} label={detail.label} input={detail.input} />
      <button type="submit" className="secondary" disabled={form.busy} aria-busy={form.busy || undefined}>
        {detail.save}
      </button>
      <Problem form={form} />
    </form>
  );
}

/** Step 1: which identity document, then its page or both its sides, and the date of birth it shows. */
export function IdStep({
  kase,
  heading,
  alert,
  say,
  go,
  changed,
  idType,
  choose,
  birthDate,
  birthDateSaved,
}: StepProps & { idType: IdentityDocumentType; choose: (type: IdentityDocumentType) => void; birthDate: string | null; birthDateSaved: (date: string) => void }) {
  const slots = identitySlots(idType);
  const held = kase.kinds.identity === 'approved' || slots.every((slot) => !slotOpen(kase.documents, slot));
  const next = () => {
    if (!held) return say(idType === 'passport' ? texts.alertPassport : texts.alertBothSides);
    if (!birthDate && kase.kinds.identity !== 'approved') return say(texts.alertBirthDate);
    go('residence');
  };
  return (
    <>
      <Heading heading={heading} text={texts.idTitle} />
      <p className="kyc-intro">{texts.idIntro}</p>
      <fieldset className="kyc-types">
        <legend className="visually-hidden">Identity document</legend>
        {(['passport', 'driving_licence', 'national_id'] as const).map((type) => (
          <label key={type} className={`kyc-type${idType === type ? ' chosen' : ''}`}>
            <input type="radio" name="id-type" value={type} checked={idType === type} onChange={() => choose(type)} />
            <span>
              <strong>{identityTypeLabels[type]}</strong>
              <small>{identityDescriptions[type]}</small>
            </span>
          </label>
        ))}
      </fieldset>
      <div className={`kyc-zones${slots.length > 1 ? ' two' : ''}`}>
        {slots.map((slot) => {
          const title = idType === 'passport' ? 'Passport Page' : slot.side === 'front' ? 'ID Front' : 'ID Back';
          return (
            <Zone
              key={slotKey(slot)}
              {...documentZone}
              title={title}
              slot={slot}
              documents={kase.documents}
              hint={texts.dropHint}
              cameraTitle={idType === 'passport' ? 'Capture Passport Page' : `Capture ${title}`}
              onUploaded={changed}
            />
          );
        })}
      </div>
      {kase.kinds.identity === 'approved' ? null : <ProfileDetail name="birth_date" saved={birthDate} onSaved={birthDateSaved} />}
      <aside className="kyc-protected">
        <strong>{texts.protectedTitle}</strong>
        <p>{texts.protectedBody}</p>
      </aside>
      <Alert text={alert} />
      <div className="kyc-nav">
        <a href={paths.dashboard} role="button" className="secondary outline">
          {texts.cancel}
        </a>
        <button type="button" onClick={next}>
          {texts.continue}
        </button>
      </div>
    </>
  );
}

/** Step 2: a proof of address, matched with the address on the profile. */
export function ResidenceStep({ kase, heading, alert, say, go, changed, address, addressSaved }: StepProps & { address: string | null; addressSaved: (address: string) => void }) {
  const held = !slotOpen(kase.documents, addressSlot) || kase.kinds.proof_of_address === 'approved';
  const next = () => {
    if (!held) return say(texts.alertResidence);
    if (!address && kase.kinds.proof_of_address !== 'approved') return say(texts.alertAddress);
    go('selfie');
  };
  return (
    <>
      <Heading heading={heading} text={texts.residenceTitle} />
      <Zone
        {...documentZone}
        title={documentKindLabels.proof_of_address}
        slot={addressSlot}
        documents={kase.documents}
        hint={`${texts.residenceDrop} · ${texts.residenceFormats}`}
        cameraTitle="Capture Proof of Residence"
        onUploaded={changed}
      />
      <ProfileDetail name="address" saved={address} onSaved={addressSaved} />
      <div className="kyc-accepted">
        <span className="kyc-label">{texts.accepted}</span>
        <ul>
          {texts.acceptedList.map((each) => (
            <li key={each}>{each}</li>
          ))}
        </ul>
        <p className="kyc-note">{texts.threeMonths}</p>
      </div>
      <Alert text={alert} />
      <div className="kyc-nav">
        <button type="button" className="secondary outline" onClick={() => go('id')}>
          {texts.back}
        </button>
        <button type="button" onClick={next}>
          {texts.continue}
        </button>
      </div>
    </>
  );
}

/** Step 3: the selfie, then "Submit Review", which reads the case again: "Awaiting" only once the server holds every kind. */
export function SelfieStep({ kase, heading, alert, say, go, changed }: StepProps) {
  const review = useEndpointForm(kycApi.verificationCase, {
    initial: {},
    request: () => ({}),
    fallback: texts.reloadFailed,
    onDone: ({ data }) => {
      if (!data) return;
      changed(data.data);
      go(firstStep(data.data));
    },
  });
  const held = !slotOpen(kase.documents, selfieSlot) || kase.kinds.selfie === 'approved';
  const submit = () => {
    say(held ? null : texts.alertSelfie);
    if (held) review.submit();
  };
  return (
    <>
      <Heading heading={heading} text={texts.selfieTitle} />
      <p className="kyc-intro">{texts.selfieIntro}</p>
      <Zone {...selfieZone} title="Selfie" slot={selfieSlot} documents={kase.documents} hint="JPG, PNG or WebP (max. 10MB)" cameraTitle="Take Selfie" onUploaded={changed} />
      <ul className="kyc-tips">
        {texts.tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
      <Alert text={alert ?? review.problem} />
      <div className="kyc-nav">
        <button type="button" className="secondary outline" onClick={() => go('residence')}>
          {texts.back}
        </button>
        <button type="button" onClick={submit} disabled={review.busy} aria-busy={review.busy || undefined}>
          {texts.submitReview}
        </button>
      </div>
    </>
  );
}

/** The review: what the server holds, each with its status. */
export function AwaitingStep({ kase, heading }: Pick<StepProps, 'kase' | 'heading'>) {
  const current = kase.documents.filter((doc) => doc.current && doc.status !== 'rejected');
  return (
    <div className="kyc-awaiting">
      <div className="kyc-verified-icon waiting" aria-hidden="true">
        <HourglassIcon />
      </div>
      <Heading heading={heading} text={texts.awaitingTitle} />
      <p>{texts.awaitingBody}</p>
      <ul className="kyc-sent">
        {current.map((doc) => (
          <li key={doc.id}>
            <span>{doc.label}</span>
            <span className="kyc-file-name">{doc.file_name}</span>
            <span className={`kyc-badge kyc-badge-${doc.status}`}>{statusLabels[doc.status]}</span>
          </li>
        ))}
      </ul>
      <a href={paths.dashboard} role="button">
        {texts.backDashboard}
      </a>
    </div>
  );
}
