import { Button, CloseButton, Group, Image, Input, Text } from '@mantine/core';
import { ATTACHMENTS_MAX } from '@stockyard/contract';
import { IconCamera } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../../lib/lazy-dialog';

const THUMB_PX = 56;

const CameraDialog = lazyDialog(
  async () => (await import('./camera-dialog')).CameraDialog,
  (props: { opened: boolean }) => props.opened,
);

/** A photo taken for an entry, shown until the entry is recorded, with a button that leaves it out. */
function TakenPhoto({ photo, label, onRemove }: { photo: Blob; label: string; onRemove: () => void }) {
  const { t } = useTranslation();
  const url = useMemo(() => URL.createObjectURL(photo), [photo]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <div style={{ position: 'relative' }}>
      <Image src={url} alt={label} w={THUMB_PX} h={THUMB_PX} fit="cover" radius="sm" />
      <CloseButton
        size="sm"
        radius="xl"
        variant="filled"
        bg="dark.6"
        c="white"
        aria-label={t('files.removePhoto', { label })}
        onClick={onRemove}
        style={{ position: 'absolute', top: 2, right: 2 }}
      />
    </div>
  );
}

/**
 * The photos of an entry: "Add photo" opens the camera (or lets the keeper choose a picture); each is
 * kept on the phone with the entry and follows it to the server, so no signal is needed to take one.
 */
export function PhotoField({
  photos,
  onChange,
  description,
}: {
  photos: Blob[];
  onChange: (photos: Blob[]) => void;
  /** How the photos travel, when not in the outbox with their entry. */
  description?: string;
}) {
  const { t } = useTranslation();
  const [isCameraOpen, setCameraOpen] = useState(false);
  return (
    <Input.Wrapper label={t('files.photos')} description={description ?? t('files.photosKept')}>
      <Group gap="sm" mt={4} align="center">
        {photos.map((photo, index) => (
          <TakenPhoto
            // biome-ignore lint/suspicious/noArrayIndexKey: photos are only added at the end or left out, each drawn from its own bytes
            key={index}
            photo={photo}
            label={t('files.photo', { number: index + 1 })}
            onRemove={() => onChange(photos.filter((_, other) => other !== index))}
          />
        ))}
        {photos.length < ATTACHMENTS_MAX ? (
          <Button variant="default" leftSection={<IconCamera size={16} />} onClick={() => setCameraOpen(true)}>
            {t('files.addPhoto')}
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            {t('files.photosFull', { count: ATTACHMENTS_MAX })}
          </Text>
        )}
      </Group>
      <CameraDialog
        opened={isCameraOpen}
        onClose={() => setCameraOpen(false)}
        onTaken={(photo) => {
          setCameraOpen(false);
          onChange([...photos, photo]);
        }}
      />
    </Input.Wrapper>
  );
}
