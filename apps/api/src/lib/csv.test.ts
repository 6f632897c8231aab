import { buffer } from 'node:stream/consumers'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { type CsvCell, csvStream, neutralizeFormula } from './csv'

async function* rowsOf(rows: CsvCell[][]) {
  yield* rows
}

describe('csvStream', () => {
  it('writes RFC 4180 with a byte order mark, CRLF line ends and quoted fields', async () => {
    // Bytes, not a TextDecoder, which would drop the byte order mark.
    const bytes = await buffer(
      csvStream(
        ['name', 'note', 'amount', 'gift'],
        rowsOf([
          ['José "Pepe" Ñúñez', 'line one\nline two', '1234.50', true],
          ['Ἰησοῦς, שָׁלוֹם ✝', null, 7, false],
        ]),
      ),
    )
    const csv = bytes.toString('utf8')
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv).toContain('"José ""Pepe"" Ñúñez","line one\nline two",1234.50,true\r\n')
    expect(parse(csv, { bom: true })).toEqual([
      ['name', 'note', 'amount', 'gift'],
      ['José "Pepe" Ñúñez', 'line one\nline two', '1234.50', 'true'],
      ['Ἰησοῦς, שָׁלוֹם ✝', '', '7', 'false'],
    ])
  })

  it('writes text that a spreadsheet would run as a formula as plain text', () => {
    expect(neutralizeFormula('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`)
    expect(neutralizeFormula('+1 555')).toBe(`'+1 555`)
    expect(neutralizeFormula('@SUM(A1)')).toBe(`'@SUM(A1)`)
    expect(neutralizeFormula('-cmd')).toBe(`'-cmd`)
    expect(neutralizeFormula('-5.00')).toBe('-5.00')
    expect(neutralizeFormula('Mary-Jane')).toBe('Mary-Jane')
  })
})
