import './profile-photo.css';
import { useId, useRef, useState, type DragEvent, type RefObject } from 'react';
import * as z from 'zod/mini';
import { profileApi } from '../../shared/api/endpoints/profile';
import { photoMaxBytes, profileTexts } from '../../shared/api/profile.schema';
import { renderRegionsAgain } from '../forms/regions';
import { useEndpointForm } from '../forms/use-endpoint-form';
import { useUpload } from '../forms/use-upload';
import { defineIsland } from '../runtime/define-island';
import { showToast } from '../state/toasts';

const props = z.object({ avatar: z.nullable(z.string()), initials: z.string() });

const takenTypes = ['image/jpeg', 'image/png', 'image/gif'];
// The server decides by the bytes; these only spare a pointless upload.
const photoCheck = (file: File) => (!takenTypes.includes(file.type) ? profileTexts.photoType : file.size > photoMaxBytes ? profileTexts.photoTooLarge : null);

/**
 * "Profile Photo" (docs/customer-area.md#personal-information): click or drag a JPG, GIF or PNG of at
 * most 5 MB; the server checks its bytes and re-encodes it. Once saved, the island shows the new photo and
 * the page's summary (its avatar and completion, `data-region="profile-summary"`) is rendered again.
 */
function ProfilePhoto({ avatar, initials }: z.infer<typeof props>) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState(avatar);
  const changed = (url: string | null, title: string) => {
    setShown(url);
    showToast({ kind: 'success', title });
    void renderRegionsAgain();
  };
  const photo = useUpload(profileApi.uploadPhoto, { check: photoCheck, fallback: profileTexts.photoFailed, onDone: (answer) => changed(answer.data.avatar, profileTexts.photoUpdated) });
  const removal = useEndpointForm(profileApi.removePhoto, {
    initial: {},
    request: () => ({}),
    fallback: profileTexts.photoFailed,
    onDone: ({ data }) => changed(null, data?.message ?? profileTexts.photoUpdated),
  });
  const busy = photo.busy || removal.busy;
  const error = photo.problem ?? removal.problem;

  async function send(file: File | undefined) {
    if (!file || busy) return;
    removal.reset();
    await photo.send(file);
    if (input.current) input.current.value = '';
  }
  const remove = () => {
    photo.clear();
    removal.submit();
  };
  return (
    <div className="photo-panel">
      <div className="photo-row">
        <span className="photo-preview" aria-hidden="true">
          {shown ? <img src={shown} alt="" width={96} height={96} /> : initials || '?'}
        </span>
        <PhotoDrop id={id} input={input} busy={busy} described={Boolean(error)} onFile={(file) => void send(file)} />
      </div>
      {busy ? <progress value={photo.percent ?? 0} max={100} aria-label="Uploading photo" /> : null}
      {error ? (
        <p id={`${id}-error`} className="photo-error" role="alert">
          {error}
        </p>
      ) : null}
      {shown ? (
        <button type="button" className="outline secondary small" onClick={remove} disabled={busy}>
          Remove photo
        </button>
      ) : null}
      <PhotoRules />
    </div>
  );
}

/** The box to click or drop a photo on, around its file input. */
function PhotoDrop({ id, input, busy, described, onFile }: { id: string; input: RefObject<HTMLInputElement | null>; busy: boolean; described: boolean; onFile: (file: File | undefined) => void }) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onFile(event.dataTransfer.files[0]);
  };
  return (
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
        aria-describedby={described ? `${id}-error` : undefined}
        onChange={(event) => onFile(event.currentTarget.files?.[0])}
      />
    </label>
  );
}

function PhotoRules() {
  return (
    <div className="photo-rules">
      <p>{profileTexts.guidelinesTitle}</p>
      <ul>
        {profileTexts.guidelines.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </div>
  );
}

export default defineIsland({ name: 'profile-photo', component: ProfilePhoto, props });
