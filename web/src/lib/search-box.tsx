import { Autocomplete, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** A search box with at most five name suggestions; picking one fills the box. */
export function SearchBox(props: {
  value: string;
  onChange: (value: string) => void;
  suggestions: string[];
  placeholder: string;
  /** The search box is 200 px wide in the admin screens, 150 px in the keeper's. */
  maxListHeight: 150 | 200;
}) {
  return (
    <Autocomplete
      value={props.value}
      onChange={props.onChange}
      data={props.suggestions}
      limit={5}
      maxDropdownHeight={props.maxListHeight}
      placeholder={props.placeholder}
      aria-label={props.placeholder}
      leftSection={<IconSearch size={16} />}
      filter={({ options }) => options}
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
