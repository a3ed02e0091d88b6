import { useEffect, useMemo, useState } from "react";
import { Box, Flex, Image, SimpleGrid, Spinner, Stack, Tabs, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useField } from "formik";
import { useSetAtom } from "jotai";
import { printInfoSchema } from "../../../../core/validation/organisation-schemas";
import { CardTitle } from "../../../components/card-title";
import { TextField, useFieldError } from "../../../components/form/form-fields";
import { FormCard } from "../../../components/form/form-card";
import { ImageUploader } from "../../../components/image-uploader";
import { printLogoUrl, rememberLogos } from "../../../components/print/print-info-cache";
import { api } from "../../../lib/api-client";
import { printInfosAtom, type PrintInfo } from "../../../lib/app-state";
import { useCurrentUser, useHasPermission } from "../../../lib/use-permission";
import { sendCommand } from "../../../offline/commands";

interface PrintValues {
  name: string;
  description: string;
  phone: string;
  address: string;
  logo: string | null;
}

const valuesOf = (info: PrintInfo): PrintValues => ({
  name: info.name,
  description: info.description ?? "",
  phone: info.phone ?? "",
  address: info.address ?? "",
  logo: info.logo ?? null,
});

/** The logo of the form: uploaded through media/ (images only), held as its url. */
function LogoField({ disabled }: { disabled: boolean }) {
  const { t } = useLingui();
  const [field, , helpers] = useField<string | null>("logo");
  const error = useFieldError("logo");
  return (
    <Stack gap="1">
      <Text fontWeight="medium" fontSize="sm">
        <Trans>Logo</Trans>
      </Text>
      <ImageUploader
        url={field.value}
        imagesOnly
        label={t`Logo`}
        disabled={disabled}
        onChange={(media) => void helpers.setValue(media?.url ?? null)}
      />
      {error ? (
        <Text color="fg.error" fontSize="sm">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The header as every printed document of the branch shows it. */
function HeaderPreview({ info }: { info: PrintInfo }) {
  const { t } = useLingui();
  const logo = printLogoUrl(info.logo);
  return (
    <Flex borderWidth="1px" borderRadius="md" p="4" justify="space-between" align="center" gap="4" wrap="wrap" data-testid="print-preview">
      <Box>
        <Text fontWeight="bold" fontSize="lg">
          {info.name}
        </Text>
        <Text color="fg.muted">{info.description}</Text>
      </Box>
      {logo ? <Image src={logo} alt={t`Logo`} maxH="16" /> : null}
      <Box textAlign="end">
        <Text>{info.phone}</Text>
        <Text>{info.address}</Text>
      </Box>
    </Flex>
  );
}

/**
 * Print Information (`/setting/print`, view_print): per branch the name, description, logo, phone and
 * address of every printed document's header; saved with change_print. Devices get the change through
 * the sync and keep the logo for printing offline.
 */
export default function PrintSettingsPage() {
  const { t } = useLingui();
  const user = useCurrentUser();
  const canChange = useHasPermission(["change_print"]);
  const setPrintInfos = useSetAtom(printInfosAtom);
  const [infos, setInfos] = useState<PrintInfo[] | null>(null);
  const [tab, setTab] = useState<string | null>(null);

  useEffect(() => {
    api
      .get("print/all/")
      .json<PrintInfo[]>()
      .then(setInfos)
      .catch(() => setInfos([]));
  }, []);

  const branchName = useMemo(() => new Map((user?.branches ?? []).map((b) => [b.id, b.name])), [user]);
  const current = tab ?? (infos?.[0] ? String(infos[0].id) : null);
  const headerTitle = (branch: string) => t`Header of ${branch}`;

  const save = async (info: PrintInfo, values: PrintValues) => {
    const saved = await sendCommand("print-info-edit", { id: info.id, body: values });
    setInfos((all) => (all ?? []).map((p) => (p.id === saved.id ? saved : p)));
    // Printing on this device follows at once; others get it through the sync and their next start.
    setPrintInfos((all) => (all.some((p) => p.id === saved.id) ? all.map((p) => (p.id === saved.id ? saved : p)) : [...all, saved]));
    await rememberLogos([saved]);
  };

  return (
    <Box>
      <CardTitle title={t`Print Information`} />
      {infos === null ? (
        <Spinner />
      ) : infos.length === 0 ? (
        <Text color="fg.muted">
          <Trans>No branch to set up.</Trans>
        </Text>
      ) : (
        <Tabs.Root value={current} onValueChange={(e) => setTab(e.value)} variant="enclosed">
          <Tabs.List flexWrap="wrap">
            {infos.map((info) => (
              <Tabs.Trigger key={info.id} value={String(info.id)}>
                {branchName.get(info.branch.id) ?? info.name}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {infos.map((info) => (
            <Tabs.Content key={info.id} value={String(info.id)}>
              <Stack gap="4">
                <HeaderPreview info={info} />
                <FormCard<PrintValues>
                  title={headerTitle(branchName.get(info.branch.id) ?? info.name)}
                  initialValues={valuesOf(info)}
                  schema={printInfoSchema}
                  send={(values) => save(info, values)}
                  onlyWhenChanged
                >
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <TextField name="name" label={t`Name`} required disabled={!canChange} />
                    <TextField name="phone" label={t`Phone`} disabled={!canChange} />
                    <TextField name="description" label={t`Description`} multiline disabled={!canChange} />
                    <TextField name="address" label={t`Address`} multiline disabled={!canChange} />
                  </SimpleGrid>
                  <LogoField disabled={!canChange} />
                </FormCard>
              </Stack>
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </Box>
  );
}
