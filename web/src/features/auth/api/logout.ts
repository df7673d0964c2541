import { apiFetch } from '../../../lib/api';
import { clearSession, getToken } from '../../../lib/session';

/**
 * Ends the session on the server, then forgets it here and reloads at /. A failed
 * request is only logged and the user stays where they are. `beforeLeaving` runs once the server
 * ended the session, before anything here is forgotten.
 */
export async function logout(options: { beforeLeaving?: () => Promise<void> } = {}): Promise<void> {
  try {
    if (getToken()) await apiFetch('/api/auth/logout', { method: 'POST' });
  } catch (error) {
    console.error('Logout failed', error);
    return;
  }
  await options.beforeLeaving?.();
  clearSession();
  window.location.assign('/');
}
