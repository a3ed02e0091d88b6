import { useEffect, useState } from "react";
import { Button, Checkbox, Dialog, Portal, Separator, Stack } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";

export interface PrintColumnChoice {
  key: string;
  title: string;
}

export interface PrintOptionsDialogProps {
  open: boolean;
  columns: readonly PrintColumnChoice[];
  onCancel: () => void;
  onPrint: (options: { columns: string[]; hideHeader: boolean }) => void;
}

/** Lets the user tick the columns to print and hide the invoice header (max width 400px). */
export function PrintOptionsDialog({ open, columns, onCancel, onPrint }: PrintOptionsDialogProps) {
  const [chosen, setChosen] = useState<string[]>(() => columns.map((c) => c.key));
  const [hideHeader, setHideHeader] = useState(false);
  const columnKeys = columns.map((c) => c.key).join("|");
  useEffect(() => {
    if (open) setChosen(columnKeys.split("|").filter(Boolean));
  }, [open, columnKeys]);

  return (
    <Dialog.Root open={open} onOpenChange={(details) => (!details.open ? onCancel() : undefined)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="400px">
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Print</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                {columns.map((column) => (
                  <Checkbox.Root
                    key={column.key}
                    checked={chosen.includes(column.key)}
                    onCheckedChange={(details) =>
                      setChosen((previous) =>
                        details.checked === true
                          ? [...previous.filter((k) => k !== column.key), column.key]
                          : previous.filter((k) => k !== column.key),
                      )
                    }
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{column.title}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
                <Separator />
                <Checkbox.Root checked={hideHeader} onCheckedChange={(details) => setHideHeader(details.checked === true)}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>
                    <Trans>Hide Invoice Header</Trans>
                  </Checkbox.Label>
                </Checkbox.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                <Trans>Cancel</Trans>
              </Button>
              <Button
                colorPalette="blue"
                disabled={chosen.length === 0}
                // Keeps the table's column order, whatever order they were ticked in.
                onClick={() => onPrint({ columns: columns.map((c) => c.key).filter((k) => chosen.includes(k)), hideHeader })}
              >
                <Trans>Print</Trans>
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
