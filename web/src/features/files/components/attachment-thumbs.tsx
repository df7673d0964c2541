import { Anchor, Group, Image, Skeleton, UnstyledButton } from '@mantine/core';
import type { Attachment } from '@stockyard/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiBlob, apiDownload } from '../../../lib/api';

const THUMB_PX = 56;

/** A photo's thumbnail, fetched with the session (an image tag cannot send it), kept while the page shows it. */
function Thumb({ file, label, isWide }: { file: Attachment; label: string; isWide?: boolean }) {
  const thumb = useQuery({
    queryKey: ['file-thumb', file._id],
    queryFn: () => apiBlob(`/api/files/${file._id}?thumb=1`),
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!thumb.data) return;
    const objectUrl = URL.createObjectURL(thumb.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [thumb.data]);
  const open = () => void apiDownload(`/api/files/${file._id}`, `${file._id}.${file.type.split('/')[1]}`);
  return (
    <UnstyledButton onClick={open} aria-label={label}>
      {url ? (
        <Image
          src={url}
          alt={label}
          w={isWide ? THUMB_PX * 2 : THUMB_PX}
          h={THUMB_PX}
          fit={isWide ? 'contain' : 'cover'}
          radius="sm"
          bd={isWide ? '1px solid var(--mantine-color-default-border)' : undefined}
        />
      ) : (
        <Skeleton w={THUMB_PX} h={THUMB_PX} radius="sm" animate={thumb.isPending} />
      )}
    </UnstyledButton>
  );
}

/** The photos and documents attached to a record: thumbnails of photos, a link to each document; pressing one downloads it. */
export function AttachmentThumbs({
  attachments,
  labelOf,
}: {
  attachments: Attachment[];
  /** What each image is called, when it is not a photo (a signature, shown whole and wide). */
  labelOf?: (index: number) => string;
}) {
  const { t } = useTranslation();
  if (attachments.length === 0) return null;
  return (
    <Group gap={4} aria-label={t('files.attachments', { count: attachments.length })} role="group">
      {attachments.map((file, index) =>
        file.type === 'application/pdf' ? (
          <Anchor
            key={file._id}
            component="button"
            type="button"
            size="xs"
            onClick={() => void apiDownload(`/api/files/${file._id}`, `${file._id}.pdf`)}
          >
            {t('files.document', { number: index + 1 })}
          </Anchor>
        ) : (
          <Thumb
            key={file._id}
            file={file}
            label={labelOf ? labelOf(index) : t('files.photo', { number: index + 1 })}
            isWide={labelOf !== undefined}
          />
        ),
      )}
    </Group>
  );
}
