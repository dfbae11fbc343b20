import { useEffect, useRef, useState } from 'react';

export const cameraTexts = {
  unavailable: 'The camera could not be opened. Allow camera access, or choose a file instead.',
  starting: 'Starting the camera…',
  cancel: 'Cancel',
} as const;

/** Whether this browser can open a camera at all (decided after hydration: the server cannot know). */
export function useCameraAvailable(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => setAvailable(typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function' && window.isSecureContext), []);
  return available;
}

/**
 * The webcam dialog ("Capture ID Front", "Take Selfie"): the live picture, and a button that takes it as a
 * JPEG file (docs/customer-area.md#verification). The stream stops when the dialog closes.
 */
export function CameraDialog({
  title,
  action,
  facing,
  fileName,
  onCapture,
  onClose,
}: {
  title: string;
  action: string;
  facing: 'user' | 'environment';
  fileName: string;
  onCapture: (file: File) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
    let stream: MediaStream | null = null;
    let stopped = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: facing, width: { ideal: 1920 }, height: { ideal: 1080 } }, audio: false })
      .then(async (opened) => {
        if (stopped) return opened.getTracks().forEach((track) => track.stop());
        stream = opened;
        if (video.current) {
          video.current.srcObject = opened;
          await video.current.play().catch(() => undefined);
        }
        setReady(true);
      })
      .catch(() => setProblem(cameraTexts.unavailable));
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [facing]);

  const capture = () => {
    const source = video.current;
    if (!source || !source.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = source.videoWidth;
    canvas.height = source.videoHeight;
    canvas.getContext('2d')?.drawImage(source, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (!blob) return setProblem(cameraTexts.unavailable);
        onCapture(new File([blob], fileName, { type: 'image/jpeg' }));
      },
      'image/jpeg',
      0.92,
    );
  };

  return (
    <dialog ref={dialog} className="kyc-camera" aria-labelledby="kyc-camera-title" onClose={onClose} onCancel={onClose}>
      <article>
        <header>
          <h2 id="kyc-camera-title">{title}</h2>
        </header>
        {problem ? (
          <p className="notice notice-warning" role="alert">
            {problem}
          </p>
        ) : (
          <div className="kyc-camera-view">
            <video ref={video} playsInline muted aria-label={title} className={facing === 'user' ? 'mirrored' : undefined} />
            {ready ? null : <p className="kyc-camera-wait">{cameraTexts.starting}</p>}
          </div>
        )}
        <footer>
          <button type="button" className="secondary outline" onClick={onClose}>
            {cameraTexts.cancel}
          </button>
          {problem ? null : (
            <button type="button" onClick={capture} disabled={!ready}>
              {action}
            </button>
          )}
        </footer>
      </article>
    </dialog>
  );
}
