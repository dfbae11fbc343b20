import './profile-photo.css';
import { useId, useRef, useState, type DragEvent } from 'react';
import * as z from 'zod/mini';
import { profileApi } from '../../shared/api/endpoints/profile';
import { photoMaxBytes, profileTexts } from '../../shared/api/profile.schema';
import { call, upload } from '../lib/call';
import { defineIsland } from '../runtime/define-island';
import { showToast } from '../state/toasts';

const props = z.object({ avatar: z.nullable(z.string()), initials: z.string() });

const takenTypes = ['image/jpeg', 'image/png', 'image/gif'];

/** Uploads with progress; answers the new photo's address, or throws the server's message. */
async function sendPhoto(file: File, onProgress: (percent: number) => void): Promise<string | null> {
  const form = new FormData();
  form.append('file', file);
  return (await upload(profileApi.uploadPhoto, form, { onProgress, fallback: profileTexts.photoFailed })).data.avatar;
}

/**
 * "Profile Photo" (docs/customer-area.md#personal-information): click or drag a JPG, GIF or PNG of at
 * most 5 MB; the server checks its bytes and re-encodes it. Once saved, the page reloads so its header,
 * completion and every avatar show the new photo.
 */
function ProfilePhoto({ avatar, initials }: z.infer<typeof props>) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [shown, setShown] = useState(avatar);
  const busy = progress !== null;

  const done = (title: string) => {
    showToast({ kind: 'success', title });
    window.setTimeout(() => window.location.reload(), 900);
  };

  async function send(file: File | undefined) {
    if (!file || busy) return;
    setError(null);
    // The server decides by the bytes; these only spare a pointless upload.
    if (!takenTypes.includes(file.type)) return setError(profileTexts.photoType);
    if (file.size > photoMaxBytes) return setError(profileTexts.photoTooLarge);
    setProgress(0);
    try {
      const url = await sendPhoto(file, setProgress);
      setShown(url);
      done(profileTexts.photoUpdated);
    } catch (failure) {
      setError((failure as Error).message);
      setProgress(null);
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  async function remove() {
    setError(null);
    setProgress(0);
    const result = await call(profileApi.removePhoto);
    if (result.ok) {
      setShown(null);
      done(result.data.message);
    } else {
      setProgress(null);
      setError(result.message ?? profileTexts.photoFailed);
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void send(event.dataTransfer.files[0]);
  };

  return (
    <div className="photo-panel">
      <div className="photo-row">
        <span className="photo-preview" aria-hidden="true">
          {shown ? <img src={shown} alt="" width={96} height={96} /> : initials || '?'}
        </span>
        <label
          htmlFor={`${id}-file`}
          className={dragging ? 'photo-drop dragging' : 'photo-drop'}
          aria-disabled={busy || undefined}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <strong>{profileTexts.photoDrop}</strong>
          <span>{profileTexts.photoHint}</span>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png,image/gif"
            disabled={busy}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => void send(event.currentTarget.files?.[0])}
          />
        </label>
      </div>
      {busy ? <progress value={progress} max={100} aria-label="Uploading photo" /> : null}
      {error ? (
        <p id={`${id}-error`} className="photo-error" role="alert">
          {error}
        </p>
      ) : null}
      {shown ? (
        <button type="button" className="outline secondary small" onClick={() => void remove()} disabled={busy}>
          Remove photo
        </button>
      ) : null}
      <div className="photo-rules">
        <p>{profileTexts.guidelinesTitle}</p>
        <ul>
          {profileTexts.guidelines.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export default defineIsland({ name: 'profile-photo', component: ProfilePhoto, props });
