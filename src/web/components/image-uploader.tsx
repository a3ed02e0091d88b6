import { useId, useRef, useState, type ReactNode } from "react";
import { Box, Button, Flex, Image, Text, VisuallyHidden } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuUpload, LuX } from "react-icons/lu";
import { mediaUrl } from "../lib/api-client";
import { translateMessage } from "../lib/messages";
import { sendCommand } from "../offline/commands";
import type { UploadedMedia } from "../../core/api-types";
import { acceptAttribute, checkUploadFile, isPdf } from "./file-type";

export interface ImageUploaderProps {
  /** Current file's URL (from the record), shown as preview. */
  url: string | null;
  /** Called after an upload with the media key and URL, or with null when removed. */
  onChange: (media: UploadedMedia | null) => void;
  /** Refuses PDF too (SPEC: "Only images are allowed"). */
  imagesOnly?: boolean;
  label?: string;
  disabled?: boolean;
}

export interface FileUploadOptions {
  /** Images only (item pictures, logos), or images and PDF (the scans attached to documents). */
  imagesOnly: boolean;
  /** Refused before sending when larger (the server refuses it too). */
  maxBytes?: number;
  label: string;
  disabled?: boolean;
  /** Sends the checked file; a failure has been toasted by the api client. */
  upload: (file: File) => Promise<void>;
}

/**
 * The uploader's file input and its rules (SPEC section 5): the type and size checked before
 * anything is sent, the refusal shown under it, busy while the upload runs.
 */
export function useFileUpload({ imagesOnly, maxBytes, label, disabled, upload }: FileUploadOptions) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const refusal = checkUploadFile(file, imagesOnly, maxBytes);
    if (refusal) {
      setError(translateMessage(refusal));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await upload(file);
    } catch {
      // The api client toasts the server's reason.
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = "";
    }
  };

  const input: ReactNode = (
    <VisuallyHidden>
      <input
        id={inputId}
        ref={inputRef}
        type="file"
        aria-label={label}
        accept={acceptAttribute(imagesOnly)}
        disabled={disabled || busy}
        onChange={(event) => void pick(event.target.files?.[0])}
      />
    </VisuallyHidden>
  );
  const errorText: ReactNode = error ? (
    <Text role="alert" color="fg.error" fontSize="sm" mt="1">
      {error}
    </Text>
  ) : null;
  return { input, errorText, busy, open: () => inputRef.current?.click() };
}

/** Picks an image (or PDF), previews it and uploads it to media/. */
export function ImageUploader({ url, onChange, imagesOnly, label, disabled }: ImageUploaderProps) {
  const { t } = useLingui();
  const [pdfName, setPdfName] = useState<string | null>(null);
  const { input, errorText, busy, open } = useFileUpload({
    imagesOnly: Boolean(imagesOnly),
    label: label ?? t`Image`,
    disabled,
    upload: async (file) => {
      const media = await sendCommand("media-upload", { file });
      setPdfName(isPdf(file) ? file.name : null);
      onChange(media);
    },
  });

  const preview = mediaUrl(url);
  return (
    <Box>
      {input}
      <Flex gap="3" align="center" wrap="wrap">
        <Box
          w="96px"
          h="96px"
          borderWidth="1px"
          borderRadius="md"
          overflow="hidden"
          display="flex"
          alignItems="center"
          justifyContent="center"
        >
          {preview && !pdfName && !preview.toLowerCase().endsWith(".pdf") ? (
            <Image src={preview} alt={label ?? t`Image`} objectFit="cover" w="full" h="full" />
          ) : (
            <Text fontSize="xs" color="fg.muted" textAlign="center" px="1">
              {pdfName ?? (preview ? "PDF" : <Trans>No image</Trans>)}
            </Text>
          )}
        </Box>
        <Button size="sm" variant="outline" loading={busy} disabled={disabled} onClick={open}>
          <LuUpload />
          <Trans>Upload</Trans>
        </Button>
        {preview ? (
          <Button
            size="sm"
            variant="ghost"
            disabled={disabled || busy}
            onClick={() => {
              setPdfName(null);
              onChange(null);
            }}
          >
            <LuX />
            <Trans>Remove</Trans>
          </Button>
        ) : null}
      </Flex>
      {errorText}
    </Box>
  );
}
