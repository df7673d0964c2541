import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type ComponentType, useEffect, useRef, useState } from 'react';

export type SearchBoxProps = {
  value: string;
  onChange: (value: string) => void;
  suggestions: string[];
  placeholder: string;
  /** The search box is 200 px wide in the admin screens, 150 px in the keeper's. */
  maxListHeight: 150 | 200;
};

type Suggesting = { Box: ComponentType<SearchBoxProps & { autoFocus: boolean }>; wasFocused: boolean };

/** Runs `work` when the browser is next idle (within a few seconds if it never is). */
function whenIdle(work: () => void): () => void {
  if (!window.requestIdleCallback) {
    const timer = setTimeout(work, 1);
    return () => clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(work, { timeout: 3_000 });
  return () => window.cancelIdleCallback(handle);
}

/**
 * A search box with at most five name suggestions; picking one fills the box. It draws as a plain box, and
 * the suggestions' code (a pop-over and its positioning) arrives once the screen is drawn and the browser
 * idle: the box then becomes the suggesting one, keeping what was typed and, if it had it, the focus.
 */
export function SearchBox(props: SearchBoxProps) {
  const [suggesting, setSuggesting] = useState<Suggesting | null>(null);
  const plain = useRef<HTMLInputElement>(null);
  useEffect(() => {
    let isMounted = true;
    const cancel = whenIdle(() => {
      import('./suggesting-search-box')
        .then(({ SuggestingSearchBox }) => {
          if (isMounted) setSuggesting({ Box: SuggestingSearchBox, wasFocused: document.activeElement === plain.current });
        })
        // Not reachable: the plain box goes on searching.
        .catch(() => undefined);
    });
    return () => {
      isMounted = false;
      cancel();
    };
  }, []);
  if (suggesting) return <suggesting.Box {...props} autoFocus={suggesting.wasFocused} />;
  return (
    <TextInput
      ref={plain}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      placeholder={props.placeholder}
      aria-label={props.placeholder}
      leftSection={<IconSearch size={16} />}
      mb="md"
    />
  );
}

/** A plain search box (no suggestions), named by its placeholder. */
export function SearchInput(props: { value: string; onChange: (value: string) => void; placeholder: string; label?: string }) {
  return (
    <TextInput
      placeholder={props.placeholder}
      aria-label={props.label ?? props.placeholder}
      leftSection={<IconSearch size={16} />}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      mb="md"
    />
  );
}
