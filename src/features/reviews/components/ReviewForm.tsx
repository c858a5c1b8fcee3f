import { groupRupees } from '../../../../schemas/money.ts';
import { useState } from 'react';
import { MAX_REVIEW_BODY, MAX_REVIEW_PHOTOS, MAX_REVIEW_TITLE, type ReviewPhoto } from '../../../../schemas/review.ts';
import { Img } from '../../../ui/Img.tsx';
import { button } from '../../../ui/theme/global.css.ts';
import * as css from '../pages/pages.css.ts';
import { StarInput } from './Stars.tsx';

export interface ReviewFormValues {
  rating: number;
  title: string;
  body: string;
}

/**
 * Stars, title, text and photos. Photos go up as they are chosen (`onAddPhoto`, which answers the stored photo)
 * and are kept while the form is filled; the server checks each file by its bytes.
 */
export function ReviewForm({
  initial,
  photos,
  onAddPhoto,
  onAddPhotoLink,
  onRemovePhoto,
  onSubmit,
  submitLabel,
}: {
  initial?: Partial<ReviewFormValues>;
  photos: ReviewPhoto[];
  onAddPhoto: (file: File) => Promise<void>;
  /** SPEC §5: a photo already uploaded, given by its link on our storage bucket; false keeps a refused link shown. */
  onAddPhotoLink?: (url: string) => Promise<boolean>;
  onRemovePhoto?: (photo: ReviewPhoto) => void;
  onSubmit: (values: ReviewFormValues) => Promise<void>;
  submitLabel: string;
}) {
  const [rating, setRating] = useState<number | null>(initial?.rating ?? null);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [body, setBody] = useState(initial?.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [link, setLink] = useState('');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!rating) {
      setError('Please choose a rating from 1 to 5 stars.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onSubmit({ rating, title: title.trim(), body });
    } finally {
      setBusy(false);
    }
  };

  const choose = async (files: FileList | null) => {
    if (!files?.length) return;
    setUploading(true);
    try {
      for (const f of Array.from(files).slice(0, MAX_REVIEW_PHOTOS - photos.length)) await onAddPhoto(f);
    } finally {
      setUploading(false);
    }
  };

  return (
    <form className={css.form} onSubmit={submit} noValidate aria-label="Your review">
      <StarInput label="Your rating" value={rating} onChange={setRating} name="rating" />
      {error && (
        <p className={css.error} role="alert">
          {error}
        </p>
      )}
      <label className={css.field}>
        Title <span className={css.hint}>(optional)</span>
        <input className={css.input} name="title" value={title} maxLength={MAX_REVIEW_TITLE} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label className={css.field}>
        Your review <span className={css.hint}>(optional, up to {groupRupees(MAX_REVIEW_BODY)} characters)</span>
        <textarea className={css.textarea} name="body" value={body} maxLength={MAX_REVIEW_BODY} onChange={(e) => setBody(e.target.value)} />
      </label>
      <div className={css.field}>
        <span id="photos-label">
          Photos <span className={css.hint}>(JPEG, PNG or WebP, up to 5 MB each, at most {MAX_REVIEW_PHOTOS})</span>
        </span>
        {photos.length > 0 && (
          <ul className={css.photos} aria-labelledby="photos-label" data-testid="form-photos">
            {photos.map((p, i) => (
              <li key={p.id} className={css.photo}>
                <Img src={p.url} alt={`Your photo ${i + 1}`} width={80} height={80} className={css.photoImg} />
                {onRemovePhoto && (
                  <button
                    type="button"
                    className={css.hint}
                    onClick={() => onRemovePhoto(p)}
                    style={{ minHeight: 44, background: 'none', border: 'none', textDecoration: 'underline', cursor: 'pointer' }}
                  >
                    Remove photo {i + 1}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {photos.length < MAX_REVIEW_PHOTOS && (
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            aria-labelledby="photos-label"
            disabled={uploading}
            onChange={(e) => {
              void choose(e.target.files);
              e.target.value = '';
            }}
          />
        )}
        {onAddPhotoLink && photos.length < MAX_REVIEW_PHOTOS && (
          <span style={{ display: 'flex', gap: 8 }}>
            <input
              className={css.input}
              type="url"
              aria-label="Link to a photo you uploaded to Kasrat"
              placeholder="https://…"
              value={link}
              onChange={(e) => setLink(e.target.value)}
            />
            <button
              type="button"
              className={button}
              disabled={uploading || !link.trim()}
              onClick={async () => {
                setUploading(true);
                try {
                  if (await onAddPhotoLink(link)) setLink('');
                } finally {
                  setUploading(false);
                }
              }}
            >
              Add link
            </button>
          </span>
        )}
        {uploading && <span role="status">Uploading…</span>}
      </div>
      <button type="submit" className={button} disabled={busy || uploading}>
        {busy ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}
