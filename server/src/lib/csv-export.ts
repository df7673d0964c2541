import { Readable } from 'node:stream';
import { CSV_BOM, csvLine, LIST_LIMIT_MAX } from '@stockyard/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { authorize } from './auth/authorize';
import type { Permission } from './auth/policy';
import { fileResponses, sendFile } from './http';

/** One column of an exported list: its heading and what a row shows in it (times in the app's time zone). */
export type CsvColumn<Row> = readonly [header: string, value: (row: Row, timeZone: string) => string | number | null | undefined];

export type CsvExport<Query extends z.ZodObject, Row> = {
  /** The list's own URL with `/csv` after it. */
  url: string;
  permission: Permission;
  tags: string[];
  /** The list's own filters: the export holds what the screen's filters show, every page of it (limit and offset are ignored). */
  querystring: Query;
  fileName: string;
  columns: readonly CsvColumn<Row>[];
  /**
   * One page of the list through the same service the screen's list calls, read from `db` (the
   * replica when it may serve the caller): its rows, and how many the whole list holds.
   */
  page: (
    request: FastifyRequest,
    query: z.output<Query>,
    page: { limit: number; offset: number },
    db: Db,
  ) => Promise<{ rows: Row[]; total: number }>;
};

/**
 * A list as a CSV file to download, streamed a page at a time so a list of any length is never held
 * whole. The first page is read before anything is sent, so a refusal (a store not the caller's)
 * still answers as JSON; cells a spreadsheet would run as formulas are defused (csvField).
 */
export function registerCsvExport<Query extends z.ZodObject, Row>(app: FastifyInstance, spec: CsvExport<Query, Row>): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      spec.url,
      { onRequest: authorize(spec.permission), schema: { tags: spec.tags, querystring: spec.querystring, response: fileResponses('csv') } },
      async (request, reply) => {
        const query = request.query as z.output<Query>;
        const first = await pageOf(spec, request, query, 0);
        return sendFile(reply, {
          name: spec.fileName,
          type: 'text/csv; charset=utf-8',
          body: Readable.from(csvLines(spec, request, query, first)),
        });
      },
    );
}

async function* csvLines<Query extends z.ZodObject, Row>(
  spec: CsvExport<Query, Row>,
  request: FastifyRequest,
  query: z.output<Query>,
  first: { rows: Row[]; total: number },
): AsyncGenerator<string> {
  const { timeZone } = request.server;
  yield `${CSV_BOM}${csvLine(spec.columns.map(([header]) => header))}`;
  let page = first;
  // Offsets count the list's own entries (a transfer), which may each give several lines (its items).
  for (let offset = 0; ; ) {
    // One chunk a page: a few hundred lines per write rather than one write per line.
    yield page.rows.map((row) => csvLine(spec.columns.map(([, value]) => value(row, timeZone) ?? ''))).join('');
    offset += LIST_LIMIT_MAX;
    if (offset >= page.total) return;
    page = await pageOf(spec, request, query, offset);
  }
}

function pageOf<Query extends z.ZodObject, Row>(
  spec: CsvExport<Query, Row>,
  request: FastifyRequest,
  query: z.output<Query>,
  offset: number,
) {
  const page = { limit: LIST_LIMIT_MAX, offset };
  return request.server.reads(request.auth?.userId ?? null, (db) => spec.page(request, query, page, db));
}
