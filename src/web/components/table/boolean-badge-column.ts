import type { ColumnDef } from "./column-def";

/** How one side of a yes/no field shows: its translated label and its badge colour. */
export interface BadgeSide {
  label: string;
  color: string;
}

/** A yes/no field shown as a badge and filtered by a list of its two sides (the server takes "true" and "false"). */
export function booleanBadgeColumn<Row>(key: keyof Row & string, title: string, yes: BadgeSide, no: BadgeSide): ColumnDef<Row> {
  const side = (row: Row): BadgeSide => (row[key] ? yes : no);
  return {
    key,
    title,
    filterType: "list",
    list: [
      { id: "true", name: yes.label },
      { id: "false", name: no.label },
    ],
    kind: "badge",
    badgeColor: (row) => side(row).color,
    text: (row) => side(row).label,
  };
}
