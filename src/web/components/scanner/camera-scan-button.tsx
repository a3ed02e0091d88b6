import { useEffect, useRef, useState } from "react";
import { Box, Button, Dialog, IconButton, Portal, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuCamera } from "react-icons/lu";
import { getFrameDetector } from "./barcode-detection";
import { codeOfFrame } from "./camera-codes";

/** Frames looked at per second: enough to read a held label, little enough for a tablet's battery. */
const FRAME_INTERVAL_MS = 150;

type CameraState = "starting" | "reading" | "denied" | "unavailable";

/** The back camera in a dialog, read until one code is found; then the dialog closes and hands it over. */
function CameraReader({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>("starting");
  const done = useRef(false);
  // The latest handler, without restarting the camera when the parent renders.
  const handOver = useRef(onCode);
  useEffect(() => {
    handOver.current = onCode;
  });
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) return setState("unavailable");
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      } catch {
        return setState("denied");
      }
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const detector = await getFrameDetector().catch(() => null);
      if (!detector) return setState("unavailable");
      setState("reading");
      const look = async () => {
        if (stopped || done.current || !video.current) return;
        if (video.current.readyState >= 2) {
          const code = codeOfFrame(await detector.detect(video.current).catch(() => []));
          if (code && !done.current) {
            done.current = true;
            handOver.current(code);
            return;
          }
        }
        timer = window.setTimeout(() => void look(), FRAME_INTERVAL_MS);
      };
      void look();
    };
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);
  return (
    <Box>
      <video
        ref={video}
        muted
        playsInline
        data-testid="camera-video"
        style={{ width: "100%", maxHeight: "60vh", background: "black", borderRadius: "6px" }}
      />
      <Text mt="2" color="fg.muted" fontSize="sm">
        {state === "denied" ? (
          <Trans>The camera was refused: allow it in the browser to scan with it.</Trans>
        ) : state === "unavailable" ? (
          <Trans>This device has no camera the browser can use.</Trans>
        ) : (
          <Trans>Hold the barcode in front of the camera.</Trans>
        )}
      </Text>
    </Box>
  );
}

/**
 * A camera button beside a scan field, for a tablet without a scanner: a code the camera reads is
 * handed to `onCode` exactly as a scanner's Enter would be.
 */
export function CameraScanButton({
  onCode,
  disabled,
  onClose,
}: {
  onCode: (code: string) => void;
  disabled?: boolean;
  onClose?: () => void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    onClose?.();
  };
  return (
    <>
      <IconButton
        aria-label={t`Scan with the camera`}
        aria-haspopup="dialog"
        variant="outline"
        size="lg"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        <LuCamera />
      </IconButton>
      <Dialog.Root open={open} onOpenChange={(details) => (!details.open ? close() : undefined)} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content maxW="560px">
              <Dialog.Header>
                <Dialog.Title>{t`Scan with the camera`}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {open ? (
                  <CameraReader
                    onCode={(code) => {
                      close();
                      onCode(code);
                    }}
                  />
                ) : null}
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  <Trans>Close</Trans>
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
