import { useId, useRef, useState } from "react";
import { Box, Button, Flex, Image, Text, VisuallyHidden } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuUpload, LuX } from "react-icons/lu";
import { api, mediaUrl } from "../lib/api-client";
import { translateMessage } from "../lib/messages";
import { acceptAttribute, checkUploadFile, isPdf } from "./file-type";

export interface UploadedMedia {
  /** The media's key (unguessable; its url names it too): what a record's image field takes. */
  id: string;
  url: string;
}

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

/** Picks an image (or PDF), previews it and uploads it to media/. */
export function ImageUploader({ url, onChange, imagesOnly, label, disabled }: ImageUploaderProps) {
  const { t } = useLingui();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [pdfName, setPdfName] = useState<string | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const refusal = checkUploadFile(file, Boolean(imagesOnly));
    if (refusal) {
      setError(translateMessage(refusal));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const body = new FormData();
      body.append("file", file);
      const media = await api.post("media/", { body }).json<UploadedMedia>();
      setPdfName(isPdf(file) ? file.name : null);
      onChange(media);
    } catch {
      // The api client toasts the server's reason.
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = "";
    }
  };

  const preview = mediaUrl(url);
  return (
    <Box>
      <VisuallyHidden>
        <input
          id={inputId}
          ref={inputRef}
          type="file"
          aria-label={label ?? t`Image`}
          accept={acceptAttribute(Boolean(imagesOnly))}
          disabled={disabled || busy}
          onChange={(event) => void pick(event.target.files?.[0])}
        />
      </VisuallyHidden>
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
        <Button size="sm" variant="outline" loading={busy} disabled={disabled} onClick={() => inputRef.current?.click()}>
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
      {error ? (
        <Text role="alert" color="fg.error" fontSize="sm" mt="1">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
