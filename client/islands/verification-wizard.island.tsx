import '../styles/staff-tables.css';
import './verification-wizard.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import * as z from 'zod/mini';
import { kycApi } from '../../shared/api/endpoints/kyc';
import {
  customerVerificationTexts,
  documentKindLabels,
  type documentUploadResponse,
  identityTypeLabels,
  verificationCaseSchema,
  type DocumentKind,
  type DocumentSide,
  type IdentityDocumentType,
  type KindStatus,
  type MyDocument,
  type VerificationCase,
} from '../../shared/api/verification.schema';
import { paths } from '../../shared/routes';
import { userEvents } from '../../shared/realtime-events/user';
import { CheckIcon, HourglassIcon } from '../components/icons';
import { StaffTable } from '../components/staff-table';
import { When } from '../funding/history';
import { call, upload } from '../lib/call';
import { realtime } from '../realtime/connection';
import { listen } from '../realtime/events';
import { defineIsland } from '../runtime/define-island';
import { currentUser, realtimeKey } from '../state/session';
import { showToast } from '../state/toasts';
import { CameraDialog, useCameraAvailable } from './verification-camera';

/** The page's texts (docs/customer-area.md#verification), the original's where it has them. */
export const verificationPageTexts = {
  verifiedTitle: 'Account verified',
  verifiedBody: 'Your account is fully verified. All trading features and withdrawal limits are unlocked.',
  continueDashboard: 'Continue to Dashboard',
  idTitle: 'Verify identity',
  idIntro: 'Choose your document, then add a clear photo of it: colour, all corners visible, no glare.',
  dropHint: 'Drag and drop or take photo.',
  browse: 'Browse',
  snap: 'Snap',
  protectedTitle: 'Your data is protected',
  protectedBody: 'Your documents travel over an encrypted connection, are kept on our own servers, are seen only by our compliance staff, and are not shared with third parties.',
  cancel: 'Cancel',
  continue: 'Continue',
  back: 'Back',
  residenceTitle: 'Proof of Residence',
  residenceDrop: 'Click to upload or drag',
  residenceFormats: 'JPG, PNG, WebP or PDF (max. 10MB)',
  addressLabel: 'Full Residential Address',
  addressMissing: 'No address on your profile yet: add it on Personal information so it can be matched with the document.',
  addressChange: 'Change it on Personal information',
  accepted: 'Accepted Documents',
  acceptedList: ['Utility bill', 'Bank or card statement', 'Tax assessment', 'Lease agreement'],
  threeMonths: 'Doc must be within 3 months and show full name & address.',
  selfieTitle: 'Take a Selfie',
  selfieIntro: 'A clear photo of your face, so we can match it with your identity document.',
  uploadPhoto: 'Upload Photo',
  useCamera: 'Use Camera',
  tips: ['Face well lit', 'Neutral expression', 'No hats or glasses', 'Plain background'],
  submitReview: 'Submit Review',
  awaitingTitle: 'Awaiting Verification',
  awaitingBody: "Your documents are being reviewed. This typically takes 1-2 business days. We'll notify you via email once the verification is complete.",
  backDashboard: 'Back to Dashboard',
  alertPassport: 'Please upload your passport bio-data page',
  alertBothSides: 'Please upload both front and back ID documents',
  alertResidence: 'Please upload proof of residence document',
  alertSelfie: 'Please upload or take a selfie',
  invalidType: 'Invalid file type. Please upload a valid document.',
  tooLarge: 'File is too large. Maximum size is 10MB.',
  uploading: 'Uploading...',
  uploaded: 'Uploaded',
  waiting: 'Received: waiting for review',
  approved: 'Approved',
  documentsTitle: 'Your documents',
  documentsEmpty: 'No documents sent yet.',
  resend: 'Send a new one',
  history: 'replaced by a newer one',
  reloadFailed: 'Your documents could not be loaded. Reload the page to try again.',
} as const;

const statusLabels: Record<KindStatus, string> = { unverified: 'Not sent', pending: 'Pending review', approved: 'Approved', rejected: 'Rejected' };
const identityDescriptions: Record<IdentityDocumentType, string> = { passport: 'International travel document', driving_licence: 'State issued license', national_id: 'Government ID card' };
const maxBytes = 10 * 1024 * 1024;
const documentMimes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];
const photoMimes = ['image/jpeg', 'image/png', 'image/webp'];

type Step = 'id' | 'residence' | 'selfie' | 'awaiting';
const steps: readonly { step: Step; label: string }[] = [
  { step: 'id', label: 'ID' },
  { step: 'residence', label: 'Residence' },
  { step: 'selfie', label: 'Selfie' },
  { step: 'awaiting', label: 'Review' },
];

const props = z.object({
  /** GET /verification as the server read it for the page; null when it could not be read. */
  initial: z.nullable(verificationCaseSchema),
  /** The address on the customer's profile, which the proof of address must show. */
  address: z.nullable(z.string()),
});

/** A slot the customer fills: which document, and for identity its type and side. */
interface Slot {
  kind: DocumentKind;
  idType: IdentityDocumentType | null;
  side: DocumentSide | null;
}
const slotKey = (slot: Slot) => `${slot.kind}:${slot.idType ?? ''}:${slot.side ?? ''}`;
const docSlot = (doc: MyDocument): Slot => ({ kind: doc.kind, idType: doc.id_type, side: doc.side });
/** The newest document of a slot, if any (the list is newest first). */
const latestIn = (documents: readonly MyDocument[], slot: Slot) => documents.find((doc) => slotKey(docSlot(doc)) === slotKey(slot));
/** A slot needs a file while it has none, or its newest was rejected. */
const slotOpen = (documents: readonly MyDocument[], slot: Slot) => {
  const doc = latestIn(documents, slot);
  return !doc || doc.status === 'rejected';
};
const needsFile = (status: KindStatus) => status === 'unverified' || status === 'rejected';

/** Where the wizard starts: the first kind still needing a document, else the review. */
function firstStep(kase: VerificationCase): Step {
  if (needsFile(kase.kinds.identity)) return 'id';
  if (needsFile(kase.kinds.proof_of_address)) return 'residence';
  if (needsFile(kase.kinds.selfie)) return 'selfie';
  return 'awaiting';
}

/** The ID type to show first: the one the customer last sent, else a passport. */
function firstIdType(kase: VerificationCase): IdentityDocumentType {
  return kase.documents.find((doc) => doc.kind === 'identity' && doc.id_type)?.id_type ?? 'passport';
}

/** Sends one file with its slot, reporting progress. */
function sendDocument(file: File, slot: Slot, onProgress: (percent: number) => void): Promise<z.infer<typeof documentUploadResponse>> {
  const form = new FormData();
  form.append('kind', slot.kind);
  if (slot.idType) form.append('id_type', slot.idType);
  if (slot.side) form.append('side', slot.side);
  form.append('file', file);
  return upload(kycApi.uploadDocument, form, { onProgress, fallback: customerVerificationTexts.uploadFailed });
}

interface ZoneState {
  percent: number | null;
  error: string | null;
}

/**
 * One drop zone: a file by "Browse", drag and drop, or "Snap" (the camera, where the browser has one). The
 * file is sent at once; the zone shows the progress, then what the server kept and its status.
 */
function Zone({
  title,
  slot,
  documents,
  accept,
  hint,
  cameraTitle,
  cameraAction,
  facing,
  browseLabel,
  snapLabel,
  onUploaded,
}: {
  title: string;
  slot: Slot;
  documents: readonly MyDocument[];
  accept: readonly string[];
  hint: string;
  cameraTitle: string;
  cameraAction: string;
  facing: 'user' | 'environment';
  browseLabel: string;
  snapLabel: string;
  onUploaded: (kase: VerificationCase, doc: MyDocument) => void;
}) {
  const camera = useCameraAvailable();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [state, setState] = useState<ZoneState>({ percent: null, error: null });
  const [shooting, setShooting] = useState(false);
  const [over, setOver] = useState(false);
  const latest = latestIn(documents, slot);
  const open = slotOpen(documents, slot);
  const busy = state.percent !== null;

  const send = async (file: File) => {
    if (!accept.includes(file.type)) return setState({ percent: null, error: verificationPageTexts.invalidType });
    if (file.size > maxBytes) return setState({ percent: null, error: verificationPageTexts.tooLarge });
    setState({ percent: 0, error: null });
    try {
      const answer = await sendDocument(file, slot, (percent) => setState({ percent, error: null }));
      setState({ percent: null, error: null });
      showToast({ kind: 'success', title: `${answer.data.label} uploaded successfully`, description: answer.message });
      onUploaded(answer.case, answer.data);
    } catch (error) {
      const message = error instanceof Error ? error.message : customerVerificationTexts.uploadFailed;
      setState({ percent: null, error: message });
      showToast({ kind: 'error', title: message });
    }
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && open && !busy) void send(file);
  };

  return (
    <div
      className={`kyc-zone${over ? ' over' : ''}${latest && !open ? ` is-${latest.status}` : ''}`}
      onDragOver={(event) => {
        if (!open || busy) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <strong id={`${id}-title`}>{title}</strong>
      {latest && !open ? (
        <p className="kyc-zone-done">
          <span className={`kyc-badge kyc-badge-${latest.status}`}>{latest.status === 'approved' ? verificationPageTexts.approved : verificationPageTexts.waiting}</span>
          <span className="kyc-file-name">{latest.file_name}</span>
        </p>
      ) : (
        <>
          <p className="kyc-zone-hint">{hint}</p>
          {latest?.status === 'rejected' ? (
            <p className="kyc-zone-refused" role="status">
              Rejected: {latest.reason ?? 'no reason given'}. Send a new one.
            </p>
          ) : null}
          {busy ? (
            <div className="kyc-progress">
              <progress max={100} value={state.percent ?? 0} aria-labelledby={`${id}-title`} />
              <span>
                {verificationPageTexts.uploading} {state.percent}%
              </span>
            </div>
          ) : (
            <div className="kyc-zone-actions">
              <button type="button" className="secondary" onClick={() => input.current?.click()} aria-describedby={`${id}-title`}>
                {browseLabel}
              </button>
              {camera ? (
                <button type="button" className="secondary outline" onClick={() => setShooting(true)} aria-describedby={`${id}-title`}>
                  {snapLabel}
                </button>
              ) : null}
            </div>
          )}
          <input
            ref={input}
            type="file"
            hidden
            accept={accept.join(',')}
            aria-labelledby={`${id}-title`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void send(file);
            }}
          />
          {state.error ? (
            <p className="kyc-zone-error" role="alert">
              {state.error}
            </p>
          ) : null}
        </>
      )}
      {shooting ? (
        <CameraDialog
          title={cameraTitle}
          action={cameraAction}
          facing={facing}
          fileName={`${slotKey(slot).replace(/:+/g, '-').replace(/-$/, '')}.jpg`}
          onClose={() => setShooting(false)}
          onCapture={(file) => {
            setShooting(false);
            void send(file);
          }}
        />
      ) : null}
    </div>
  );
}

function Alert({ text }: { text: string | null }) {
  return text ? (
    <p className="notice notice-warning kyc-alert" role="alert">
      {text}
    </p>
  ) : null;
}

function Stepper({ current }: { current: Step }) {
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

/** The customer's documents, newest first; a rejected one still current offers a new upload when `onResend` is given. */
function DocumentsTable({ documents, onResend }: { documents: readonly MyDocument[]; onResend?: (doc: MyDocument) => void }) {
  return (
    <section className="kyc-documents" aria-labelledby="kyc-documents-title">
      <h2 id="kyc-documents-title">{verificationPageTexts.documentsTitle}</h2>
      <StaffTable
        rows={documents}
        rowKey={(doc) => doc.id}
        empty={verificationPageTexts.documentsEmpty}
        columns={[
          { label: 'Document', cell: (doc) => doc.label },
          {
            label: 'File',
            cell: (doc) => (
              <a href={doc.file_url} target="_blank" rel="noopener" className="kyc-file-link">
                {doc.file_name}
              </a>
            ),
          },
          { label: 'Sent', cell: (doc) => <When iso={doc.created_at} /> },
          {
            label: 'Status',
            cell: (doc) => (
              <>
                <span className={`kyc-badge kyc-badge-${doc.status}`}>{statusLabels[doc.status]}</span>
                {doc.current ? null : <small className="kyc-history"> ({verificationPageTexts.history})</small>}
              </>
            ),
          },
          { label: 'Reason', cell: (doc) => doc.reason ?? '—' },
          {
            label: 'Action',
            hiddenLabel: true,
            cell: (doc) =>
              onResend && doc.status === 'rejected' && doc.current ? (
                <button type="button" className="secondary outline kyc-resend" onClick={() => onResend(doc)}>
                  {verificationPageTexts.resend}
                </button>
              ) : null,
          },
        ]}
      />
    </section>
  );
}

/**
 * `/main/verification` (docs/customer-area.md#verification): the wizard ID → Residence → Selfie → Awaiting,
 * each file sent at once with its progress; "Awaiting Verification" only once the server holds every kind;
 * the documents table with statuses and staff's reasons, and a new upload for a rejected one. Staff's
 * decisions arrive as `.user.updated` and re-read the case.
 */
function VerificationWizard({ initial, address }: z.infer<typeof props>) {
  useSignals();
  const [kase, setKase] = useState<VerificationCase | null>(initial);
  const [step, setStep] = useState<Step>(() => (initial ? firstStep(initial) : 'id'));
  const [idType, setIdType] = useState<IdentityDocumentType>(() => (initial ? firstIdType(initial) : 'passport'));
  const [alert, setAlert] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const user = currentUser.value;
  const key = realtimeKey.value;

  const reload = useCallback(async () => {
    const answer = await call(kycApi.verificationCase);
    if (answer.ok) setKase(answer.data.data);
  }, []);

  useEffect(() => {
    if (!key || !user) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    realtime(key)
      .then((echo) => {
        if (!cancelled) stop = listen(echo, userEvents.userUpdated, user.id, () => void reload());
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [key, user, reload]);

  const go = (next: Step) => {
    setAlert(null);
    setStep(next);
    heading.current?.focus();
  };

  if (!kase)
    return (
      <p className="notice notice-warning" role="status">
        {verificationPageTexts.reloadFailed}
      </p>
    );

  const documents = kase.documents;
  const uploaded = (next: VerificationCase) => setKase(next);

  if (kase.status === 'approved')
    return (
      <div className="kyc">
        <section className="kyc-card kyc-verified">
          <div className="kyc-verified-icon" aria-hidden="true">
            <CheckIcon />
          </div>
          <h1>{verificationPageTexts.verifiedTitle}</h1>
          <p>{verificationPageTexts.verifiedBody}</p>
          <a href={paths.dashboard} role="button">
            {verificationPageTexts.continueDashboard}
          </a>
        </section>
        <DocumentsTable documents={documents} />
      </div>
    );

  const idSlots: Slot[] =
    idType === 'passport'
      ? [{ kind: 'identity', idType, side: 'front' }]
      : [
          { kind: 'identity', idType, side: 'front' },
          { kind: 'identity', idType, side: 'back' },
        ];
  const addressSlot: Slot = { kind: 'proof_of_address', idType: null, side: null };
  const selfieSlot: Slot = { kind: 'selfie', idType: null, side: null };
  const identityHeld = kase.kinds.identity === 'approved' || idSlots.every((slot) => !slotOpen(documents, slot));

  const resend = (doc: MyDocument) => {
    if (doc.kind === 'identity' && doc.id_type) setIdType(doc.id_type);
    go(doc.kind === 'identity' ? 'id' : doc.kind === 'proof_of_address' ? 'residence' : 'selfie');
  };

  // "Awaiting" only while the server holds every kind: a rejection arriving meanwhile reopens its step.
  const shown: Step = step === 'awaiting' ? firstStep(kase) : step;
  let body: ReactNode;
  if (shown === 'id') {
    body = (
      <>
        <h1 ref={heading} tabIndex={-1}>
          {verificationPageTexts.idTitle}
        </h1>
        <p className="kyc-intro">{verificationPageTexts.idIntro}</p>
        <fieldset className="kyc-types">
          <legend className="visually-hidden">Identity document</legend>
          {(['passport', 'driving_licence', 'national_id'] as const).map((type) => (
            <label key={type} className={`kyc-type${idType === type ? ' chosen' : ''}`}>
              <input
                type="radio"
                name="id-type"
                value={type}
                checked={idType === type}
                onChange={() => {
                  setIdType(type);
                  setAlert(null);
                }}
              />
              <span>
                <strong>{identityTypeLabels[type]}</strong>
                <small>{identityDescriptions[type]}</small>
              </span>
            </label>
          ))}
        </fieldset>
        <div className={`kyc-zones${idSlots.length > 1 ? ' two' : ''}`}>
          {idSlots.map((slot) => {
            const title = idType === 'passport' ? 'Passport Page' : slot.side === 'front' ? 'ID Front' : 'ID Back';
            return (
              <Zone
                key={slotKey(slot)}
                title={title}
                slot={slot}
                documents={documents}
                accept={documentMimes}
                hint={verificationPageTexts.dropHint}
                cameraTitle={idType === 'passport' ? 'Capture Passport Page' : `Capture ${title}`}
                cameraAction="Capture Photo"
                facing="environment"
                browseLabel={verificationPageTexts.browse}
                snapLabel={verificationPageTexts.snap}
                onUploaded={uploaded}
              />
            );
          })}
        </div>
        <aside className="kyc-protected">
          <strong>{verificationPageTexts.protectedTitle}</strong>
          <p>{verificationPageTexts.protectedBody}</p>
        </aside>
        <Alert text={alert} />
        <div className="kyc-nav">
          <a href={paths.dashboard} role="button" className="secondary outline">
            {verificationPageTexts.cancel}
          </a>
          <button type="button" onClick={() => (identityHeld ? go('residence') : setAlert(idType === 'passport' ? verificationPageTexts.alertPassport : verificationPageTexts.alertBothSides))}>
            {verificationPageTexts.continue}
          </button>
        </div>
      </>
    );
  } else if (shown === 'residence') {
    body = (
      <>
        <h1 ref={heading} tabIndex={-1}>
          {verificationPageTexts.residenceTitle}
        </h1>
        <Zone
          title={documentKindLabels.proof_of_address}
          slot={addressSlot}
          documents={documents}
          accept={documentMimes}
          hint={`${verificationPageTexts.residenceDrop} · ${verificationPageTexts.residenceFormats}`}
          cameraTitle="Capture Proof of Residence"
          cameraAction="Capture Photo"
          facing="environment"
          browseLabel={verificationPageTexts.browse}
          snapLabel={verificationPageTexts.snap}
          onUploaded={uploaded}
        />
        <div className="kyc-address">
          <span className="kyc-label">{verificationPageTexts.addressLabel}</span>
          {address ? <p>{address}</p> : <p>{verificationPageTexts.addressMissing}</p>}
          <a href={paths.personal}>{verificationPageTexts.addressChange}</a>
        </div>
        <div className="kyc-accepted">
          <span className="kyc-label">{verificationPageTexts.accepted}</span>
          <ul>
            {verificationPageTexts.acceptedList.map((each) => (
              <li key={each}>{each}</li>
            ))}
          </ul>
          <p className="kyc-note">{verificationPageTexts.threeMonths}</p>
        </div>
        <Alert text={alert} />
        <div className="kyc-nav">
          <button type="button" className="secondary outline" onClick={() => go('id')}>
            {verificationPageTexts.back}
          </button>
          <button type="button" onClick={() => (slotOpen(documents, addressSlot) && kase.kinds.proof_of_address !== 'approved' ? setAlert(verificationPageTexts.alertResidence) : go('selfie'))}>
            {verificationPageTexts.continue}
          </button>
        </div>
      </>
    );
  } else if (shown === 'selfie') {
    body = (
      <>
        <h1 ref={heading} tabIndex={-1}>
          {verificationPageTexts.selfieTitle}
        </h1>
        <p className="kyc-intro">{verificationPageTexts.selfieIntro}</p>
        <Zone
          title="Selfie"
          slot={selfieSlot}
          documents={documents}
          accept={photoMimes}
          hint="JPG, PNG or WebP (max. 10MB)"
          cameraTitle="Take Selfie"
          cameraAction="Capture Selfie"
          facing="user"
          browseLabel={verificationPageTexts.uploadPhoto}
          snapLabel={verificationPageTexts.useCamera}
          onUploaded={uploaded}
        />
        <ul className="kyc-tips">
          {verificationPageTexts.tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
        <Alert text={alert} />
        <div className="kyc-nav">
          <button type="button" className="secondary outline" onClick={() => go('residence')}>
            {verificationPageTexts.back}
          </button>
          <button
            type="button"
            onClick={async () => {
              if (slotOpen(documents, selfieSlot) && kase.kinds.selfie !== 'approved') return setAlert(verificationPageTexts.alertSelfie);
              // "Awaiting" only once the server confirms it holds every kind.
              const answer = await call(kycApi.verificationCase);
              if (!answer.ok) return setAlert(answer.message ?? verificationPageTexts.reloadFailed);
              setKase(answer.data.data);
              go(firstStep(answer.data.data));
            }}
          >
            {verificationPageTexts.submitReview}
          </button>
        </div>
      </>
    );
  } else {
    const current = documents.filter((doc) => doc.current && doc.status !== 'rejected');
    body = (
      <div className="kyc-awaiting">
        <div className="kyc-verified-icon waiting" aria-hidden="true">
          <HourglassIcon />
        </div>
        <h1 ref={heading} tabIndex={-1}>
          {verificationPageTexts.awaitingTitle}
        </h1>
        <p>{verificationPageTexts.awaitingBody}</p>
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
          {verificationPageTexts.backDashboard}
        </a>
      </div>
    );
  }

  return (
    <div className="kyc">
      <section className="kyc-card">
        <Stepper current={shown} />
        {body}
      </section>
      <DocumentsTable documents={documents} onResend={resend} />
    </div>
  );
}

export default defineIsland({ name: 'verification-wizard', component: VerificationWizard, props });
