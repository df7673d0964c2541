// The tooltip alone, so that loading it lazily takes only its own code.
export { Tooltip } from '@mantine/core';
