// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileApi } from '../../shared/api/endpoints/profile';
import { useUpload } from '../../client/forms/use-upload';

/**
 * The form kit's upload (docs/front-end.md#forms): a file the checks refuse is never sent, the progress shows while
 * it travels, the answer goes to `onDone`, and a refusal is the problem until the next file.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const upload = vi.hoisted(() => vi.fn());
vi.mock('../../client/lib/call', () => ({ upload }));

const done = vi.fn();
const failed = vi.fn();
let root: Root;
let host: HTMLElement;
let sendFile: (file: File, fields?: Record<string, string>) => Promise<void>;

function PhotoInput() {
  const photo = useUpload(profileApi.uploadPhoto, {
    check: (file) => (file.type === 'image/png' ? null : 'PNG only.'),
    fallback: 'The photo was not saved.',
    onDone: done,
    onFailed: failed,
  });
  sendFile = photo.send;
  return (
    <p>
      <output>{photo.busy ? `${photo.percent}%` : 'idle'}</output>
      <span role="alert">{photo.problem ?? ''}</span>
    </p>
  );
}

const shown = () => host.querySelector('output')!.textContent;
const problem = () => host.querySelector('[role="alert"]')!.textContent;
const png = new File(['png'], 'me.png', { type: 'image/png' });

beforeEach(async () => {
  upload.mockReset();
  done.mockReset();
  failed.mockReset();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(<PhotoInput />));
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('useUpload', () => {
  it('sends nothing the check refuses, and says why', async () => {
    await act(() => sendFile(new File(['gif'], 'me.gif', { type: 'image/gif' })));
    expect(upload).not.toHaveBeenCalled();
    expect(problem()).toBe('PNG only.');
    expect(failed).not.toHaveBeenCalled();
  });

  it('shows the progress while the file travels, with the fields before it, then hands the answer on', async () => {
    let answer!: (value: unknown) => void;
    upload.mockImplementation((_e, _form: FormData, { onProgress }: { onProgress: (percent: number) => void }) => {
      onProgress(40);
      return new Promise((resolve) => (answer = resolve));
    });
    let sent!: Promise<void>;
    await act(async () => void (sent = sendFile(png, { kind: 'selfie' })));
    expect(shown()).toBe('40%');
    const form = upload.mock.calls[0]![1] as FormData;
    expect([...form.keys()]).toEqual(['kind', 'file']);
    await act(async () => {
      answer({ data: { avatar: '/profile/photos/me.png' } });
      await sent;
    });
    expect(shown()).toBe('idle');
    expect(done).toHaveBeenCalledWith({ data: { avatar: '/profile/photos/me.png' } });
  });

  it("keeps the server's refusal as the problem until the next file", async () => {
    upload.mockRejectedValue(new Error('The picture could not be read.'));
    await act(() => sendFile(png));
    expect(problem()).toBe('The picture could not be read.');
    expect(failed).toHaveBeenCalledWith('The picture could not be read.');
    expect(done).not.toHaveBeenCalled();
    upload.mockResolvedValue({ data: { avatar: null } });
    await act(() => sendFile(png));
    expect(problem()).toBe('');
  });
});
