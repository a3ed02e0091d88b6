import { PassThrough, Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { CSV_BOM, CSV_LINE_END, csvLine } from "../../../core/spreadsheet-cell";
import {
  IMPORT_KINDS,
  IMPORT_LANGUAGES,
  IMPORT_PERMISSION,
  TEMPLATE_EXAMPLE,
  templateHeaders,
  type ImportKind,
  type ImportLanguage,
} from "../../../core/import-columns";
import type { Db } from "../../db/client";
import { authOf, type AuthContext } from "../../http/access";
import { HttpError } from "../../http/errors";
import { MESSAGES } from "../../../core/messages";
import { contentDisposition, readUploadedFile } from "../../http/upload";
import { xlsxStream } from "../../http/xlsx-stream";
import { IMPORT_MAX_BYTES, readSpreadsheet } from "./import-file";
import { previewImport, runImport } from "./import.service";

const templateQuery = {
  type: "object",
  properties: {
    format: { type: "string", enum: ["csv", "xlsx"] },
    lang: { type: "string", enum: [...IMPORT_LANGUAGES] },
  },
} as const;

const dryRunQuery = { type: "object", properties: { dry_run: { type: "string", enum: ["true", "false"] } } } as const;

const NDJSON = "application/x-ndjson";

/**
 * The import as lines of JSON, for a screen that shows its progress: `{"done", "left"}` as the rows
 * are written, then `{"status", "body"}` with what the plain call would have answered (its status
 * included: the answer's own is 200 once the first line is out). The server keeps nothing of it.
 */
function progressStream(
  request: FastifyRequest,
  db: Db,
  kind: ImportKind,
  table: string[][],
  fileName: string,
  auth: AuthContext,
): Readable {
  const out = new PassThrough();
  const line = (value: unknown) => out.write(`${JSON.stringify(value)}\n`);
  runImport(db, kind, table, fileName, auth, (done, total) => line({ done, left: total - done }))
    .then((body) => line({ status: 200, body }))
    .catch((error: unknown) => {
      if (error instanceof HttpError) line({ status: error.statusCode, body: error.body });
      else {
        request.log.error(error);
        line({ status: 500, body: { message: MESSAGES.serverError } });
      }
    })
    .finally(() => out.end());
  return out;
}

async function uploaded(request: FastifyRequest) {
  const file = await readUploadedFile(request, IMPORT_MAX_BYTES);
  // The name is only shown and audited: control characters out, and not longer than a name shows.
  // eslint-disable-next-line no-control-regex
  const fileName = file.fileName.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 200);
  return { fileName, table: await readSpreadsheet(file.data) };
}

/**
 * Spreadsheet imports, one set of routes per kind, each allowed to whoever may add that kind:
 * `GET import/<kind>/template/?format=csv|xlsx&lang=en|ar|ckb` the empty template (an example row);
 * `POST import/<kind>/preview/` (or `POST import/<kind>/?dry_run=true`) what the file would do;
 * `POST import/<kind>/` imports it, all or nothing (400 with the errors when there are any).
 */
export function registerImportRoutes(app: FastifyInstance, { db }: { db: Db }) {
  for (const kind of IMPORT_KINDS) {
    const access = { access: { permissions: [IMPORT_PERMISSION[kind]] } } as const;
    const base = `/api/import/${kind}/`;

    app.get(`${base}template/`, { config: access, schema: { querystring: templateQuery } }, async (request, reply) => {
      const query = request.query as { format?: "csv" | "xlsx"; lang?: ImportLanguage };
      const lang = query.lang ?? "en";
      const head = templateHeaders(kind, lang);
      const example = [...TEMPLATE_EXAMPLE[kind]];
      const name = `import-${kind}-${lang}`;
      if (query.format === "xlsx") {
        reply
          .type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
          .header("content-disposition", contentDisposition(`${name}.xlsx`));
        return reply.send(
          Readable.from(
            xlsxStream({
              head,
              rows: (async function* () {
                yield [example.map((text) => ({ text }))];
              })(),
              rightToLeft: lang !== "en",
            }),
          ),
        );
      }
      reply.type("text/csv; charset=utf-8").header("content-disposition", contentDisposition(`${name}.csv`));
      return `${CSV_BOM}${csvLine(head)}${CSV_LINE_END}${csvLine(example)}${CSV_LINE_END}`;
    });

    app.post(`${base}preview/`, { config: { ...access, body: null } }, async (request) => {
      const { fileName, table } = await uploaded(request);
      return previewImport(db, kind, table, fileName, authOf(request));
    });

    app.post(base, { config: { ...access, body: null }, schema: { querystring: dryRunQuery } }, async (request, reply) => {
      const { fileName, table } = await uploaded(request);
      const auth = authOf(request);
      if ((request.query as { dry_run?: string }).dry_run === "true") return previewImport(db, kind, table, fileName, auth);
      if (!request.headers.accept?.includes(NDJSON)) return runImport(db, kind, table, fileName, auth);
      return reply.type(NDJSON).send(progressStream(request, db, kind, table, fileName, auth));
    });
  }
}
