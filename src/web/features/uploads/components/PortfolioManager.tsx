import { ImagePlus, Loader2, Trash2 } from 'lucide-react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { ACCEPTED_IMAGE_TYPES, IMAGE_LIMITS, thumbnailUrl, UPLOAD_TEXTS } from '#domain/uploads.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { toastFor } from '#web/lib/toast.tsx';
import { useDeletePortfolioImage } from '../api/delete-portfolio-image';
import { useUploadPortfolioImage } from '../api/upload-portfolio-image';
import { checkImageFile, resizeImage, uploadErrorText } from '../image-file';

interface PortfolioManagerProps {
  userId: string;
  images: readonly string[];
  /** Called with the server's list after every upload or delete. */
  onChange: (images: string[]) => void;
  disabled?: boolean;
}

interface Pending {
  id: number;
  preview: string;
}

const MAX = IMAGE_LIMITS.portfolioMax;
let nextId = 0;

/** Up to 10 portfolio images: multi-select, checks, resize to 1200×1200, previews while uploading, delete. */
export function PortfolioManager({ userId, images, onChange, disabled = false }: PortfolioManagerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const upload = useUploadPortfolioImage();
  const remove = useDeletePortfolioImage();
  const previews = useRef(new Set<string>());

  // Object URLs are released when the manager goes away mid-upload.
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const isUploading = pending.length > 0;
  const count = images.length;

  const handleFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    if (count + files.length > MAX) {
      toastFor('portfolio-upload').error(UPLOAD_TEXTS.tooManyTitle, {
        description: UPLOAD_TEXTS.tooMany(count),
      });
      return;
    }
    const reasons: string[] = [];
    const accepted: { file: File; item: Pending }[] = [];
    for (const file of files) {
      const problem = checkImageFile(file);
      if (problem) reasons.push(problem);
      else {
        const preview = URL.createObjectURL(file);
        previews.current.add(preview);
        accepted.push({ file, item: { id: nextId++, preview } });
      }
    }
    setPending(accepted.map((a) => a.item));

    let added = 0;
    // One at a time: the server keeps the order and the 10-image limit without races.
    for (const { file, item } of accepted) {
      try {
        const dataUrl = await resizeImage(file, IMAGE_LIMITS.portfolio);
        const reply = await upload.mutateAsync({ file: dataUrl, userId });
        onChange(reply.portfolioImages);
        added += 1;
      } catch (error) {
        reasons.push(uploadErrorText(error, UPLOAD_TEXTS.imagesFailed));
      } finally {
        URL.revokeObjectURL(item.preview);
        previews.current.delete(item.preview);
        setPending((list) => list.filter((p) => p.id !== item.id));
      }
    }

    // One toast for the outcome: what failed, after what was added if some were.
    const uploads = toastFor('portfolio-upload');
    if (reasons.length > 0) {
      const distinct = [...new Set(reasons)];
      const failed =
        files.length === 1
          ? distinct[0]
          : `${UPLOAD_TEXTS.someFailed(reasons.length)}: ${distinct.join(' ')}`;
      uploads.error(UPLOAD_TEXTS.uploadFailedTitle, {
        description: added > 0 ? `${UPLOAD_TEXTS.imagesAdded(added)}. ${failed}` : failed,
      });
    } else if (added > 0) uploads.success(UPLOAD_TEXTS.imagesAdded(added));
  };

  const handleDelete = () => {
    if (!toDelete) return;
    remove.mutate(
      { imageUrl: toDelete, userId },
      {
        onSuccess: (reply) => {
          onChange(reply.portfolioImages);
          setToDelete(null);
          toastFor('portfolio-delete').success(UPLOAD_TEXTS.imageDeleted);
        },
        onError: (error) => {
          setToDelete(null);
          toastFor('portfolio-delete').error(UPLOAD_TEXTS.deleteFailedTitle, {
            description: uploadErrorText(error, UPLOAD_TEXTS.deleteFailed),
          });
        },
      },
    );
  };

  const isFull = count + pending.length >= MAX;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted" aria-live="polite">
          {count} of {MAX} images
          {isUploading && ` · uploading ${pending.length}`}
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || isUploading || isFull}
          onClick={() => inputRef.current?.click()}
        >
          {isUploading ? <Spinner /> : <ImagePlus className="h-4 w-4" aria-hidden="true" />}
          Add images
        </Button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          className="hidden"
          aria-label="Portfolio images"
          data-testid="portfolio-input"
          onChange={handleFiles}
        />
      </div>

      {count === 0 && pending.length === 0 ? (
        <p className="rounded-xl border border-dashed border-app px-4 py-8 text-center text-sm text-muted">
          No portfolio images yet. Add up to {MAX} photos of your work (JPEG, PNG or WebP, up to 10MB each).
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" aria-label="Portfolio images">
          {images.map((url, index) => (
            <li key={url} className="group relative aspect-square overflow-hidden rounded-xl bg-muted">
              <Thumbnail url={url} alt={`Portfolio image ${index + 1}`} />
              <button
                type="button"
                aria-label={`Delete portfolio image ${index + 1}`}
                disabled={disabled || remove.isPending}
                onClick={() => setToDelete(url)}
                className="absolute top-1.5 right-1.5 inline-flex h-9 w-9 cursor-pointer items-center justify-center rounded-full bg-black/65 text-white hover:bg-black/85 disabled:cursor-not-allowed disabled:opacity-50"
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </button>
            </li>
          ))}
          {pending.map((item) => (
            <li key={item.id} className="relative aspect-square overflow-hidden rounded-xl bg-muted">
              <img src={item.preview} alt="" className="h-full w-full object-cover opacity-60" />
              <span className="absolute inset-0 flex items-center justify-center bg-black/30 text-white">
                <span role="status" className="inline-flex">
                  <Loader2 className="h-6 w-6 animate-spin" aria-hidden="true" />
                  <span className="sr-only">Uploading...</span>
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this image?"
        description="It will be removed from your portfolio and your public profile."
        confirmLabel="Delete image"
        isPending={remove.isPending}
        onConfirm={handleDelete}
      />
    </div>
  );
}

/** The small version for the grid (fixed box, lazy); falls back to the full image if it has none. */
function Thumbnail({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState(() => thumbnailUrl(url));
  return (
    <img
      src={src}
      alt={alt}
      width={IMAGE_LIMITS.thumb.width}
      height={IMAGE_LIMITS.thumb.height}
      loading="lazy"
      decoding="async"
      className="h-full w-full object-cover"
      onError={() => src !== url && setSrc(url)}
    />
  );
}
