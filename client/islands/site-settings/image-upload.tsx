import { useRef } from 'react';
import { adminApi } from '../../../shared/api/endpoints/admin';
import { useUpload } from '../../forms/use-upload';

/**
 * Uploads an image for one of the site's image fields (docs/site-settings.md#images) and puts its address in
 * the field; Save keeps it. Raster images only, known by their bytes on the server.
 */
export function ImageUpload({ label, onUploaded }: { label: string; onUploaded: (url: string) => void }) {
  const image = useUpload(adminApi.uploadSiteImage, { fallback: 'The image could not be uploaded. Try again.', onDone: (answer) => onUploaded(answer.url) });
  const picker = useRef<HTMLInputElement>(null);
  return (
    <div className="settings-upload">
      <button type="button" className="outline secondary" aria-busy={image.busy || undefined} disabled={image.busy} onClick={() => picker.current?.click()}>
        {image.busy ? 'Uploading…' : `Upload ${label.toLowerCase()}`}
      </button>
      <input
        ref={picker}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        hidden
        aria-label={`${label} image file`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void image.send(file);
        }}
      />
      {image.problem ? (
        <small className="settings-error" role="alert">
          {image.problem}
        </small>
      ) : null}
    </div>
  );
}
