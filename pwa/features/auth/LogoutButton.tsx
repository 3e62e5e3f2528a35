import { PlainButton } from '../../components/PlainButton';
import { useLogout } from './signOut';

/** Logs out in place (spec 2: shows 'Logging out...' while pending), then goes to /login. */
export function LogoutButton({ variant = 'secondary' }: { variant?: 'secondary' | 'ghost' }) {
  const logout = useLogout();
  return (
    <PlainButton variant={variant} size="sm" isPending={logout.isPending} onPress={() => logout.mutate()}>
      {logout.isPending ? 'Logging out...' : 'Logout'}
    </PlainButton>
  );
}
