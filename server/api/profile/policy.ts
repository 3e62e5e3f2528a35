import type { ObjectRow } from '../uploads/repo';

/**
 * A photo a member may put on their profile: an image they uploaded themselves and finalised (so it
 * is public at /objects/<id>). Someone else's upload, an audio file or an upload never finalised is
 * refused: a profile must not point at a file its owner may not have meant to publish.
 */
export function canUseAsAvatar(userId: string, object: ObjectRow | undefined): boolean {
  return Boolean(object && object.user_id === userId && object.kind === 'image' && object.finalized_at);
}

/** The object id in an avatar path (`/objects/<id>`). */
export function objectIdOf(path: string): string {
  return path.slice('/objects/'.length).toLowerCase();
}
