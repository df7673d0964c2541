import { Autocomplete } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { SearchBoxProps } from './search-box';

/** The search box once its suggestions' code has arrived: at most five names; picking one fills the box. */
export function SuggestingSearchBox(props: SearchBoxProps & { autoFocus: boolean }) {
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
      autoFocus={props.autoFocus}
      mb="md"
    />
  );
}
