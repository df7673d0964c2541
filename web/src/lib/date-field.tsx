import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayText, parseDay } from './day-text';

type DateFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  /** The day, YYYY-MM-DD, or '' for none. */
  value: string;
  /** Called with the day typed or picked, YYYY-MM-DD, or '' while the text is empty or not a day. */
  onChange: (day: string) => void;
};

/**
 * A day written as the app writes dates (dd/mm/yyyy), whatever the phone's own language: a browser's
 * date input would follow the phone's settings and show mm/dd/yyyy beside the app's dd/mm/yyyy. The
 * calendar button opens the phone's own date picker, which writes the day back here.
 */
export function DateField({ value, onChange, error, onBlur, ...props }: DateFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => dayText(value));
  const [seen, setSeen] = useState(value);
  const [left, setLeft] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  if (value !== seen) {
    // Set from outside (a reset, a picked day): show it.
    setSeen(value);
    if (value !== (parseDay(text) ?? '')) setText(dayText(value));
  }
  const take = (typed: string) => {
    setText(typed);
    const day = parseDay(typed) ?? '';
    setSeen(day);
    if (day !== value) onChange(day);
  };
  const unreadable = left && text.trim() !== '' && parseDay(text) === null;
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('dates.pattern')}
      value={text}
      error={error ?? (unreadable ? t('dates.unreadable', { pattern: t('dates.pattern') }) : undefined)}
      onChange={(event) => {
        setLeft(false);
        take(event.currentTarget.value);
      }}
      onBlur={(event) => {
        setLeft(true);
        const day = parseDay(text);
        if (day) setText(dayText(day));
        onBlur?.(event);
      }}
      rightSectionPointerEvents="all"
      rightSection={
        <>
          <ActionIcon variant="subtle" color="gray" aria-label={t('dates.calendar')} onClick={() => picker.current?.showPicker?.()}>
            <IconCalendar size={18} />
          </ActionIcon>
          {/* The phone's own picker, never shown, opened by the calendar button. */}
          <input
            ref={picker}
            type="date"
            tabIndex={-1}
            aria-hidden
            value={value}
            onChange={(event) => take(dayText(event.currentTarget.value))}
            style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
          />
        </>
      }
    />
  );
}
