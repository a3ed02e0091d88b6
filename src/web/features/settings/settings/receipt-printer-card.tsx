import { Button, Card, Checkbox, Field, Heading, HStack, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAtom } from "jotai";
import { LuPrinter } from "react-icons/lu";
import { receiptPrinterAtom, type ReceiptPrinterChoice } from "../../../lib/app-state";
import { showError } from "../../../lib/toast";
import { canUse, pairPrinter } from "../../../components/receipt/printer-transport";

/**
 * The receipt printer of this device (kept on the device, not in the shared settings): the browser's
 * print dialog on an 80 mm or 58 mm roll, or an ESC/POS printer over USB or a serial port where the
 * browser reaches one, with the cash drawer kick after a sale.
 */
export function ReceiptPrinterCard() {
  const { t } = useLingui();
  const [choice, setChoice] = useAtom(receiptPrinterAtom);
  const set = (patch: Partial<ReceiptPrinterChoice>) => setChoice({ ...choice, ...patch });
  const escPos = choice.kind !== "browser";
  return (
    <Card.Root data-testid="receipt-printer">
      <Card.Header>
        <Heading size="md">
          <Trans>Receipt printer of this device</Trans>
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <HStack gap="3" wrap="wrap" align="end">
            <Field.Root maxW="xs">
              <Field.Label>{t`Printer`}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  aria-label={t`Printer`}
                  value={choice.kind}
                  onChange={(e) => set({ kind: e.target.value === "usb" ? "usb" : e.target.value === "serial" ? "serial" : "browser" })}
                >
                  <option value="browser">{t`Browser print dialog`}</option>
                  <option value="usb" disabled={!canUse("usb")}>{t`ESC/POS printer over USB`}</option>
                  <option value="serial" disabled={!canUse("serial")}>{t`ESC/POS printer over a serial port`}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root maxW="40">
              <Field.Label>{t`Paper width`}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  aria-label={t`Paper width`}
                  value={String(choice.paper)}
                  onChange={(e) => set({ paper: e.target.value === "58" ? 58 : 80 })}
                >
                  <option value="80">80 mm</option>
                  <option value="58">58 mm</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            {escPos ? (
              <Button
                variant="outline"
                onClick={() => void pairPrinter(choice.kind === "usb" ? "usb" : "serial").catch(() => showError(t`No printer was chosen`))}
              >
                <LuPrinter />
                <Trans>Choose the printer</Trans>
              </Button>
            ) : null}
          </HStack>
          {escPos ? (
            <Checkbox.Root checked={choice.drawer} onCheckedChange={(d) => set({ drawer: d.checked === true })}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t`Open the cash drawer after a sale`}</Checkbox.Label>
            </Checkbox.Root>
          ) : null}
          <Text color="fg.muted" fontSize="sm">
            <Trans>
              Receipts print in the interface language; on an ESC/POS printer they go as an image, so Arabic and Kurdish print too.
            </Trans>
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
