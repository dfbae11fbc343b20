import './modal.css';
import '../forms/forms.css';
import { useEffect, useId, useRef, type ReactNode } from 'react';

/** A modal on the native `<dialog>`: focus kept inside, Escape and the backdrop close it. */
export function Modal({ title, onClose, children, className }: { title: string; onClose: () => void; children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => event.target === ref.current && onClose()}
    >
      <article>
        <header>
          <button type="button" aria-label="Close" rel="prev" onClick={onClose} />
          <h3 id={titleId}>{title}</h3>
        </header>
        {children}
      </article>
    </dialog>
  );
}
