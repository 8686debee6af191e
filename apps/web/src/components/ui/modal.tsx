import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the browser's own <dialog>: focus stays inside, Escape
 * closes it, the page behind is inert. (Radix' dialog injects an inline
 * <style> for its scroll lock, which the Content-Security-Policy forbids.)
 */
export function Modal({
  title,
  description,
  onClose,
  children,
  closeLabel = 'Schließen',
  className = 'max-w-xl',
}: {
  title: ReactNode;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  closeLabel?: string;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    document.documentElement.classList.add('overflow-hidden');
    return () => {
      document.documentElement.classList.remove('overflow-hidden');
      if (dialog?.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: let React decide, so state and dialog stay in step
        event.preventDefault();
        onClose();
      }}
      className={`m-auto max-h-[92vh] w-[calc(100%-1.5rem)] overflow-hidden rounded-xl bg-white p-0 text-navy shadow-2xl backdrop:bg-navy/60 ${className}`}
    >
      <div className="flex max-h-[92vh] flex-col">
        <div className="flex items-start justify-between gap-4 border-b border-sand p-5">
          <div>
            <h2 id={titleId} className="text-xl font-bold">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="text-sm text-gray-700">
                {description}
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={onClose}
            className="rounded-md p-2 text-gray-700 hover:bg-sand"
            aria-label={closeLabel}
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
        <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">{children}</div>
      </div>
    </dialog>
  );
}
