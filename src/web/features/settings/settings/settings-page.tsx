import { Field, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useField } from "formik";
import { useAtom } from "jotai";
import { settingsSchema, type SettingsInput } from "../../../../core/validation/organisation-schemas";
import { CardTitle } from "../../../components/card-title";
import { CheckboxField, useFieldError } from "../../../components/form/form-fields";
import { FormCard } from "../../../components/form/form-card";
import { useCurrencies } from "../../../components/selectors/currency-select";
import { baseCurrencyAtom, settingsAtom, type Setting } from "../../../lib/app-state";
import { useCurrentUser, useHasPermission } from "../../../lib/use-permission";
import { sendCommand } from "../../../offline/commands";
import { BackupCard } from "./backup-card";
import { ExportAllCard } from "./export-all-card";
import { ReceiptPrinterCard } from "./receipt-printer-card";
import { ScaleBarcodesField } from "./scale-barcodes-field";
import { parseScaleRules, SCALE_BARCODES_SETTING } from "../../../../core/scale-barcode";

/** The base currency as a plain select of the currencies (few, loaded at start-up). */
function BaseCurrencyField({ disabled }: { disabled: boolean }) {
  const { t } = useLingui();
  const [field, , helpers] = useField<number | null>("base_currency");
  const error = useFieldError("base_currency");
  const currencies = useCurrencies();
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>
        <Trans>Base currency</Trans>
      </Field.Label>
      <NativeSelect.Root disabled={disabled} maxW="xs">
        <NativeSelect.Field
          name="base_currency"
          value={field.value ?? ""}
          onChange={(e) => void helpers.setValue(e.target.value ? Number(e.target.value) : null)}
        >
          {currencies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.code}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      <Field.HelperText>{t`Amounts in the accounts are kept in it: it cannot change once documents exist.`}</Field.HelperText>
    </Field.Root>
  );
}

const valueOf = (settings: Setting[], key: string) => settings.find((s) => s.key === key)?.value;

/**
 * Settings (SPEC section 3's key/value list as a form): batch tracking, the base currency and the
 * scale-label rules. A save
 * reaches the other devices through the sync (setting and currency are cached tables). A superuser
 * also sees the backups of the embedded default.
 */
export default function SettingsPage() {
  const { t } = useLingui();
  const canChange = useHasPermission(["change_setting"]);
  const isSuperuser = useCurrentUser()?.is_superuser ?? false;
  const [settings, setSettings] = useAtom(settingsAtom);
  const [baseCurrency, setBaseCurrency] = useAtom(baseCurrencyAtom);
  const currencies = useCurrencies();
  const initial: SettingsInput = {
    batch_number: valueOf(settings, "batch_number") === "1",
    base_currency: Number(valueOf(settings, "base_currency")) || (baseCurrency?.id ?? 0),
    scale_barcodes: parseScaleRules(valueOf(settings, SCALE_BARCODES_SETTING)),
  };
  const send = async (values: SettingsInput) => {
    const saved = await sendCommand("setting-edit", values);
    setSettings(saved);
    const base = currencies.find((c) => c.id === values.base_currency);
    if (base) setBaseCurrency(base);
  };
  return (
    <Stack gap="4" maxW="3xl">
      <CardTitle title={t`Settings`} />
      <FormCard<SettingsInput> title={t`General`} initialValues={initial} schema={settingsSchema} send={send} onlyWhenChanged>
        <Stack gap="1">
          <CheckboxField name="batch_number" label={t`Batch tracking`} disabled={!canChange} />
          <Text color="fg.muted" fontSize="sm">
            <Trans>Purchases record batch numbers and expiry dates, and sales pick the batch.</Trans>
          </Text>
        </Stack>
        <BaseCurrencyField disabled={!canChange} />
        <ScaleBarcodesField disabled={!canChange} />
      </FormCard>
      <ReceiptPrinterCard />
      {/* The backups hold the whole business: a superuser's. */}
      {isSuperuser ? <BackupCard /> : null}
      {isSuperuser ? <ExportAllCard /> : null}
    </Stack>
  );
}
