import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  DropZone,
  FileTrigger,
  isFileDropItem,
  type DropZoneProps,
} from 'react-aria-components';
import { UPLOAD_LIMITS, UPLOAD_TYPES, type ObjectPathResponse, type UploadKind } from '../../../contracts/uploads';
import { serverMessage } from '../../lib/errors';
import { UploadError, uploadFileWithDetails } from '../../api/uploads';
import { Button } from '../../components/Button';
import { errorToast, toast } from '../../components/Toast';
import './FileField.css';

export interface FileFieldProps {
  /** Visible label; also names the group that holds the controls. */
  label: string;
  /** 'image' (article images, podcast covers, profile images) or 'audio'. */
  kind: UploadKind;
  /** The stored object path (`/objects/<id>`) or URL; null when there is none. */
  value: string | null;
  /** Called with the object path once an upload is finalised, or null when the file is removed. */
  onChange: (value: string | null) => void;
  /** Help under the field, e.g. 'MP3, WAV, etc.'. The size limit is added to it. */
  description?: ReactNode;
  /** An error from the surrounding form (e.g. the server refused the URL). */
  errorMessage?: string;
  /** Default: the kind's limit from contracts/uploads.ts (5 MB images, 100 MB audio). */
  maxBytes?: number;
  /** Told when an upload starts and ends, so a form can hold its submit meanwhile. */
  onUploadingChange?: (isUploading: boolean) => void;
  /** Told what finalising answered (audio: the duration the server read from the file), before onChange. */
  onUploaded?: (result: ObjectPathResponse) => void;
  isDisabled?: boolean;
}

/**
 * The one upload field (spec 4 upload flow, spec 5 limits, spec 8 widget messages): choose a file
 * with the button or drop it on the field; it is checked in the browser (type, size; one file) before
 * any byte is sent, uploaded with a progress bar, finalised, and its object path handed to
 * `onChange`. Images get a preview. `<FileField label="Featured Image" kind="image" value={imageUrl}
 * onChange={setImageUrl} />`.
 */
export function FileField({
  label,
  kind,
  value,
  onChange,
  description,
  errorMessage,
  maxBytes = UPLOAD_LIMITS[kind],
  onUploadingChange,
  onUploaded,
  isDisabled = false,
}: FileFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const messagesId = `${id}-messages`;
  const [upload, setUpload] = useState<{ fileName: string; progress: number } | null>(null);
  const [messages, setMessages] = useState<string[]>([]);
  const [status, setStatus] = useState('');
  const controller = useRef<AbortController | null>(null);
  const isUploading = upload !== null;
  // Leaving the form abandons an upload in flight.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async (file: File) => {
    const abort = new AbortController();
    controller.current = abort;
    setMessages([]);
    setStatus('');
    setUpload({ fileName: file.name, progress: 0 });
    onUploadingChange?.(true);
    let lastProgressAt = 0;
    try {
      const result = await uploadFileWithDetails(kind, file, {
        signal: abort.signal,
        onProgress: (fraction) => {
          // Spec 9: progress updates at most every 500 ms (and the last one always).
          const now = Date.now();
          if (fraction < 1 && now - lastProgressAt < PROGRESS_THROTTLE_MS) return;
          lastProgressAt = now;
          setUpload({ fileName: file.name, progress: fraction });
        },
      });
      onUploaded?.(result);
      onChange(result.objectPath);
      setStatus(`Uploaded ${file.name}`);
      if (kind === 'image') toast({ title: 'Image uploaded successfully!' });
    } catch (error) {
      if (abort.signal.aborted) return;
      setMessages(failureMessages(file, error));
      if (error instanceof UploadError && error.step === 'finalize') {
        const fallback = kind === 'image' ? 'Failed to process uploaded image.' : 'Failed to process uploaded audio.';
        errorToast(error.cause, fallback);
      }
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        setUpload(null);
        onUploadingChange?.(false);
      }
    }
  };

  const accept = (files: File[]) => {
    if (files.length === 0) return;
    if (isUploading) {
      setMessages(['Cannot add more files']);
      return;
    }
    const refusal = checkFiles(files, kind, maxBytes);
    if (refusal) {
      setMessages([refusal]);
      setStatus('');
      return;
    }
    void start(files[0]);
  };

  const onDrop = async (event: DropEvent) => {
    const files = await Promise.all(event.items.filter(isFileDropItem).map((item) => item.getFile()));
    accept(files);
  };

  const noun = kind === 'image' ? 'image' : 'audio file';
  const errors = [...messages, ...(errorMessage ? [errorMessage] : [])];

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={`${descriptionId} ${messagesId}`}
      className="field file-field"
      data-invalid={errors.length > 0 || undefined}
    >
      <span id={labelId} className="field__label">
        {label}
      </span>
      <DropZone
        className="file-field__zone"
        isDisabled={isDisabled || isUploading}
        getDropOperation={(types) => (ACCEPTED_TYPES[kind].some((type) => types.has(type)) ? 'copy' : 'cancel')}
        onDrop={(event) => void onDrop(event)}
        aria-label={`Drop ${kind === 'image' ? 'an image' : 'an audio file'} for ${label}`}
      >
        {value && kind === 'image' ? <img className="file-field__preview" src={value} alt={`Preview of ${label}`} /> : null}
        {value && kind === 'audio' ? (
          <>
            {/* Only its length is fetched until the editor presses play. */}
            <audio className="file-field__audio" controls preload="metadata" src={value} aria-label={`Preview of ${label}`} />
            <p className="file-field__current">
              Current file:{' '}
              <a href={value} target="_blank" rel="noopener noreferrer">
                {value}
              </a>
            </p>
          </>
        ) : null}
        <div className="file-field__actions">
          <FileTrigger
            acceptedFileTypes={ACCEPTED_TYPES[kind]}
            onSelect={(list) => accept(list ? Array.from(list) : [])}
          >
            <Button variant="secondary" size="sm" isDisabled={isDisabled} isPending={isUploading}>
              {value ? `Replace ${noun}` : `Choose ${noun}`}
            </Button>
          </FileTrigger>
          {value ? (
            <Button variant="ghost" size="sm" isDisabled={isDisabled || isUploading} onPress={() => onChange(null)}>
              Remove {noun}
            </Button>
          ) : null}
          <span className="file-field__hint" aria-hidden="true">
            or drop it here
          </span>
        </div>
        {upload ? (
          <div className="progress">
            <div className="progress__text">
              <label htmlFor={`${id}-progress`} className="progress__label">
                Uploading {upload.fileName}
              </label>
              <span className="progress__value" aria-hidden="true">
                {Math.round(upload.progress * 100)}%
              </span>
            </div>
            <progress id={`${id}-progress`} className="progress__bar" max={100} value={Math.round(upload.progress * 100)} />
          </div>
        ) : null}
      </DropZone>
      <p id={descriptionId} className="field__description">
        {description ? <>{description} </> : null}
        One file, at most {formatBytes(maxBytes)}.
      </p>
      <div id={messagesId} aria-live="polite" className="file-field__messages">
        {errors.map((message) => (
          <p key={message} className="field__error">
            {message}
          </p>
        ))}
        {status && errors.length === 0 ? <p className="file-field__status">{status}</p> : null}
      </div>
    </div>
  );
}

const PROGRESS_THROTTLE_MS = 500;

type DropEvent = Parameters<NonNullable<DropZoneProps['onDrop']>>[0];

/*
 * Types offered in the file picker and matched in the browser. The server recognises a file by its
 * first bytes (contracts/uploads.ts UPLOAD_TYPES); browsers report some audio types under other
 * names (Chrome: audio/x-m4a, audio/x-wav), which are accepted too.
 */
const TYPE_ALIASES: Record<UploadKind, readonly string[]> = {
  image: [],
  audio: ['audio/mp3', 'audio/x-m4a', 'audio/m4a', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'],
};
const ACCEPTED_TYPES: Record<UploadKind, string[]> = {
  image: [...UPLOAD_TYPES.image, ...TYPE_ALIASES.image],
  audio: [...UPLOAD_TYPES.audio, ...TYPE_ALIASES.audio],
};

/** The first reason to refuse the selection, in the widget's words (spec 8), or null. */
function checkFiles(files: File[], kind: UploadKind, maxBytes: number): string | null {
  if (files.length > 1) return 'You can only upload 1 file';
  const [file] = files;
  if (!ACCEPTED_TYPES[kind].includes(file.type)) return `You can only upload: ${UPLOAD_TYPES[kind].join(', ')}`;
  if (file.size > maxBytes) return `${file.name} exceeds maximum allowed size of ${formatBytes(maxBytes)}`;
  return null;
}

function failureMessages(file: File, error: unknown): string[] {
  const cause = error instanceof UploadError ? error.cause : error;
  if (typeof navigator !== 'undefined' && !navigator.onLine) return ['No Internet connection'];
  const headline = error instanceof UploadError && error.step === 'finalize' ? 'Upload failed' : `Failed to upload ${file.name}`;
  // The server's reason (not audio, longer than an episode may last) stays under the field after the toast goes.
  const detail = serverMessage(cause, '');
  return detail ? [headline, detail] : [headline];
}

/** Sizes as the upload widget writes them: 1024-based, '5 MB', '1.5 KB'. */
function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  if (bytes < 1) return `${bytes} B`;
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  const amount = bytes / 1024 ** exponent;
  return `${amount >= 10 || amount % 1 === 0 ? Math.round(amount) : amount.toFixed(1)} ${units[exponent]}`;
}
