import { pipeline, Readable } from 'node:stream'
import { setImmediate } from 'node:timers/promises'
import { stringify } from 'csv-stringify'
import type { FastifyReply } from 'fastify'

/** How many rows a download writes before it lets the event loop serve other requests (a few milliseconds' work). */
const ROWS_PER_TURN = 200

/** A CSV cell: text, a number, yes/no, or empty. Amounts are passed as plain decimal text ("1234.50"). */
export type CsvCell = string | number | boolean | null | undefined

// What a spreadsheet program takes as the start of a formula (some drop a leading tab or carriage return and read
// on), after any apostrophes a person typed first: see neutralizeFormula.
const FORMULA_START = /^'*[-=+@\t\r]/
// A minus followed by nothing but a decimal number ("-5.00", "-.5") is a number to a spreadsheet, never a formula.
const NEGATIVE_NUMBER = /^'*-(?:\d+(?:\.\d+)?|\.\d+)$/

/**
 * A buyer's name, a product's name, any text cell is typed by anyone, and a spreadsheet opening the file runs a
 * cell that starts with `-`, `=`, `+`, `@`, a tab or a carriage return as a formula ("-1+1+cmd|' /C calc'!A0").
 * Such text is written with a leading apostrophe, which spreadsheets show as plain text (OWASP's advice for CSV
 * injection). The one exception is a plain negative decimal such as a refund's "-5.00", which stays a number.
 * Text that already starts with apostrophes before such a character gets one more, so that restoreFormulaText can
 * tell the apostrophe added here from one a person typed, and every cell reads back exactly as it was.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text) ? `'${text}` : text
}

/**
 * The text a cell held before neutralizeFormula, for a file exported here and imported again: the apostrophe it
 * added goes. Decided by neutralizeFormula itself, so the two never disagree: an apostrophe before anything a
 * formula cannot start with was typed by a person and stays.
 */
export function restoreFormulaText(text: string): string {
  const rest = text.slice(1)
  return text.startsWith("'") && neutralizeFormula(rest) !== rest ? rest : text
}

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return ''
  if (typeof cell === 'boolean') return cell ? 'true' : 'false'
  if (typeof cell === 'number') return String(cell)
  return neutralizeFormula(cell)
}

/**
 * An RFC 4180 file (CRLF line ends, quotes doubled, a field quoted when it holds a comma, quote or line break) in
 * UTF-8 with a byte order mark, so spreadsheet programs open it with accents intact. Rows are pulled from the
 * iterable only as fast as the client reads: memory stays constant however many rows there are.
 */
export function csvStream(header: readonly string[], rows: AsyncIterable<readonly CsvCell[]>): Readable {
  async function* lines() {
    yield header
    let count = 0
    for await (const row of rows) {
      yield row.map(cellText)
      // Rows that are ready at once (SQLite answers synchronously) and a client that reads as fast as they come
      // would keep this loop in promise callbacks for the whole download, and no other request would be served.
      count += 1
      if (count % ROWS_PER_TURN === 0) await setImmediate()
    }
  }
  // pipeline, not pipe, passes an end on in both directions: a read that fails ends the answer (a cut download, not
  // one that hangs), and a client that goes away ends the rows' generator, so nothing more is read. Both show on the
  // returned stream, which is what its reader watches, hence the empty callback.
  return pipeline(
    Readable.from(lines()),
    stringify({ bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ }),
    () => {},
  )
}

/** Sends a CSV download: the browser saves it as `filename` and nothing keeps a copy. */
export function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: readonly string[],
  rows: AsyncIterable<readonly CsvCell[]>,
) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(csvStream(header, rows))
}
