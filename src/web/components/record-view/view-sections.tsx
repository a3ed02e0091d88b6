import { Box, Table, Text } from "@chakra-ui/react";
import { escapeHtml } from "../print/print-html";

/** A table of a view's lines (a document with several kinds of line): title, heads, rows; `numeric` columns align to the end. */
export interface ViewSection {
  title: string;
  head: string[];
  rows: string[][];
  /** Indexes of the columns that hold figures. */
  numeric?: number[];
  testId?: string;
}

const cellHtml = (tag: "td" | "th", text: string, numeric: boolean) =>
  `<${tag}${numeric ? ' style="text-align:end;white-space:nowrap"' : ""}>${escapeHtml(text)}</${tag}>`;

/** The sections as the print shows them: a titled table each, the empty ones left out. */
export function sectionsHtml(sections: readonly ViewSection[]): string {
  return sections
    .filter((s) => s.rows.length > 0)
    .map((s) => {
      const numeric = new Set(s.numeric ?? []);
      const head = `<tr>${s.head.map((h, i) => cellHtml("th", h, numeric.has(i))).join("")}</tr>`;
      const body = s.rows.map((row) => `<tr>${row.map((c, i) => cellHtml("td", c, numeric.has(i))).join("")}</tr>`).join("");
      return `<div style="margin-top:8px"><b>${escapeHtml(s.title)}</b><table><thead>${head}</thead><tbody>${body}</tbody></table></div>`;
    })
    .join("");
}

/** The sections on screen, the empty ones left out. */
export function ViewSections({ sections }: { sections: readonly ViewSection[] }) {
  return (
    <>
      {sections
        .filter((s) => s.rows.length > 0)
        .map((s) => {
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
