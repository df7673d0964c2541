import type { Role } from '@stockyard/contract';
import { useSyncExternalStore } from 'react';
import { getRole, subscribeSession } from './session';

/** The stored role, re-read whenever the session is saved or cleared. */
export function useRole(): Role | null {
  return useSyncExternalStore(subscribeSession, getRole);
}
