import { useEffect, useRef } from 'react';
import { useLogout } from './signOut';
import './auth.css';

/** /logout (spec 2): signs out on arrival, then goes to /login whatever the outcome. */
export function LogoutScreen() {
  const logout = useLogout();
  const started = useRef(false);

  useEffect(() => {
    // Once per visit: StrictMode runs effects twice in development.
    if (started.current) return;
    started.current = true;
    logout.mutate();
  }, [logout]);

  return (
    <section className="auth-page" aria-live="polite" aria-busy="true">
      <div className="logout-status">
        <span className="spinner" aria-hidden="true" />
        <h1>Logging out...</h1>
        <p>Please wait while we sign you out</p>
      </div>
    </section>
  );
}
