import { Camera, Loader2 } from 'lucide-react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { ACCEPTED_IMAGE_TYPES, IMAGE_LIMITS, UPLOAD_TEXTS } from '#domain/uploads.ts';
import { Avatar } from '#web/components/ui/Avatar.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { toastFor } from '#web/lib/toast.tsx';
import { useUploadAvatar } from '../api/upload-avatar';
import { checkImageFile, resizeImage, uploadErrorText } from '../image-file';

const toast = toastFor('avatar-upload');

interface AvatarUploadProps {
  userId: string;
  name: string;
  avatarUrl: string | null | undefined;
  /** Called with the stored avatar's URL once the server has it. */
  onUploaded: (avatarUrl: string) => void;
  disabled?: boolean;
}

/** The profile picture with a 'Change photo' button: checks, resizes to 400×400, previews, uploads. */
export function AvatarUpload({ userId, name, avatarUrl, onUploaded, disabled = false }: AvatarUploadProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useUploadAvatar();

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Let the same file be picked again after a failure.
    event.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      toast.error(UPLOAD_TEXTS.uploadFailedTitle, { description: problem });
      return;
    }
    setPreview(URL.createObjectURL(file));
    try {
      const dataUrl = await resizeImage(file, IMAGE_LIMITS.avatar);
      const reply = await upload.mutateAsync({ file: dataUrl, userId });
      onUploaded(reply.avatarUrl);
      toast.success(UPLOAD_TEXTS.avatarUpdated);
    } catch (error) {
      toast.error(UPLOAD_TEXTS.uploadFailedTitle, {
        description: uploadErrorText(error, UPLOAD_TEXTS.avatarFailed),
      });
    } finally {
      setPreview(null);
    }
  };

  const isUploading = preview !== null;
  const src = preview ?? avatarUrl ?? null;
  return (
    <div className="flex items-center gap-4">
      <div className="relative shrink-0">
        <Avatar name={name || '?'} src={src} size={80} />
        {isUploading && (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-black/50 text-white">
            <span role="status" className="inline-flex">
              <Loader2 className="h-6 w-6 animate-spin" aria-hidden="true" />
              <span className="sr-only">Uploading profile picture</span>
            </span>
          </span>
        )}
      </div>
      <div className="min-w-0 space-y-1">
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || isUploading}
          onClick={() => inputRef.current?.click()}
        >
          <Camera className="h-4 w-4" aria-hidden="true" />
          {isUploading ? 'Uploading...' : avatarUrl ? 'Change photo' : 'Upload photo'}
        </Button>
        <p className="text-xs text-muted">JPEG, PNG or WebP, up to 10MB.</p>
        <input
          ref={inputRef}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          className="hidden"
          aria-label="Profile picture"
          data-testid="avatar-input"
          onChange={handleFile}
        />
      </div>
    </div>
  );
}
