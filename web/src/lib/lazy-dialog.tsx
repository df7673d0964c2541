import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A dialog whose code arrives when it is first opened, so the screen under it draws without it. Once
 * opened it stays mounted, so it closes with its animation and opens at once the next time.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean) {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const [hasOpened, setHasOpened] = useState(false);
    const open = isOpen(props);
    if (open && !hasOpened) setHasOpened(true);
    if (!open && !hasOpened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
