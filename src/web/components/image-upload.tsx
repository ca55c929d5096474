import type { RefObject } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { ApiError, currentToken } from '../api/client.js';
import { withBase } from '../base.js';
import { errorText } from '../i18n/errors.js';
import { t } from '../i18n/t.js';

/*
 * Images in the post and comment editors (issue 31 §3): pasted, dropped or picked with "Add image",
 * sent to POST /api/v1/uploads, then `![image](/uploads/<id>?w=…&h=…)` goes in at the cursor (the
 * size in the URL lets the page keep room for the picture before it loads). What happens is said
 * in words, in a live region.
 */

const ACCEPTED = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

interface Uploaded {
  url: string;
  width: number;
  height: number;
}

async function uploadImage(file: File): Promise<Uploaded> {
  const form = new FormData();
  form.append('file', file, file.name || 'image');
  const headers: Record<string, string> = {};
  const token = currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(withBase('/api/v1/uploads'), { method: 'POST', headers, body: form });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Cannot reach the server. Check your connection and try again.');
  }
  const parsed = (await response.json().catch(() => null)) as { upload?: Uploaded; message?: string; code?: string } | null;
  if (response.ok && parsed?.upload) return parsed.upload;
  if (typeof parsed?.message === 'string') throw new ApiError(response.status, parsed.code ?? 'SERVER_ERROR', parsed.message);
  if (response.status === 413) throw new ApiError(413, 'UPLOAD_TOO_LARGE', 'The image is larger than this board accepts');
  throw new ApiError(response.status, 'SERVER_ERROR', 'Something went wrong on the server. Try again in a moment.');
}

/** The Markdown of an uploaded image, with its size in the URL. */
export function imageMarkdown(upload: Uploaded): string {
  return `![image](${upload.url}?w=${upload.width}&h=${upload.height})`;
}

/** The image files among what was pasted or dropped. */
function imageFiles(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((file) => file.type.startsWith('image/') || file.type === '');
}

interface ImageUploadOptions {
  textarea: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onInput: (value: string) => void;
  disabled?: boolean;
}

/** Paste and drop handlers for a textarea, the "Add image" button and the status line that go with it. */
export function useImageUpload({ textarea, value, onInput, disabled }: ImageUploadOptions) {
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = useRef(value);
  latest.current = value;

  const insert = (markdown: string) => {
    const box = textarea.current;
    const text = latest.current;
    const start = box ? box.selectionStart : text.length;
    const end = box ? box.selectionEnd : text.length;
    const before = text.slice(0, start);
    const after = text.slice(end);
    const lead = before === '' || before.endsWith('\n') ? '' : '\n';
    const trail = after.startsWith('\n') ? '' : '\n';
    const next = `${before}${lead}${markdown}${trail}${after}`;
    latest.current = next;
    onInput(next);
    const caret = before.length + lead.length + markdown.length + trail.length;
    requestAnimationFrame(() => {
      if (!box) return;
      box.focus();
      box.setSelectionRange(caret, caret);
    });
  };

  const send = async (files: File[]) => {
    if (files.length === 0 || disabled) return;
    setBusy(true);
    try {
      for (const [index, file] of files.entries()) {
        setStatus({ text: files.length > 1 ? t('board.imageUploadingOf', { index: index + 1, total: files.length }) : t('board.imageUploading'), error: false });
        insert(imageMarkdown(await uploadImage(file)));
      }
      setStatus({ text: files.length > 1 ? t('board.imagesAdded', { count: files.length }) : t('board.imageAdded'), error: false });
    } catch (error) {
      const reason = error instanceof ApiError ? errorText(error) : t('board.imageFailed');
      setStatus({ text: t('board.imageNotAdded', { reason }), error: true });
    } finally {
      setBusy(false);
    }
  };

  const onPaste = (event: ClipboardEvent) => {
    const files = imageFiles(event.clipboardData?.files);
    if (files.length === 0) return;
    event.preventDefault();
    void send(files);
  };
  const onDragOver = (event: DragEvent) => {
    if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
  };
  const onDrop = (event: DragEvent) => {
    const files = imageFiles(event.dataTransfer?.files);
    if (files.length === 0) return;
    event.preventDefault();
    void send(files);
  };

  return { textareaHandlers: { onPaste, onDragOver, onDrop }, status, busy, send };
}

/** "Add image": picks image files from the device; and the upload's progress or error in words. */
export function ImageButton({ id, upload }: { id: string; upload: ReturnType<typeof useImageUpload> }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div class="image-upload">
      <button type="button" class="link-button image-upload__button" disabled={upload.busy} onClick={() => input.current?.click()} aria-describedby={`${id}-image-status`}>
        {t('board.addImage')}
      </button>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED.join(',')}
        multiple
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          void upload.send(files);
        }}
      />
      <span id={`${id}-image-status`} class={upload.status?.error ? 'image-upload__status image-upload__status--error' : 'image-upload__status'} aria-live="polite">
        {upload.status?.text ?? ''}
      </span>
    </div>
  );
}
