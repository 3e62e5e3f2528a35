import { useEffect, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import type { User } from '../../../contracts/auth';
import { UPLOAD_TYPES } from '../../../contracts/uploads';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { AvatarCropper, type LoadedImage } from './AvatarCropper';
import { initialCrop, type Crop } from './crop';
import { useRemoveProfilePhoto, useSaveProfilePhoto } from './mutations';
import { ProfileCard } from './ProfileCard';

/** The largest photo taken for cropping: it never leaves the device, only the 512 px square does. */
const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
const IMAGE_TYPES: string[] = [...UPLOAD_TYPES.image];

/**
 * The profile photo: choose an image, crop it to a square in the browser, and the square (512×512,
 * WebP or JPEG) goes through the site's one upload flow (upload URL → PUT → finalise) and becomes
 * the profile's photo. Remove photo goes back to the initials.
 */
export function PhotoSection({ user, online }: { user: User; online: boolean }) {
  const [chosen, setChosen] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const remove = useRemoveProfilePhoto();

  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      setProblem(`You can only upload: ${IMAGE_TYPES.join(', ')}`);
      return;
    }
    if (file.size > MAX_SOURCE_BYTES) {
      setProblem(`${file.name} exceeds maximum allowed size of 25 MB`);
      return;
    }
    setProblem(null);
    setChosen(file);
  };

  return (
    <ProfileCard id="profile-photo-title" title="Photo" className="profile-photo">
      <div className="profile-photo__current">
        <Avatar person={user} size="xl" label={user.profileImageUrl ? 'Your photo' : 'Your initials (no photo yet)'} />
        <div className="profile-photo__actions">
          <FileTrigger acceptedFileTypes={IMAGE_TYPES} onSelect={choose}>
            <Button variant="secondary" size="sm" isDisabled={!online}>
              {user.profileImageUrl ? 'Change Photo' : 'Add Photo'}
            </Button>
          </FileTrigger>
          {user.profileImageUrl ? (
            <Button variant="ghost" size="sm" isDisabled={!online} isPending={remove.isPending} onPress={() => remove.mutate()}>
              {remove.isPending ? 'Removing...' : 'Remove Photo'}
            </Button>
          ) : null}
        </div>
      </div>
      <p className="field__description">
        JPEG, PNG, WebP or GIF. You crop it to a square next; only the square is uploaded.
        {online ? null : ' Changing your photo needs a connection.'}
      </p>
      <p className="field__error" aria-live="polite">
        {problem}
      </p>
      {/* A modal: drawn over the page, outside this card. */}
      {chosen ? <CropDialog file={chosen} onClose={() => setChosen(null)} /> : null}
    </ProfileCard>
  );
}

function CropDialog({ file, onClose }: { file: File; onClose: () => void }) {
  const [image, setImage] = useState<LoadedImage | null>(null);
  const [failed, setFailed] = useState(false);
  const [crop, setCrop] = useState<Crop | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Decode the chosen file on the device; its object URL is released when the dialog closes.
  useEffect(() => {
    const url = URL.createObjectURL(file);
    const element = new Image();
    let live = true;
    element.src = url;
    element
      .decode()
      .then(() => {
        if (!live) return;
        const size = { width: element.naturalWidth, height: element.naturalHeight };
        setImage({ element, size });
        setCrop(initialCrop(size));
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      URL.revokeObjectURL(url);
    };
  }, [file]);

  const save = useSaveProfilePhoto({
    onProgress: setProgress,
    onSaved: onClose,
    onFailed: (message) => {
      setProgress(null);
      setError(message);
    },
  });

  return (
    <Dialog title="Crop Your Photo" isOpen isDismissable={false} onOpenChange={(open) => !open && !save.isPending && onClose()}>
      {(close) => (
        <div className="crop-dialog">
          {failed ? (
            <p className="field__error" role="alert">
              This file could not be read as an image. Choose another photo.
            </p>
          ) : image && crop ? (
            <AvatarCropper image={image} crop={crop} onCropChange={setCrop} isDisabled={save.isPending} />
          ) : (
            <p role="status">Opening the photo…</p>
          )}
          <div aria-live="polite" className="crop-dialog__status">
            {progress !== null && save.isPending ? <p>Uploading… {Math.round(progress * 100)}%</p> : null}
            {error ? <p className="field__error">{error}</p> : null}
          </div>
          <div className="dialog__actions">
            <Button variant="secondary" onPress={close} isDisabled={save.isPending}>
              Cancel
            </Button>
            <Button onPress={() => image && crop && save.mutate({ image, crop })} isPending={save.isPending} isDisabled={!image || failed}>
              {save.isPending ? 'Saving...' : 'Save Photo'}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
