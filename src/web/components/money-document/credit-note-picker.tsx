import { useEffect, useRef, useState, type ReactNode } from "react";
import { Box, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useFormikContext } from "formik";
import type { Paged } from "../../../core/api-types";
import { formatDate } from "../../../core/dates";
import { add, formatAmount, tryMoney } from "../../../core/money";
import { api } from "../../lib/api-client";
import { useCurrentUser, useHasPermission } from "../../lib/use-permission";
import { useOnline } from "../../offline/online";
import type { RowKey } from "../../offline/sync-tables";
import { useFormField } from "../form/form-fields";
import { NumberField } from "../number-field";
import {
  MONEY_DOCUMENTS,
  usableCreditNotes,
  type CreditNoteAmounts,
  type MoneyDocumentCreditNote,
  type MoneyDocumentKind,
} from "./money-document-kind";
import { money } from "./money-view-shell";

/** An open credit note of the party, as `sale/credit-note/` (`purchase/credit-note/`) answers it. */
export interface OpenCreditNote {
  id: number;
  number: number;
  date: string;
  amount: string;
  open: string;
}

/**
 * "Credit notes": the party's open credit notes in the cashbox's currency (from its returns), each with the
 * amount this document uses of it; they settle invoices beside the cash amount. An edit also lists the notes
 * it used, with what it used of them back in their open amount. Needs the network (the open amounts are the
 * server's) and the returns' view permission; offline the form says so and keeps what the document used.
 * Another party or currency clears the amounts typed: they were for the other party's notes, which the list
 * no longer shows, and would be sent unseen.
 */
export function CreditNotePicker({ kind }: { kind: MoneyDocumentKind }) {
  const { t } = useLingui();
  const meta = MONEY_DOCUMENTS[kind];
  const online = useOnline();
  const user = useCurrentUser();
  const allowed = useHasPermission([meta.creditNotePermission]);
  const notes = useFormField<CreditNoteAmounts>("note_amounts");
  const usedBefore = useFormField<MoneyDocumentCreditNote[]>("notes_used_before").value ?? [];
  const amount = useFormField<string>("amount");
  const party = useFormField<RowKey | null>(meta.party).value;
  const cashboxId = useFormField<RowKey | null>("cashbox").value;
  const currency = user?.cashboxes?.find((c) => c.id === cashboxId)?.currency;
  const [open, setOpen] = useState<OpenCreditNote[] | null>(null);

  const ready = allowed && online && typeof party === "number" && currency !== undefined;
  // The party and currency the amounts are for: the loaded document's at first (an edit offers its notes
  // again), then the last ones chosen; choosing none in between keeps them.
  const { initialValues } = useFormikContext<Record<string, RowKey | null>>();
  const keyOf = (p: RowKey | null | undefined, c: { id: number } | undefined) => (typeof p === "number" && c ? `${p}:${c.id}` : null);
  const key = keyOf(party, currency);
  const loadedKey = keyOf(initialValues[meta.party], user?.cashboxes?.find((c) => c.id === initialValues.cashbox)?.currency);
  const typedFor = useRef<string | null>(loadedKey);
  const setNotes = notes.setValue;
  useEffect(() => {
    if (key === null) return;
    if (typedFor.current !== null && typedFor.current !== key) setNotes({});
    typedFor.current = key;
  }, [key, setNotes]);
  useEffect(() => {
    if (!ready) return;
    let live = true;
    setOpen(null);
    const searchParams = { [meta.party]: String(party), currency: String(currency.id), ordering: "date,id", page_size: "100" };
    api
      .get(meta.creditNoteEndpoint, { searchParams })
      .json<Paged<OpenCreditNote>>()
      .then((page) => live && setOpen(page.results))
      .catch(() => live && setOpen([]));
    return () => {
      live = false;
    };
  }, [ready, meta, party, currency?.id]);

  if (!allowed) return null;
  const values = notes.value ?? {};
  // What the loaded document used is offered again only for its own party and currency.
  const rows = open ? usableCreditNotes(open, key === loadedKey ? usedBefore : []) : [];
  const total = Object.values(values).reduce((sum, v) => add(sum, tryMoney(v) ?? 0), tryMoney(0)!);
  const hint = (text: ReactNode) => (
    <Text color="fg.muted" fontSize="sm" mt="1">
      {text}
    </Text>
  );

  return (
    <Box gridColumn="1 / -1" data-testid="credit-note-picker">
      <Text fontWeight="semibold">
        <Trans>Credit notes</Trans>
      </Text>
      {!online ? (
        hint(<Trans>Using credit notes needs a connection; offline the document keeps the ones it used.</Trans>)
      ) : !ready ? (
        hint(<Trans>Choose the party and the cashbox first.</Trans>)
      ) : open === null ? null : rows.length === 0 ? (
        hint(<Trans>No open credit notes in this currency.</Trans>)
      ) : (
        <Box mt="2">
          <Table.Root size="sm" variant="outline" aria-label={t`Open credit notes`}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t`Credit note`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Date`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Credit note amount`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Open`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Amount`}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((note) => (
                <Table.Row key={note.id}>
                  <Table.Cell>{note.number}</Table.Cell>
                  <Table.Cell>{formatDate(note.date)}</Table.Cell>
                  <Table.Cell textAlign="end">{money(note.amount)}</Table.Cell>
                  <Table.Cell textAlign="end">{money(note.open)}</Table.Cell>
                  <Table.Cell textAlign="end" maxW="40">
                    <NumberField
                      aria-label={t`Amount of credit note ${note.number}`}
                      size="sm"
                      value={values[String(note.id)] ?? ""}
                      onValueChange={(v) => notes.setValue({ ...values, [String(note.id)]: v })}
                      min={0}
                      max={Number(note.open)}
                      hideStepper
                    />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          <Text fontSize="sm" color="fg.muted" mt="2">
            <Trans>
              Settles {formatAmount(add(tryMoney(amount.value) ?? 0, total))} {currency?.code}: {formatAmount(tryMoney(amount.value) ?? 0)}{" "}
              in cash and {formatAmount(total)} in credit notes
            </Trans>
          </Text>
        </Box>
      )}
    </Box>
  );
}
