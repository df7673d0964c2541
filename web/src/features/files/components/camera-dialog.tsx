import { Alert, Button, FileButton, Modal, Stack, Text } from '@mantine/core';
import { IconCamera, IconPhoto } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { photoOfFile, photoOfVideo } from '../resize-photo';

type CameraDialogProps = { opened: boolean; onClose: () => void; onTaken: (photo: Blob) => void };

/** The back camera's picture, live, while the dialog is open; null with the reason when there is none. */
function useCamera(opened: boolean, video: React.RefObject<HTMLVideoElement | null>) {
  const [problem, setProblem] = useState<string | null>(null);
  const [isReady, setReady] = useState(false);
  useEffect(() => {
    if (!opened) return;
    let stream: MediaStream | null = null;
    let isCurrent = true;
    setProblem(null);
    setReady(false);
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('unavailable');
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (opened) => {
        if (!isCurrent) {
          for (const track of opened.getTracks()) track.stop();
          return;
        }
        stream = opened;
        if (video.current) {
          video.current.srcObject = opened;
          await video.current.play().catch(() => undefined);
        }
        setReady(true);
      })
      .catch(() => {
        if (isCurrent) setProblem('refused');
      });
    return () => {
      isCurrent = false;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [opened, video]);
  return { problem, isReady };
}

/** Takes a photo with the phone's camera, or lets the keeper choose a picture; either is made small enough to keep and send. */
export function CameraDialog({ opened, onClose, onTaken }: CameraDialogProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement | null>(null);
  const camera = useCamera(opened, video);
  const [isPreparing, setPreparing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function keep(make: () => Promise<Blob>) {
    setPreparing(true);
    setFailure(null);
    try {
      onTaken(await make());
    } catch {
      setFailure(t('files.pictureUnreadable'));
    } finally {
      setPreparing(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('files.addPhoto')} centered size="lg">
      <Stack gap="sm">
        {camera.problem ? (
          <Alert color="yellow">{t(camera.problem === 'refused' ? 'files.cameraRefused' : 'files.cameraUnavailable')}</Alert>
        ) : (
          <video
            ref={video}
            playsInline
            muted
            aria-label={t('files.cameraView')}
            style={{ width: '100%', maxHeight: '60vh', background: 'black', borderRadius: 4 }}
          />
        )}
        {failure && (
          <Text c="red" size="sm" role="alert">
            {failure}
          </Text>
        )}
        <Stack gap="xs">
          {!camera.problem && (
            <Button
              fullWidth
              leftSection={<IconCamera size={16} />}
              disabled={!camera.isReady}
              loading={isPreparing}
              onClick={() => video.current && void keep(() => photoOfVideo(video.current as HTMLVideoElement))}
            >
              {t('files.takePhoto')}
            </Button>
          )}
          <FileButton accept="image/jpeg,image/png,image/webp" onChange={(file) => file && void keep(() => photoOfFile(file))}>
            {(props) => (
              <Button {...props} fullWidth variant="default" leftSection={<IconPhoto size={16} />} disabled={isPreparing}>
                {t('files.choosePicture')}
              </Button>
            )}
          </FileButton>
        </Stack>
      </Stack>
    </Modal>
  );
}
