import { useCallback, useEffect, useState } from "react";
import { Box, Button, Flex, IconButton, Image, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuDownload, LuEye, LuPaperclip } from "react-icons/lu";
import { ATTACHMENT_MAX_BYTES } from "../../core/attachments";
import { api } from "../lib/api-client";
import { showSuccess } from "../lib/toast";
import { useHasPermission } from "../lib/use-permission";
import { sendCommand } from "../offline/commands";
import { useOnline } from "../offline/online";
import { DeleteButton } from "./delete-button";
import { useFileUpload } from "./image-uploader";

interface Attachment {
  id: number;
  file_name: string;
  content_type: string;
  size: number;
}

export interface DocumentAttachmentsProps {
  /** The document's path under /api/ with its id: "purchase/5/". */
  documentPath: string;
  /** Model of the document's permission codes: adding takes add or change, removing change. */
  model: string;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The file's bytes, fetched with the bearer token (attachments are not public) into a blob URL. */
async function blobUrl(path: string): Promise<string> {
  return URL.createObjectURL(await api.get(path).blob());
}

/**
 * The scans attached to a document (the supplier's invoice of a purchase, the receipt of an expense
 * or payment): listed with view and download, added through the image-or-PDF uploader and removed
 * with the delete confirmation; both need the network.
 */
export function DocumentAttachments({ documentPath, model }: DocumentAttachmentsProps) {
  const { t } = useLingui();
  const online = useOnline();
  const canAdd = useHasPermission([`add_${model}`, `change_${model}`]);
  const base = `${documentPath}attachment/`;
  const [attachments, setAttachments] = useState<Attachment[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [preview, setPreview] = useState<{ id: number; url: string; name: string } | null>(null);

  const load = useCallback(() => {
    api
      .get(base, { context: { silent: true } })
      .json<Attachment[]>()
      .then((rows) => {
        setAttachments(rows);
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, [base]);
  useEffect(load, [load]);
  // A blob URL holds its bytes until revoked.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview.url) : undefined), [preview]);

  const upload = useFileUpload({
    imagesOnly: false,
    maxBytes: ATTACHMENT_MAX_BYTES,
    label: t`Add attachment`,
    disabled: !online,
    upload: async (file) => {
      await sendCommand("attachment-add", { documentPath, file });
      showSuccess(t`Saved successfully`);
      load();
    },
  });

  const view = async (a: Attachment) => {
    const url = await blobUrl(`${base}${a.id}/`).catch(() => null);
    if (!url) return;
    if (a.content_type === "application/pdf") {
      window.open(url, "_blank");
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } else {
      setPreview({ id: a.id, url, name: a.file_name });
    }
  };
  const download = async (a: Attachment) => {
    const url = await blobUrl(`${base}${a.id}/`).catch(() => null);
    if (!url) return;
    const link = document.createElement("a");
    link.href = url;
    link.download = a.file_name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };

  return (
    <Box as="section" aria-label={t`Attachments`} borderWidth="1px" borderRadius="md" p="3">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap" mb="2">
        <Text fontWeight="semibold">
          <Trans>Attachments</Trans>
        </Text>
        {canAdd ? (
          <Flex align="center" gap="2">
            {!online ? (
              <Text color="fg.warning" fontSize="sm">
                <Trans>Adding an attachment needs a connection</Trans>
              </Text>
            ) : null}
            {upload.input}
            <Button
              size="sm"
              variant="outline"
              loading={upload.busy}
              disabled={!online}
              title={!online ? t`Adding an attachment needs a connection` : undefined}
              onClick={upload.open}
            >
              <LuPaperclip />
              <Trans>Add attachment</Trans>
            </Button>
          </Flex>
        ) : null}
      </Flex>
      {upload.errorText}
      {failed ? (
        <Text color="fg.muted" fontSize="sm">
          <Trans>The attachments could not be loaded.</Trans>
        </Text>
      ) : attachments && attachments.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          <Trans>No attachments</Trans>
        </Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none" aria-label={t`Attachments`}>
          {(attachments ?? []).map((a) => (
            <Flex as="li" key={a.id} align="center" gap="2" wrap="wrap">
              <Text flex="1" minW="0" truncate title={a.file_name}>
                {a.file_name}
              </Text>
              <Text color="fg.muted" fontSize="sm">
                {a.content_type === "application/pdf" ? "PDF" : t`Image`} · {sizeText(a.size)}
              </Text>
              <IconButton size="xs" variant="ghost" aria-label={`${t`View`} ${a.file_name}`} onClick={() => void view(a)}>
                <LuEye />
              </IconButton>
              <IconButton size="xs" variant="ghost" aria-label={`${t`Download`} ${a.file_name}`} onClick={() => void download(a)}>
                <LuDownload />
              </IconButton>
              <DeleteButton
                permission={`change_${model}`}
                command="attachment-delete"
                args={{ documentPath, id: a.id }}
                onDeleted={() => {
                  if (preview?.id === a.id) setPreview(null);
                  load();
                }}
              />
            </Flex>
          ))}
        </Stack>
      )}
      {preview ? (
        <Box mt="3">
          <Image src={preview.url} alt={preview.name} maxH="480px" objectFit="contain" borderWidth="1px" borderRadius="md" />
        </Box>
      ) : null}
    </Box>
  );
}
