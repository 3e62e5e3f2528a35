import { useQuery } from '@tanstack/react-query';
import type { User } from '../../contracts/auth';
import { authQueries } from './queries';
import { isAdminRole, isStaffRole } from '../../contracts/constants';

export interface Viewer {
  /** False until the current user is known; screens wait for it so controls do not flip after a render. */
  isKnown: boolean;
  user: User | null;
  isSignedIn: boolean;
  /** Editors and admins manage articles and episodes (spec 6). */
  isEditor: boolean;
  isAdmin: boolean;
}

/** Who is looking, for hiding controls only (the server enforces every rule). */
export function useViewer(): Viewer {
  const { data: user = null, isPending } = useQuery(authQueries.user());
  const role = user?.role;
  return {
    // A failed user query counts as signed out (as the header treats it).
    isKnown: !isPending,
    user,
    isSignedIn: user !== null,
    isEditor: isStaffRole(role),
    isAdmin: isAdminRole(role),
  };
}
