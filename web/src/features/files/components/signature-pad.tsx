import { Box, Button, Group, Input } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { type PointerEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const HEIGHT_PX = 160;

/** Blank white paper: a signature prints and shows the same on any background. */
function paper(canvas: HTMLCanvasElement) {
  const context = canvas.getContext('2d');
  if (!context) return;
  context.save();
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.restore();
}

/** The canvas's drawing, as the PNG the server keeps. */
function pngOf(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}

/**
 * A box the worker signs in with a finger: each stroke ends with the drawing handed on as a PNG;
 * "Clear" starts again. Drawn at the screen's pixel density, so the signature prints sharp.
 */
export function SignaturePad(props: {
  label: string;
  description?: string;
  error?: string | null;
  isSigned: boolean;
  onChange: (signature: Blob | null) => void;
}) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const { t } = useTranslation();

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(element.clientWidth * ratio);
    element.height = Math.round(HEIGHT_PX * ratio);
    const context = element.getContext('2d');
    if (!context) return;
    context.scale(ratio, ratio);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#111';
    paper(element);
  }, []);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  function start(event: PointerEvent<HTMLCanvasElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    last.current = pointOf(event);
  }

  function draw(event: PointerEvent<HTMLCanvasElement>) {
    const from = last.current;
    const context = event.currentTarget.getContext('2d');
    if (!from || !context) return;
    const to = pointOf(event);
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x, to.y);
    context.stroke();
    last.current = to;
  }

  async function end(event: PointerEvent<HTMLCanvasElement>) {
    if (!last.current) return;
    last.current = null;
    props.onChange(await pngOf(event.currentTarget));
  }

  function clear() {
    if (canvas.current) paper(canvas.current);
    props.onChange(null);
  }

  return (
    <Input.Wrapper label={props.label} description={props.description} error={props.error}>
      <Box mt={4} style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4, background: 'white' }}>
        <canvas
          ref={canvas}
          role="img"
          aria-label={props.label}
          onPointerDown={start}
          onPointerMove={draw}
          onPointerUp={(event) => void end(event)}
          onPointerCancel={(event) => void end(event)}
          style={{ display: 'block', width: '100%', height: HEIGHT_PX, touchAction: 'none', cursor: 'crosshair' }}
        />
      </Box>
      <Group justify="space-between" mt={4}>
        <Input.Description>{props.isSigned ? t('files.signed') : t('files.signHere')}</Input.Description>
        <Button variant="subtle" size="compact-sm" leftSection={<IconEraser size={14} />} onClick={clear} disabled={!props.isSigned}>
          {t('files.clearSignature')}
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
