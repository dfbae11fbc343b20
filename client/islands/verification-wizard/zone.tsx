import { useId, useRef, useState, type DragEvent, type RefObject } from 'react';
import { kycApi } from '../../../shared/api/endpoints/kyc';
import { customerVerificationTexts, type MyDocument, type VerificationCase } from '../../../shared/api/verification.schema';
import { useUpload } from '../../forms/use-upload';
import { showToast } from '../../state/toasts';
import { CameraDialog, useCameraAvailable } from '../verification-camera';
import { latestIn, slotFields, slotKey, slotOpen, verificationPageTexts as texts, type Slot } from './model';

const maxBytes = 10 * 1024 * 1024;
const documentMimes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];
const photoMimes = ['image/jpeg', 'image/png', 'image/webp'];

/** How a zone takes its file: the types, the camera's action and lens, the buttons' labels. */
interface ZoneLook {
  accept: readonly string[];
  cameraAction: string;
  facing: 'user' | 'environment';
  browseLabel: string;
  snapLabel: string;
}
/** A document's zone: photographed with the back camera, or a PDF. */
export const documentZone: ZoneLook = { accept: documentMimes, cameraAction: 'Capture Photo', facing: 'environment', browseLabel: texts.browse, snapLabel: texts.snap };
/** The selfie's zone: a photo, with the front camera. */
export const selfieZone: ZoneLook = { accept: photoMimes, cameraAction: 'Capture Selfie', facing: 'user', browseLabel: texts.uploadPhoto, snapLabel: texts.useCamera };

interface ZoneProps extends ZoneLook {
  title: string;
  slot: Slot;
  documents: readonly MyDocument[];
  hint: string;
  cameraTitle: string;
  onUploaded: (kase: VerificationCase, doc: MyDocument) => void;
}

/**
 * One drop zone: a file by "Browse", drag and drop, or "Snap" (the camera, where the browser has one). The
 * file is sent at once; the zone shows the progress, then what the server kept and its status.
 */
export function Zone({ title, slot, documents, cameraTitle, cameraAction, facing, onUploaded, ...look }: ZoneProps) {
  const camera = useCameraAvailable();
  const id = useId();
  const [shooting, setShooting] = useState(false);
  const [over, setOver] = useState(false);
  const latest = latestIn(documents, slot);
  const open = slotOpen(documents, slot);
  const file = useUpload(kycApi.uploadDocument, {
    check: (chosen) => (!look.accept.includes(chosen.type) ? texts.invalidType : chosen.size > maxBytes ? texts.tooLarge : null),
    fallback: customerVerificationTexts.uploadFailed,
    onDone: (answer) => {
      showToast({ kind: 'success', title: `${answer.data.label} uploaded successfully`, description: answer.message });
      onUploaded(answer.case, answer.data);
    },
    onFailed: (message) => showToast({ kind: 'error', title: message }),
  });
  const send = (chosen: File) => void file.send(chosen, slotFields(slot));
  const takes = open && !file.busy;

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const chosen = event.dataTransfer.files[0];
    if (chosen && takes) send(chosen);
  };

  return (
    <div
      className={`kyc-zone${over ? ' over' : ''}${latest && !open ? ` is-${latest.status}` : ''}`}
      onDragOver={(event) => {
        if (!takes) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <strong id={`${id}-title`}>{title}</strong>
      {latest && !open ? (
        <p className="kyc-zone-done">
          <span className={`kyc-badge kyc-badge-${latest.status}`}>{latest.status === 'approved' ? texts.approved : texts.waiting}</span>
          <span className="kyc-file-name">{latest.file_name}</span>
        </p>
      ) : (
        <ZoneChoice titleId={`${id}-title`} rejected={latest?.status === 'rejected' ? latest : null} file={file} look={look} onFile={send} onSnap={camera ? () => setShooting(true) : null} />
      )}
      {shooting ? (
        <CameraDialog
          title={cameraTitle}
          action={cameraAction}
          facing={facing}
          fileName={`${slotKey(slot).replace(/:+/g, '-').replace(/-$/, '')}.jpg`}
          onClose={() => setShooting(false)}
          onCapture={(captured) => {
            setShooting(false);
            send(captured);
          }}
        />
      ) : null}
    </div>
  );
}

/** An open zone: its hint, why the last one was rejected, the buttons (or the progress), and what went wrong. */
function ZoneChoice({
  titleId,
  rejected,
  file,
  look,
  onFile,
  onSnap,
}: {
  titleId: string;
  rejected: MyDocument | null;
  file: { percent: number | null; problem: string | null };
  look: Omit<ZoneLook, 'cameraAction' | 'facing'> & { hint: string };
  onFile: (file: File) => void;
  /** Null where the browser has no camera. */
  onSnap: (() => void) | null;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <p className="kyc-zone-hint">{look.hint}</p>
      {rejected ? (
        <p className="kyc-zone-refused" role="status">
          Rejected: {rejected.reason ?? 'no reason given'}. Send a new one.
        </p>
      ) : null}
      {file.percent !== null ? (
        <div className="kyc-progress">
          <progress max={100} value={file.percent} aria-labelledby={titleId} />
          <span>
            {texts.uploading} {file.percent}%
          </span>
        </div>
      ) : (
        <ZoneButtons titleId={titleId} input={input} look={look} onSnap={onSnap} />
      )}
      <input
        ref={input}
        type="file"
        hidden
        accept={look.accept.join(',')}
        aria-labelledby={titleId}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) onFile(chosen);
        }}
      />
      {file.problem ? (
        <p className="kyc-zone-error" role="alert">
          {file.problem}
        </p>
      ) : null}
    </>
  );
}

function ZoneButtons({ titleId, input, look, onSnap }: { titleId: string; input: RefObject<HTMLInputElement | null>; look: Pick<ZoneLook, 'browseLabel' | 'snapLabel'>; onSnap: (() => void) | null }) {
  return (
    <div className="kyc-zone-actions">
      <button type="button" className="secondary" onClick={() => input.current?.click()} aria-describedby={titleId}>
        {look.browseLabel}
      </button>
      {onSnap ? (
        <button type="button" className="secondary outline" onClick={onSnap} aria-describedby={titleId}>
          {look.snapLabel}
        </button>
      ) : null}
    </div>
  );
}
