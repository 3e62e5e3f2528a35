import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_LIMITS } from '../../../contracts/profile';
import { ApiError } from '../../lib/errors';
import { serverFieldErrors, serverMessage } from '../../lib/errors';
import { changePassword, invalidateProfile, updateProfile } from '../../api/profile';
import { UploadError, uploadFile } from '../../api/uploads';
import { toast, type ToastOptions } from '../../components/Toast';
import type { LoadedImage } from './AvatarCropper';
import { renderCrop, type Crop } from './crop';

/*
 * The member's own profile writes (PATCH /api/profile, POST /api/profile/password). They need a
 * connection and are never queued in the outbox (docs/offline.md, "Profile edits"). Each says its
 * outcome in a toast; the forms show the server's field errors under their fields.
 */

/**
 * The toast for a profile save that failed. No answer at all (offline, or the network dropped)
 * says so plainly: profile edits are never queued.
 */
function saveFailure(error: unknown, fallback: string): ToastOptions {
  if (error instanceof TypeError || (typeof navigator !== 'undefined' && !navigator.onLine)) {
    return {
      title: "You're offline",
      description: 'Saving your profile needs a connection. Nothing was changed; try again once you are back online.',
      variant: 'destructive',
    };
  }
  return { title: 'Error', description: serverMessage(error, fallback), variant: 'destructive' };
}

/**
 * Name, title, company, bio and expertise. The toast and the cache update are the mutation's own,
 * not `mutate`'s: the details form starts again from the saved values (a new key) on success.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (user) => {
      toast({ title: 'Profile updated', description: 'Your public page shows the changes.' });
      await invalidateProfile(queryClient, user);
    },
    onError: (error) => toast(saveFailure(error, 'Failed to update your profile. Please try again.')),
  });
}

/** Every other device is signed out; this one stays signed in. */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ endedSessions }) =>
      toast({
        title: 'Password changed',
        description:
          endedSessions === 0
            ? 'You were not signed in anywhere else.'
            : `Signed out on ${endedSessions} other ${endedSessions === 1 ? 'device' : 'devices'}. You stay signed in here.`,
      }),
    onError: (error) => {
      // A wrong current password is said under its field (422); anything else (too many tries, offline) in a toast.
      if (!(error instanceof ApiError && error.status === 422)) toast(saveFailure(error, 'Failed to change your password. Please try again.'));
    },
  });
}

export function useRemoveProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => updateProfile({ profileImageUrl: null }),
    onSuccess: async (updated) => {
      toast({ title: 'Photo removed', description: 'Your initials show in its place.' });
      await invalidateProfile(queryClient, updated);
    },
    onError: (error) => toast(saveFailure(error, 'Failed to remove your photo. Please try again.')),
  });
}

export interface PhotoSaveHandlers {
  /** Upload progress, 0 to 1, from the moment the square starts uploading. */
  onProgress: (fraction: number) => void;
  onSaved: () => void;
  /** Said in the crop dialog, not in a toast. */
  onFailed: (message: string) => void;
}

/**
 * The cropped square (512×512, WebP or JPEG, rendered on the device) goes through the site's one
 * upload flow (upload URL → PUT → finalise) and becomes the profile's photo.
 */
export function useSaveProfilePhoto({ onProgress, onSaved, onFailed }: PhotoSaveHandlers) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ image, crop }: { image: LoadedImage; crop: Crop }) => {
      const blob = await renderCrop(image.element, image.size, crop, PROFILE_LIMITS.avatarSize);
      const square = new File([blob], blob.type === 'image/webp' ? 'photo.webp' : 'photo.jpg', { type: blob.type });
      onProgress(0);
      const path = await uploadFile('image', square, { onProgress });
      return updateProfile({ profileImageUrl: path });
    },
    onSuccess: async (updated) => {
      toast({ title: 'Photo updated', description: 'Your new photo shows wherever your name appears.' });
      onSaved();
      await invalidateProfile(queryClient, updated);
    },
    onError: (failure) => onFailed(photoFailure(failure)),
  });
}

function photoFailure(failure: unknown): string {
  const cause = failure instanceof UploadError ? failure.cause : failure;
  const offline = cause instanceof TypeError || (cause as { status?: number } | null)?.status === 0;
  if (offline) return "You're offline. Changing your photo needs a connection.";
  return serverFieldErrors(cause).profileImageUrl?.[0] ?? serverMessage(cause, 'The photo could not be uploaded. Please try again.');
}
