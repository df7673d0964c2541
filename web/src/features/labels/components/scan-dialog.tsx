import { Alert, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { qrDetector } from '../detector';

/** How often a frame is read while the camera looks for a label. */
const SCAN_EVERY_MS = 200;

/** Why the camera did not open, and what to do: allow it in the browser, or type the label's code. */
export function cameraProblem(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return i18n.t('movement.cameraDenied');
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return i18n.t('movement.noCamera');
  return i18n.t('movement.cameraFailed', { reason: error instanceof Error ? error.message : String(error) });
}

/**
 * Opens the rear camera and reads the first QR code it sees; the code goes to `onCode` and the
 * camera is closed again.
 */
export function ScanDialog({ label, onCode, onClose }: { label: string; onCode: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { t } = useTranslation();
  // The camera opens once per dialog, whatever the parent renders meanwhile.
  const report = useRef(onCode);
  report.current = onCode;
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let isOpen = true;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
        if (!isOpen || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const detector = await qrDetector();
        const look = async () => {
          if (!isOpen || !video.current) return;
          const [found] = await detector.detect(video.current).catch(() => []);
          if (found?.rawValue && isOpen) report.current(found.rawValue.trim());
          else timer = window.setTimeout(look, SCAN_EVERY_MS);
        };
        void look();
      } catch (error) {
        setProblem(cameraProblem(error));
      }
    })();
    return () => {
      isOpen = false;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);
  return (
    <Modal opened onClose={onClose} title={t('movement.scanTitle', { item: label.toLowerCase() })} centered>
      <Stack gap="xs">
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : (
          <>
            <video
              ref={video}
              muted
              playsInline
              aria-label={t('movement.camera')}
              style={{ width: '100%', borderRadius: 8, background: '#000' }}
            />
            <Text size="sm" c="dimmed">
              {t('movement.holdLabel')}
            </Text>
          </>
        )}
      </Stack>
    </Modal>
  );
}
