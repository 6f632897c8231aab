import { buffer } from 'node:stream/consumers'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { type CsvCell, csvStream, neutralizeFormula, restoreFormulaText } from './csv'

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

  it('writes text that starts with a minus as plain text unless it is a plain number', () => {
    for (const text of [
      "-1+1+cmd|' /C calc'!A0",
      "-.5+cmd|' /C calc'!A0",
      "-2+3+cmd|' /C calc'!A0",
      '-5.00+cmd',
      '-1e3',
      '-5.',
      '-',
      '\t=1+1',
      '\r=1+1',
    ]) {
      expect(neutralizeFormula(text), JSON.stringify(text)).toBe(`'${text}`)
    }
    for (const number of ['-5.00', '-5', '-0.5', '-.5', '-1234.50']) expect(neutralizeFormula(number)).toBe(number)
  })

  it('prefixes text cells in the file, and leaves numbers and plain negative amounts alone', async () => {
    const bytes = await buffer(
      csvStream(
        ['name', 'refund', 'stock', 'note'],
        rowsOf([
          ["-1+1+cmd|' /C calc'!A0", '-5.00', -5, "-.5+cmd|' /C calc'!A0"],
          ['=SUM(A1)', '-0.50', 3, '\tinjected'],
        ]),
      ),
    )
    expect(parse(bytes.toString('utf8'), { bom: true })).toEqual([
      ['name', 'refund', 'stock', 'note'],
      ["'-1+1+cmd|' /C calc'!A0", '-5.00', '-5', "'-.5+cmd|' /C calc'!A0"],
      ["'=SUM(A1)", '-0.50', '3', "'\tinjected"],
    ])
  })

  it('reads back exactly the text it wrote, an apostrophe typed by a person included', () => {
    for (const text of [
      "-2+3+cmd|' /C calc'!A0",
      "-.5+cmd|' /C calc'!A0",
      '-5.00',
      "'-5.00",
      '=HYPERLINK("x")',
      '\'=HYPERLINK("x")',
      "''+1",
      "'-2+3",
      "'quoted'",
      'Mary-Jane',
      '\tTabbed',
      '',
    ]) {
      expect(restoreFormulaText(neutralizeFormula(text)), JSON.stringify(text)).toBe(text)
    }
    // A file typed by hand: the apostrophe before a formula goes, any other stays.
    expect(restoreFormulaText("'-2+3+cmd")).toBe('-2+3+cmd')
    expect(restoreFormulaText("'-5.00")).toBe("'-5.00")
    expect(restoreFormulaText("'Tis")).toBe("'Tis")
  })
})

describe('csvStream, when either end stops', () => {
  it('fails the stream when reading the rows fails, instead of leaving the download hanging', async () => {
    async function* failing() {
      yield ['first']
      throw new Error('the database went away')
    }
    await expect(buffer(csvStream(['name'], failing()))).rejects.toThrow('the database went away')
  })

  it('stops reading the rows when the reader goes away', async () => {
    let pulled = 0
    let isFinished = false
    async function* endless() {
      try {
        for (;;) {
          pulled += 1
          yield [`row ${pulled}`, 'x'.repeat(100)]
        }
      } finally {
        isFinished = true
      }
    }
    const stream = csvStream(['name', 'padding'], endless())
    for await (const _chunk of stream) break
    await new Promise((resolve) => setImmediate(resolve))
    const pulledWhenGone = pulled
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(isFinished).toBe(true)
    expect(pulled).toBe(pulledWhenGone)
    expect(pulled).toBeLessThan(1000)
  })

  it('lets the process serve other requests while rows come as fast as they are read', async () => {
    const ROWS = 5000
    let pulled = 0
    let pulledWhenOtherWorkRan: number | undefined
    async function* ready() {
      for (let i = 0; i < ROWS; i++) {
        pulled += 1
        yield [i]
      }
    }
    const stream = csvStream(['n'], ready())
    setImmediate(() => {
      pulledWhenOtherWorkRan = pulled
    })
    await buffer(stream)
    expect(pulled).toBe(ROWS)
    expect(pulledWhenOtherWorkRan).toBeLessThan(1000)
  })
})
