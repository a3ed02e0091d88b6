import { Box, Table, Text } from "@chakra-ui/react";
import { buildTableBody, buildTableHead, escapeHtml } from "../print/print-html";

/** A table of a view's lines (a document with several kinds of line): title, heads, rows; `numeric` columns align to the end. */
export interface ViewSection {
  title: string;
  head: string[];
  rows: string[][];
  /** Indexes of the columns that hold figures. */
  numeric?: number[];
  testId?: string;
}

/** The sections worth showing: an empty one is left out. */
const withRows = (sections: readonly ViewSection[]) => sections.filter((s) => s.rows.length > 0);

/** The sections as the print shows them: a titled table each, the empty ones left out. */
export function sectionsHtml(sections: readonly ViewSection[]): string {
  return withRows(sections)
    .map((s) => {
      const figures = new Set(s.numeric ?? []);
      const head = buildTableHead(s.head, figures);
      const body = buildTableBody(s.rows, figures);
      return `<div style="margin-top:8px"><b>${escapeHtml(s.title)}</b><table><thead>${head}</thead><tbody>${body}</tbody></table></div>`;
    })
    .join("");
}

/** The sections on screen, the empty ones left out. */
export function ViewSections({ sections }: { sections: readonly ViewSection[] }) {
  return (
    <>
      {withRows(sections).map((s) => {
        const numeric = new Set(s.numeric ?? []);
        return (
          <Box key={s.title} mt="5" data-testid={s.testId}>
            <Text fontWeight="semibold" mb="2">
              {s.title}
            </Text>
            <Table.ScrollArea borderWidth="1px" borderRadius="md">
              <Table.Root size="sm" aria-label={s.title}>
                <Table.Header>
                  <Table.Row>
                    {s.head.map((h, i) => (
                      <Table.ColumnHeader key={i} textAlign={numeric.has(i) ? "end" : "start"}>
                        {h}
                      </Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {s.rows.map((row, r) => (
                    <Table.Row key={r}>
                      {row.map((c, i) => (
                        <Table.Cell key={i} textAlign={numeric.has(i) ? "end" : "start"}>
                          {c}
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Box>
        );
      })}
    </>
  );
}
