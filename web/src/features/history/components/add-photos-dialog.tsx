import { ATTACHMENT_HOURS, ATTACHMENTS_MAX, type Movement } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { DialogButtons, DialogFor } from '../../../lib/dialog-for';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { PhotoField, uploadedPhotos } from '../../files';
import { useAddAttachments } from '../api/attachments';

/**
 * Whether the signed-in person may still add photos to a line: they recorded it, it reached the server
 * less than ATTACHMENT_HOURS ago, and it holds fewer than ATTACHMENTS_MAX files (the server decides).
 */
export function mayAddPhotos(movement: Movement, readerId: string | undefined, now = Date.now()): boolean {
  const recordedBy = movement.actor?._id;
  return (
    recordedBy !== undefined &&
    recordedBy === readerId &&
    now - Date.parse(movement.recordedAt) < ATTACHMENT_HOURS * 3_600_000 &&
    movement.attachments.length < ATTACHMENTS_MAX
  );
}

/** Photos added to a line after it was recorded (a forgotten picture of the delivery note): never taken off again. */
export function AddPhotosDialog({ movement, onClose }: { movement: Movement | null; onClose: (message?: string) => void }) {
  const { t } = useTranslation();
  return (
    <DialogFor subject={movement} keyOf={(line) => line._id} title={() => t('history.addPhotosTitle')} onClose={() => onClose()}>
      {(line) => <AddPhotosForm movement={line} onClose={onClose} />}
    </DialogFor>
  );
}

function AddPhotosForm({ movement, onClose }: { movement: Movement; onClose: (message?: string) => void }) {
  const add = useAddAttachments();
  const intent = useIdempotencyKey();
  const [photos, setPhotos] = useState<Blob[]>([]);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (photos.length === 0) return setError(t('history.addPhotosNone'));
    try {
      // The same photos are the same files: a retry sends the same body under the same key.
      const { attachments = [] } = await uploadedPhotos(photos);
      const answer = await add.mutateAsync({ id: movement._id, attachments, key: intent.key });
      intent.renew();
      // The same picture is the same file: one already on the line is not added twice.
      const isNothingNew = answer.attachments.length === movement.attachments.length;
      onClose(isNothingNew ? t('history.photosAlreadyThere') : localMessage(answer.message));
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, t('history.addPhotosFailed')));
    }
  }

  return (
    <FormStack onSubmit={handleSubmit}>
      <ErrorAlert text={error} />
      <PhotoField
        photos={photos}
        onChange={intent.tracking(setPhotos)}
        description={t('history.addPhotosExplain', { hours: ATTACHMENT_HOURS })}
      />
      <DialogButtons onCancel={() => onClose()} action={t('history.attachPhotos')} isBusy={add.isPending} />
    </FormStack>
  );
}
