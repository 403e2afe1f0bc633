import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { MODAL_WIDTH_DEFAULT_PX } from '@kolikko/core/limits';
import { IconAlertTriangle, IconRotate } from '../../../components/icons.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { homePath } from '../../../lib/auth.ts';
import { useOpenAfterMount } from '../../../lib/lazy-dialog.tsx';
import { useNavigate } from '../../../lib/router.tsx';
import { useBadgeLogin } from '../api/login.ts';
import { badgeTokenOfLink } from '../badge-link.ts';
import { createQrReader, type QrReader } from '../qr-reader.ts';
import classes from './badge-scanner.module.css';

export interface BadgeScannerDialogProps {
  opened: boolean;
  onClose: () => void;
  /** "Type my name instead": closes the scanner for the login form. */
  onTypeInstead: () => void;
}

/** Where the camera is: asking for it, refused, none there (or no camera API), held by another app, or showing. */
type CameraState = 'starting' | 'refused' | 'missing' | 'busy' | 'on';

/** What the scanner does with what it sees: looks, signs in with a badge it read, or tells why that failed. */
type ScanState = 'looking' | 'signingIn' | 'failed' | 'tooMany' | 'error';

/** How often a frame is read: often enough to feel instant, rarely enough for an old laptop. */
const SCAN_INTERVAL_MS = 200;
/** How long "That is not a badge" stays after a QR code that is not one was seen. */
const NOT_A_BADGE_MS = 2500;

function cameraStateOf(error: unknown): CameraState {
  if (!(error instanceof DOMException)) return 'missing';
  if (error.name === 'NotAllowedError' || error.name === 'SecurityError') return 'refused';
  if (error.name === 'NotReadableError' || error.name === 'AbortError') return 'busy';
  return 'missing';
}

function stopTracks(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * The camera: the front one first (a child holds the badge up to the laptop's or tablet's screen),
 * or the one chosen with "Switch camera". Every track stops when the component goes (the dialog
 * closed) or another camera is asked for.
 */
function useCamera(video: RefObject<HTMLVideoElement | null>) {
  const [cameras, setCameras] = useState<string[]>([]);
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The outcome of the latest request for a camera; until it is in, the camera is starting.
  const request = `${deviceId ?? 'front'}:${attempt}`;
  const [outcome, setOutcome] = useState<{ request: string; state: CameraState; mirrored: boolean } | null>(null);
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  const supported = typeof media?.getUserMedia === 'function';

  useEffect(() => {
    if (!media || !supported) return;
    const element = video.current;
    let stopped = false;
    let stream: MediaStream | null = null;
    const constraints: MediaStreamConstraints = {
      audio: false,
      video: deviceId ? { deviceId: { exact: deviceId } } : { facingMode: { ideal: 'user' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    };
    media
      .getUserMedia(constraints)
      .then(async (opened) => {
        if (stopped) {
          stopTracks(opened);
          return;
        }
        stream = opened;
        if (element) {
          element.srcObject = opened;
          await element.play().catch(() => undefined);
        }
        // A camera that faces away (a tablet's back camera) is shown as it sees; the front one as a mirror.
        const mirrored = opened.getVideoTracks()[0]?.getSettings().facingMode !== 'environment';
        setOutcome({ request, state: 'on', mirrored });
        const devices = await media.enumerateDevices();
        if (!stopped) setCameras(devices.filter((device) => device.kind === 'videoinput' && device.deviceId !== '').map((device) => device.deviceId));
      })
      .catch((error: unknown) => {
        if (!stopped) setOutcome({ request, state: cameraStateOf(error), mirrored: true });
      });
    return () => {
      stopped = true;
      stopTracks(stream);
      if (element) element.srcObject = null;
    };
  }, [media, supported, deviceId, request, video]);

  function switchCamera() {
    const element = video.current;
    const stream = element?.srcObject instanceof MediaStream ? element.srcObject : null;
    const current = stream?.getVideoTracks()[0]?.getSettings().deviceId ?? deviceId;
    const next = cameras[(cameras.indexOf(current ?? '') + 1) % cameras.length];
    if (next) setDeviceId(next);
  }

  const state: CameraState = !supported ? 'missing' : outcome?.request === request ? outcome.state : 'starting';
  return { state, canSwitch: cameras.length > 1, mirrored: outcome?.mirrored ?? true, switchCamera, retry: () => setAttempt((n) => n + 1) };
}

/**
 * Issue 31: "Scan my badge" on the student login. The camera's picture with a frame to aim at; a
 * QR code read in it that is a badge link of this site signs the child in and goes home. Each
 * outcome has its own short, kind words, and every dead end offers typing the name instead. The
 * scanner (and so the camera) is there only while the dialog is open.
 */
export function BadgeScannerDialog({ opened: wanted, onClose, onTypeInstead }: BadgeScannerDialogProps) {
  const { t } = useTranslation();
  const opened = useOpenAfterMount(wanted);
  return (
    <Modal opened={opened} onClose={onClose} size={MODAL_WIDTH_DEFAULT_PX} title={t('auth.badge.title')} closeButtonProps={{ 'aria-label': t('common.close') }}>
      {wanted ? <Scanner onTypeInstead={onTypeInstead} /> : null}
    </Modal>
  );
}

function Scanner({ onTypeInstead }: { onTypeInstead: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const camera = useCamera(video);
  const badgeLogin = useBadgeLogin();
  const [scan, setScan] = useState<ScanState>('looking');
  const [notABadge, setNotABadge] = useState(false);
  const reader = useRef<Promise<QrReader> | null>(null);
  // A badge that did not work is not sent again while it stays in front of the camera.
  const failedTokens = useRef(new Set<string>());

  const looking = camera.state === 'on' && scan === 'looking';

  const signIn = useEffectEvent((token: string) => {
    setNotABadge(false);
    setScan('signingIn');
    badgeLogin.mutate(token, {
      onSuccess: () => void navigate(homePath('student'), { replace: true }),
      onError: (error) => {
        const code = error instanceof ApiError ? error.errorCode : 'SERVER.ERROR';
        if (code === 'AUTH.LOGIN_FAILED') failedTokens.current.add(token);
        setScan(code === 'AUTH.LOGIN_FAILED' ? 'failed' : code === 'SERVER.TRY_AGAIN' ? 'tooMany' : 'error');
      },
    });
  });

  useEffect(() => {
    if (!looking) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let notABadgeTimer: ReturnType<typeof setTimeout> | undefined;
    reader.current ??= createQrReader();
    const readers = reader.current;

    async function tick() {
      const element = video.current;
      let text: string | null = null;
      if (element && element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) text = await (await readers).read(element).catch(() => null);
      if (cancelled) return;
      if (text !== null) {
        const token = badgeTokenOfLink(text, window.location.origin);
        if (token && !failedTokens.current.has(token)) {
          signIn(token);
          return;
        }
        if (!token) {
          setNotABadge(true);
          clearTimeout(notABadgeTimer);
          notABadgeTimer = setTimeout(() => setNotABadge(false), NOT_A_BADGE_MS);
        }
      }
      timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
    }

    void tick();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      clearTimeout(notABadgeTimer);
    };
  }, [looking]);

  function lookAgain() {
    setScan('looking');
    badgeLogin.reset();
  }

  const status = statusOf(camera.state, scan, notABadge);

  return (
    <Stack gap="md" data-testid="badge-scanner" data-state={status}>
      <div className={classes.stage} data-hidden={(camera.state !== 'on' && camera.state !== 'starting') || undefined}>
        <video ref={video} className={classes.video} data-mirrored={camera.mirrored || undefined} autoPlay muted playsInline aria-hidden="true" />
        <div className={classes.frame} data-found={scan === 'signingIn' || undefined} aria-hidden="true" />
        {camera.state === 'starting' ? <Loader className={classes.loader} color="white" aria-hidden="true" /> : null}
      </div>
      <StatusMessage status={status} />
      <Group gap="sm" justify="space-between">
        {camera.canSwitch && camera.state === 'on' ? (
          <Button variant="default" leftSection={<IconRotate size={18} />} onClick={camera.switchCamera} data-testid="switch-camera">
            {t('auth.badge.switchCamera')}
          </Button>
        ) : null}
        {status === 'refused' || status === 'busy' ? <Button onClick={camera.retry}>{t('auth.badge.tryAgain')}</Button> : null}
        {status === 'failed' || status === 'tooMany' || status === 'error' ? <Button onClick={lookAgain}>{t(status === 'failed' ? 'auth.badge.another' : 'auth.badge.tryAgain')}</Button> : null}
        <Button variant="subtle" onClick={onTypeInstead} ml="auto">
          {t('auth.badge.typeInstead')}
        </Button>
      </Group>
    </Stack>
  );
}

type Status = 'starting' | 'refused' | 'missing' | 'busy' | 'looking' | 'notABadge' | ScanState;

function statusOf(camera: CameraState, scan: ScanState, notABadge: boolean): Status {
  if (scan !== 'looking') return scan;
  if (camera !== 'on') return camera;
  return notABadge ? 'notABadge' : 'looking';
}

/** The one line a child reads (and a screen reader announces) about what happens now. */
function StatusMessage({ status }: { status: Status }) {
  const { t } = useTranslation();
  const problem = status === 'refused' || status === 'missing' || status === 'busy' || status === 'failed' || status === 'tooMany' || status === 'error';
  if (problem) {
    return (
      <Alert color={status === 'failed' || status === 'error' ? 'red' : 'orange'} variant="light" icon={<IconAlertTriangle size={18} />} c="dark.8" title={t(`auth.badge.status.${status}`)} role="alert">
        {t(`auth.badge.help.${status}`)}
      </Alert>
    );
  }
  return (
    <Text size="lg" fw={600} ta="center" aria-live="polite" data-testid="badge-scanner-status">
      {t(`auth.badge.status.${status}`)}
    </Text>
  );
}
