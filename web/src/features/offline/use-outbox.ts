import { useEffect, useState, useSyncExternalStore } from 'react';
import { signedInUser } from '../../lib/session';
import { type QueuedOp, type RejectedOp, rejectedOps, subscribeOutbox, waitingOps, waitingPhotoCount } from './outbox';
import { subscribeSync, syncState } from './sync';

/**
 * The signed-in user's outbox as the screens show it, read again on every change in any tab. Only the
 * latest read is shown: an earlier one answered late would bring back an op already sent.
 */
type Outbox = { waiting: QueuedOp[]; rejected: RejectedOp[]; photos: number; isLoaded: boolean };

export function useOutbox(): Outbox {
  const [outbox, setOutbox] = useState<Outbox>({ waiting: [], rejected: [], photos: 0, isLoaded: false });
  useEffect(() => {
    let isCurrent = true;
    let latestRead = 0;
    const read = async () => {
      const user = signedInUser();
      if (!user) return;
      latestRead += 1;
      const thisRead = latestRead;
      const [waiting, rejected, photos] = await Promise.all([
        waitingOps(user.userId),
        rejectedOps(user.userId),
        waitingPhotoCount(user.userId),
      ]);
      if (isCurrent && thisRead === latestRead) setOutbox({ waiting, rejected, photos, isLoaded: true });
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
