import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { inlineScriptHashes } from './security-headers'

const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`

describe('the hashes of the web app page’s own scripts', () => {
  it('allows each script written into the page by its hash, and no script that loads a file or holds data', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'))
    const code = '(()=>{window.x=1})()'
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<head><script>${code}</script><script type="module" src="/assets/start.js"></script></head>` +
        '<body><script type="application/json">{"a":1}</script><script type="application/ld+json">{}</script></body>',
    )
    expect(inlineScriptHashes(dir)).toEqual([sha256(code)])
    fs.rmSync(dir, { recursive: true })
  })

  it('allows none when the web app is not built', () => {
    expect(inlineScriptHashes(path.join(os.tmpdir(), 'no-such-web-app'))).toEqual([])
  })
})
