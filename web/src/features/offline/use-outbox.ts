import { useEffect, useState, useSyncExternalStore } from 'react';
import { signedInUser } from '../../lib/session';
import { type QueuedOp, type RejectedOp, rejectedOps, subscribeOutbox, waitingOps } from './outbox';
import { subscribeSync, syncState } from './sync';

/**
 * The signed-in user's outbox as the screens show it, read again on every change in any tab. Only the
 * latest read is shown: an earlier one answered late would bring back an op already sent.
 */
export function useOutbox(): { waiting: QueuedOp[]; rejected: RejectedOp[]; isLoaded: boolean } {
  const [outbox, setOutbox] = useState<{ waiting: QueuedOp[]; rejected: RejectedOp[]; isLoaded: boolean }>({
    waiting: [],
    rejected: [],
    isLoaded: false,
  });
  useEffect(() => {
    let isCurrent = true;
    let latestRead = 0;
    const read = async () => {
      const user = signedInUser();
      if (!user) return;
      latestRead += 1;
      const thisRead = latestRead;
      const [waiting, rejected] = await Promise.all([waitingOps(user.userId), rejectedOps(user.userId)]);
      if (isCurrent && thisRead === latestRead) setOutbox({ waiting, rejected, isLoaded: true });
    };
    void read();
    const unsubscribe = subscribeOutbox(() => void read());
    return () => {
      isCurrent = false;
      unsubscribe();
    };
  }, []);
  return outbox;
}

export function useSyncState() {
  return useSyncExternalStore(subscribeSync, syncState);
}

/** Whether the browser says it is online, kept current. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => navigator.onLine,
  );
}
